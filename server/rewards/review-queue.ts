/**
 * The operator's queue of reward applications (补贴审核; issue 20): every company's applications
 * with the screen's filters (state, company, application time, number = the application's id),
 * oldest first, and the detail customs verifies — the application, its bound companies, the
 * waybills it imported (paged) and, once verified, the result rows (paged). Reads only: the
 * decisions are server/rewards/review.ts, decided by machines/reward.ts.
 */
import { sql } from 'kysely';
import { columnsOf } from '../../domain/rewards/apply-types.ts';
import { reviewSettlementText as t } from '../../domain/texts/review-settlement.ts';
import { rewardAccepts } from '../../machines/reward.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery, type ColumnWhitelist } from '../query/list-query.ts';
import { namesCompany, pageAndTotal, withState, type ReviewListRequest } from '../settlement/review-queue.ts';
import { billVo, subsidyVo, type SubsidyRow } from './records.ts';

const whitelist: ColumnWhitelist = {
  id: { sql: 's.id', kind: 'number', label: '申请编号' },
  state: { sql: 's.state', kind: 'text', label: '状态' },
  apply_type: { sql: 's.apply_type', kind: 'text', label: '申请类型' },
  company_name: { sql: 'c.company_name', kind: 'text', label: '企业名称' },
  company_code: { sql: 'c.company_code', kind: 'text', label: '企业代码' },
  apply_time: { sql: 's.apply_time', kind: 'timestamp', label: '申请时间' },
};

const subsidies = (db: Db) => db.selectFrom('subsidies as s').innerJoin('companies as c', 'c.id', 's.company_id');
const billCount = sql<number>`(select count(*)::int from subsidy_bills b where b.subsidy_id = s.id)`;

type Row = SubsidyRow & { company_code: string | null; bill_count: number };
const reviewVo = (r: Row) => ({
  ...subsidyVo(r), companyCode: r.company_code, billCount: Number(r.bill_count),
  canStart: rewardAccepts(r.state, { type: 'review.start' }), canFinish: rewardAccepts(r.state, { type: 'review.finish' }),
});

export async function reviewSubsidyList(db: Db, request: ReviewListRequest | undefined) {
  const compiled = compileListQuery(withState(request), whitelist, { defaultSort: [{ name: 'apply_time', order: 'asc' }], tiebreaker: 's.id' });
  const base = applyTerms(subsidies(db), compiled);
  const counted = namesCompany(compiled) ? base : applyTerms(db.selectFrom('subsidies as s'), compiled);
  const { total, datas } = await pageAndTotal(compiled,
    applyPaging(applySorts(base.selectAll('s').select(['c.company_code', billCount.as('bill_count')]), compiled), compiled).execute(),
    () => counted.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow());
  return { total, datas: datas.map((r) => reviewVo(r as unknown as Row)) };
}

async function subsidyRow(db: Db, id: unknown): Promise<Row> {
  const row = Number.isSafeInteger(Number(id))
    ? await subsidies(db).selectAll('s').select(['c.company_code', billCount.as('bill_count')]).where('s.id', '=', Number(id)).executeTakeFirst()
    : undefined;
  if (!row) throw new BizError(t.notFound.subsidy);
  return row as unknown as Row;
}

/** The application, its bound companies, how many result rows it has and the columns they read in. */
export async function reviewSubsidyDetail(db: Db, id: unknown) {
  const row = await subsidyRow(db, id);
  const [companies, results] = await Promise.all([
    db.selectFrom('subsidy_companies').select(['rec_company_code', 'rec_company_name']).where('subsidy_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('subsidy_results').select(sql<number>`count(*)::int`.as('n')).where('subsidy_id', '=', row.id).executeTakeFirstOrThrow(),
  ]);
  return {
    ...reviewVo(row),
    recCompanyList: companies.map((c) => ({ recCompanyCode: c.rec_company_code, recCompanyName: c.rec_company_name })),
    resultCount: Number(results.n),
    resultColumns: columnsOf(row.apply_type),
  };
}

type PageRequest = { id?: unknown; pageIndex?: number; pageSize?: number } | undefined;
const pageOf = (request: PageRequest) =>
  compileListQuery({ pageIndex: request?.pageIndex, pageSize: request?.pageSize }, { row_no: { sql: 'row_no', kind: 'number' } }, { defaultSort: [{ name: 'row_no', order: 'asc' }], defaultPageSize: 10 });

/** The waybills the application imported, in file order. */
export async function reviewSubsidyBills(db: Db, request: PageRequest) {
  const row = await subsidyRow(db, request?.id);
  const page = pageOf(request);
  const base = db.selectFrom('subsidy_bills').where('subsidy_id', '=', row.id);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('row_no').limit(page.pageSize).offset(page.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), datas: rows.map((b) => billVo(b as never)) };
}

/** The result rows written when the verification finished (none before). */
export async function reviewSubsidyResults(db: Db, request: PageRequest) {
  const row = await subsidyRow(db, request?.id);
  const page = pageOf(request);
  const base = db.selectFrom('subsidy_results').where('subsidy_id', '=', row.id);
  const [rows, count] = await Promise.all([
    base.select('data').orderBy('row_no').limit(page.pageSize).offset(page.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), columns: columnsOf(row.apply_type), datas: rows.map((r) => r.data) };
}
