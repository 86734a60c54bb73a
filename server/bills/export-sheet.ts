/**
 * The sheet of a list export as its worker thread makes it (export-worker.ts): the bill found again
 * by its mode and key, its list columns as the export shows them (export-columns.ts), and each chunk
 * — the rows' JSON arrays as one text, as findHeadFieldsText reads them, and the chunk's ids in the
 * export's order — decoded, read and formatted here.
 *
 * On PostgreSQL the worker reads everything itself, on a connection of its own, in one read-only
 * snapshot: the export's ordered ids through a cursor, a chunk at a time, and each chunk's text with
 * the query the server thread compiled (findHeadFieldsText's, the chunk's ids its parameter). The
 * server thread holds none of it — not even the million ids — and the rows are the ids' rows as of
 * one moment. PGlite lives on the server thread, so there the server thread reads the ids and each
 * chunk's text and sends them along.
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

/** PostgreSQL: the queries the worker runs on its own connection, compiled by the server thread. */
export interface ChunkQuery {
  databaseUrl: string;
  /** the export's ids in its order (the list's filter and sorts, at most its row limit), read through a cursor */
  ids: { sql: string; parameters: unknown[] };
  /** findHeadFieldsText's query; its parameter `idsAt` is the chunk's ids */
  rows: { sql: string; parameters: unknown[]; idsAt: number };
  /** ids fetched from the cursor per chunk */
  chunk: number;
}

/** A chunk: its ids in the export's order, and its rows as findHeadFieldsText's text (any order). */
export interface ExportChunk {
  ids: Float64Array;
  text: string;
}

export async function exportSheet(init: ExportSheetInit): Promise<SheetSource<ExportChunk>> {
  const byState = new Map(init.states.map((s) => [s.state, s.stateName]));
  const states: StateNames = { states: init.states, name: (state) => byState.get(state) ?? state };
  const readValues = fieldsReadOf(init.read.body, states);
  const cols = headFieldColumns(init.read.columns);
  const names = new Map(Object.entries(init.names).map(([table, entries]) => [table, new Map(entries)]));
  const shown = init.columns.map((spec) => ({ source: spec.source, cell: exportCellOf(spec, (table) => names.get(table)) }));
  const cells: SheetCell[] = shown.map(() => ({ value: null }));
  const query = init.query;
  return {
    name: init.name,
    columns: init.columns.map((c) => ({ header: c.header, width: c.width })),
    ...(query ? { ownChunks: () => cursorChunks(query) } : {}),
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

/**
 * The export's chunks as the worker reads them on PostgreSQL: one repeatable-read, read-only
 * transaction on a connection of its own; the ordered ids through a cursor (planned for all its rows,
 * as the list's own query is), each FETCH of `chunk` ids followed by their rows' text. The next chunk
 * is read while the one before is written. The connection ends with the export, however it ends.
 */
/** Chunks read ahead of the one being written (the worker waited on the database ~20 % of its time with one). */
const READ_AHEAD = 2;

export async function* cursorChunks(query: ChunkQuery): AsyncGenerator<ExportChunk> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: query.databaseUrl });
  client.on('error', () => undefined); // a lost connection fails the query being read, which fails the export
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query(`declare export_ids no scroll cursor for ${query.ids.sql}`, query.ids.parameters);
    // one statement at a time on the connection, in the order asked (pg 9 drops its own queue of
    // statements sent to a busy client): a chunk's FETCH and its rows are one turn
    let turn: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
      const mine = turn.then(work);
      turn = mine.catch(() => undefined);
      return mine;
    };
    const read = async (): Promise<ExportChunk | undefined> => {
      const fetched = await client.query<[string]>({ text: `fetch ${Number(query.chunk)} from export_ids`, rowMode: 'array' });
      if (fetched.rows.length === 0) return undefined;
      const ids = Float64Array.from(fetched.rows, (r) => Number(r[0]));
      const values = query.rows.parameters.slice();
      values[query.rows.idsAt] = Array.from(ids);
      const rows = await client.query<{ text: string | null }>(query.rows.sql, values);
      return { ids, text: rows.rows[0]?.text ?? '' };
    };
    // READ_AHEAD chunks asked for beyond the one being written: read in turn (so the ids stay in
    // order) while this thread writes
    const ahead: Promise<ExportChunk | undefined>[] = [];
    const ask = () => {
      const next = inTurn(read);
      next.catch(() => undefined); // awaited in turn; this only keeps a failure meanwhile from going unhandled
      ahead.push(next);
    };
    for (let i = 0; i <= READ_AHEAD; i++) ask();
    for (;;) {
      const ready = await ahead.shift();
      if (!ready) break;
      ask();
      yield ready;
    }
    await inTurn(() => client.query('commit'));
  } finally {
    await client.end().catch(() => undefined);
  }
}
