/**
 * A list's summary figure (ListConfig.summary.sum; 税单: 税款总额 … 元 人民币 through
 * /invtTax/queryTotalTax, bills §2, §7): a head field added up over everything the list's terms
 * find, answered as money text with two decimals ('1234.50'), '0.00' when nothing is found.
 */
import { sql } from 'kysely';
import { snake } from '../../domain/bills/columns.ts';
import { moneyText, toUnits } from '../../domain/bills/decimal.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { applyTerms } from '../query/list-query.ts';
import type { BillCall } from './call.ts';
import { compileBillQuery } from './list.ts';
import { selectHeadIds } from './repository.ts';

export async function sumOverList(call: BillCall, request: unknown, field: string | undefined): Promise<string> {
  const spec = field ? call.model.whitelist[snake(field)] : undefined;
  if (!spec || spec.kind !== 'number' || !spec.sql) throw new BizError(billServerText.unknownBill);
  const compiled = compileBillQuery(call, request);
  const expr = typeof spec.sql === 'string' ? sql.ref(spec.sql) : spec.sql;
  const row = await applyTerms(selectHeadIds(call.db, call.scope), compiled)
    .clearSelect()
    .select(sql<string | null>`coalesce(sum(${expr}), 0)::text`.as('total'))
    .executeTakeFirstOrThrow();
  return moneyText(toUnits(row.total ?? '0') ?? 0n);
}
