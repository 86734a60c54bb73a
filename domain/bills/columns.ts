/**
 * The query columns of a bill: what `terms` and `sorts` may name (bill-engine.md "API contract").
 * Pure data derived from the definition; the server turns it into SQL (server/bills/whitelist.ts)
 * and the web may use it to build terms.
 */
import type { BillDefinition, FieldKind, HeadColumn } from './types.ts';

export type QueryKind = 'text' | 'number' | 'timestamp' | 'date';

export interface QueryColumn {
  /** the field name in rows (orderNo, appTime, state …) */
  field: string;
  kind: QueryKind;
  /** the indexed bill_heads column holding a head field; absent = the jsonb `data` */
  column?: HeadColumn;
}

/** orderNo → order_no, appTime → app_time. */
export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Columns every bill has, kept by the engine itself rather than by a definition. */
export const commonQueryColumns: Readonly<Record<string, QueryColumn>> = {
  id: { field: 'id', kind: 'number' },
  state: { field: 'state', kind: 'text' },
  app_time: { field: 'appTime', kind: 'timestamp' },
  create_time: { field: 'createTime', kind: 'timestamp' },
  update_time: { field: 'updateTime', kind: 'timestamp' },
  return_info: { field: 'returnInfo', kind: 'text' },
};

const kindOf: Record<FieldKind, QueryKind> = {
  text: 'text', textarea: 'text', select: 'text', flags: 'text',
  number: 'number', integer: 'number',
  date: 'date', datetime: 'timestamp',
};

/**
 * The whitelist of a bill's list queries: the common columns, then each head field by the snake
 * case of its name. A head field whose name is a common one (appTime) is the common column.
 */
export function listWhitelistSpec(def: BillDefinition): Record<string, QueryColumn> {
  const out: Record<string, QueryColumn> = { ...commonQueryColumns };
  for (const f of def.head) {
    const key = snake(f.name);
    if (Object.hasOwn(out, key)) continue;
    out[key] = f.column ? { field: f.name, kind: kindOf[f.kind], column: f.column } : { field: f.name, kind: kindOf[f.kind] };
  }
  return out;
}

/**
 * Head columns naming an enterprise (its code or its name). A company's bills carry few distinct
 * ones, and a search is often two Chinese characters, which have no trigram: a `like` search on one
 * is answered through the company's distinct values (server/bills/pick-names.ts, on the list's
 * names index); every other `like`-searched text column is served by its list's trigram index
 * (migration 035).
 */
export const PARTY_COLUMNS: ReadonlySet<HeadColumn> = new Set<HeadColumn>([
  'ebc_code', 'ebc_name', 'ebp_code', 'ebp_name', 'agent_code', 'agent_name', 'logistics_code', 'logistics_name', 'pay_code', 'customs_code',
]);

/** How a list's `like` searches are served: the whitelist keys, by trigram index and by names. */
export interface LikeSearches {
  /** a bill_heads column, or `data:<field>` for a value kept in the jsonb `data` */
  trigram: string[];
  /** the whitelist keys (the terms' columns) of `trigram`, in the same order */
  trigramKeys: string[];
  names: HeadColumn[];
}

/** The `like` fields of a bill's search bar (text columns only: list-query refuses `like` on others), split by how they are served. */
export function likeSearches(def: BillDefinition): LikeSearches {
  const spec = listWhitelistSpec(def);
  const out: LikeSearches = { trigram: [], trigramKeys: [], names: [] };
  for (const f of def.list.search) {
    const col = spec[snake(f.field)];
    if (f.termType !== 'like' || !col || col.kind !== 'text') continue;
    if (col.column && PARTY_COLUMNS.has(col.column)) out.names.push(col.column);
    else {
      out.trigram.push(col.column ?? (Object.hasOwn(commonQueryColumns, snake(f.field)) ? snake(f.field) : `data:${col.field}`));
      out.trigramKeys.push(snake(f.field));
    }
  }
  return out;
}
