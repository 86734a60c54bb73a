/**
 * A bill's list whitelist in SQL: domain/bills/columns.ts says which columns exist, this says
 * where each lives: an indexed bill_heads column, or a cast of the jsonb `data` value.
 */
import { sql, type Expression } from 'kysely';
import { commonQueryColumns, listWhitelistSpec, type QueryColumn } from '../../domain/bills/columns.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import type { ColumnWhitelist } from '../query/list-query.ts';

function jsonbExpr(col: QueryColumn): Expression<unknown> {
  const value = sql`bill_heads.data->>${sql.lit(col.field)}`;
  switch (col.kind) {
    case 'number': return sql`(${value})::numeric`;
    case 'date': return sql`(${value})::date`;
    // Stored as China wall time ('YYYY-MM-DD HH:mm:ss'), compared as an instant.
    case 'timestamp': return sql`((${value}) || '+08')::timestamptz`;
    case 'text': return sql`(${value})`;
  }
}

export function billWhitelist(def: BillDefinition, labelOf: (field: string) => string): ColumnWhitelist {
  const out: Record<string, ColumnWhitelist[string]> = {};
  for (const [key, col] of Object.entries(listWhitelistSpec(def))) {
    const where = Object.hasOwn(commonQueryColumns, key) ? `bill_heads.${key}` : col.column ? `bill_heads.${col.column}` : jsonbExpr(col);
    out[key] = { sql: where, kind: col.kind, label: labelOf(col.field) };
  }
  return out;
}
