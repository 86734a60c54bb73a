/**
 * The sheet of a list export as its worker thread makes it (export-worker.ts): the bill found again
 * by its mode and key, its list columns as the export shows them (export-columns.ts), and each chunk
 * — the rows' JSON arrays as one text, as findHeadFieldsText reads them, and the chunk's ids in the
 * export's order — decoded, read and formatted here. On PostgreSQL the worker reads that text
 * itself, on a connection of its own, with the query the server thread compiled (findHeadFieldsText's,
 * the chunk's ids its parameter): the server thread only sends ids. PGlite lives on the server
 * thread, so there the server thread reads the text and passes it along unread.
 */
import type { SheetCell, SheetSource } from '../files/sheet-writer.ts';
import { exportCellOf, type ExportColumnSpec } from './export-cells.ts';
import { headFieldColumns, headRowOf } from './head-fields.ts';
import type { StateNames } from './states.ts';
import { fieldsReadOf } from './values.ts';

/**
 * What the worker is told once, as data: the sheet's name and columns (export-columns.ts
 * exportColumnSpecs), the names of the code tables they use, the reader of the list columns' values
 * (values.ts fieldsReader: its body and what it selects), and the state names.
 */
export interface ExportSheetInit {
  name: string;
  columns: ExportColumnSpec[];
  names: Record<string, [string, string][]>;
  read: { body: string; columns: readonly string[]; dataKeys: readonly string[] };
  states: StateNames['states'];
  /** PostgreSQL: where and how the worker reads a chunk's text itself */
  query?: ChunkQuery;
}

/** findHeadFieldsText's query compiled, and which of its parameters is the ids array. */
export interface ChunkQuery {
  databaseUrl: string;
  sql: string;
  parameters: unknown[];
  idsAt: number;
}

/** A chunk: its ids in the export's order, and its rows as findHeadFieldsText's text (any order; read by the worker when absent). */
export interface ExportChunk {
  ids: Float64Array;
  text?: string;
}

type ReadyChunk = Required<ExportChunk>;

export async function exportSheet(init: ExportSheetInit): Promise<SheetSource<ExportChunk, ReadyChunk>> {
  const byState = new Map(init.states.map((s) => [s.state, s.stateName]));
  const states: StateNames = { states: init.states, name: (state) => byState.get(state) ?? state };
  const readValues = fieldsReadOf(init.read.body, states);
  const cols = headFieldColumns(init.read.columns);
  const names = new Map(Object.entries(init.names).map(([table, entries]) => [table, new Map(entries)]));
  const shown = init.columns.map((spec) => ({ source: spec.source, cell: exportCellOf(spec, (table) => names.get(table)) }));
  const cells: SheetCell[] = shown.map(() => ({ value: null }));
  const read = init.query ? await chunkReader(init.query) : undefined;
  return {
    name: init.name,
    columns: init.columns.map((c) => ({ header: c.header, width: c.width })),
    async prepare(chunk) {
      return { ids: chunk.ids, text: chunk.text ?? (read ? await read.text(chunk.ids) : '') };
    },
    close: async () => { await read?.close(); },
    rows({ ids, text }, row) {
      if (!text) return;
      const byId = new Map<number, unknown[]>();
      for (const r of JSON.parse(`[${text}]`) as unknown[][]) byId.set(Number(r[0]), r);
      for (const id of ids) {
        const found = byId.get(id);
        if (!found) continue; // deleted since the ids were read
        const values = readValues(headRowOf(found, cols, init.read.dataKeys));
        shown.forEach((column, i) => { cells[i] = column.cell(values[column.source]); });
        row(cells);
      }
    },
  };
}

/** The worker's own PostgreSQL connection, reading one chunk's text at a time. */
async function chunkReader(query: ChunkQuery): Promise<{ text: (ids: Float64Array) => Promise<string>; close: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: query.databaseUrl });
  client.on('error', () => undefined); // a lost connection fails the query being read, which fails the export
  await client.connect();
  let closed = false;
  return {
    async text(ids) {
      const values = query.parameters.slice();
      values[query.idsAt] = Array.from(ids);
      const result = await client.query<{ text: string | null }>(query.sql, values);
      return result.rows[0]?.text ?? '';
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.end();
    },
  };
}
