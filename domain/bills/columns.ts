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
