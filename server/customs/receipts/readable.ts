/**
 * Which stored receipts a company may list and read (the 未匹配回执 page, 查看报文): its own
 * (customs_receipts.company_id), and the ones of no company whose codes name it among several
 * (customs_receipt_companies, migration 049; issue 28). Never one none of whose codes names it.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A receipt the company may read: its own, or one whose codes name it among several companies.
 * The second arm is tried on rows without a company only, so both arms find their rows by index.
 */
export const readableBy = (companyId: number) => (eb: ExpressionBuilder<Database, 'customs_receipts'>) => eb.or([
  eb('customs_receipts.company_id', '=', companyId),
  eb.and([
    eb('customs_receipts.company_id', 'is', null),
    eb.exists(eb.selectFrom('customs_receipt_companies as s').select(sql`1`.as('one'))
      .where('s.company_id', '=', companyId).whereRef('s.receipt_id', '=', 'customs_receipts.id')),
  ]),
]);

