/**
 * The operator's queues of settlements and verification applications (结汇审核, 核销审核; issue 20):
 * every company's records with the filters of the screens (state, company, application time,
 * number), oldest application first, and the detail the decision is taken on — the head with its
 * amounts, its inventories (paged) and its verification applications. Reads only: the decisions
 * are server/settlement/review.ts, decided by the machines.
 */
import { sql } from 'kysely';
import { businessTypeNames, settlementStateNames, stateNameOf, verificationStateNames, type IeType } from '../../domain/settlement/states.ts';
import { reviewSettlementText as t } from '../../domain/texts/review-settlement.ts';
import { settlementAccepts } from '../../machines/settlement.ts';
import { verificationAccepts } from '../../machines/settlement-verification.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery, type ColumnWhitelist, type CompiledListQuery } from '../query/list-query.ts';
import { amount, currencyName, subtract, time } from './format.ts';

/** The legacy shorthand of the review API ({state}) next to the list's terms. */
export interface ReviewListRequest { pageIndex?: number; pageSize?: number; terms?: unknown; sorts?: unknown; state?: string }

const queueOptions = (column: string, tiebreaker: string) => ({ defaultSort: [{ name: column, order: 'asc' as const }], tiebreaker });

/** {state} as a term of the list (the review API's first payload, kept for scripts). */
export function withState(request: ReviewListRequest | undefined): unknown {
  if (!request?.state) return request;
  const terms = Array.isArray(request.terms) ? request.terms : [];
  return { ...request, terms: [...terms, { column: 'state', termType: 'eq', value: request.state }] };
}

const settlementWhitelist: ColumnWhitelist = {
  id: { sql: 's.id', kind: 'number' },
  state: { sql: 's.state', kind: 'text', label: '状态' },
  declare_no: { sql: 's.declare_no', kind: 'text', label: '申报编号' },
  company_name: { sql: 'c.company_name', kind: 'text', label: '企业名称' },
  company_code: { sql: 'c.company_code', kind: 'text', label: '企业代码' },
  ie_type: { sql: 's.ie_type', kind: 'text' },
  bank_code: { sql: 's.bank_code', kind: 'text' },
  app_time: { sql: 's.app_time', kind: 'timestamp', label: '申请时间' },
  state_time: { sql: 's.state_time', kind: 'timestamp' },
};

function settlementHeads(db: Db) {
  return db.selectFrom('settlements as s').innerJoin('companies as c', 'c.id', 's.company_id')
    // a draft is the company's own business; the bank sees a settlement once applied
    .where('s.state', '<>', 'to_declare');
}
const headColumns = [
  's.id', 's.state', 's.ie_type', 's.declare_no', 's.trade_mode', 's.currency', 's.ebc_code', 's.ebc_name', 's.bank_code', 's.bank_name', 's.note',
  's.total_amount', 's.total_count', 's.verified_amount', 's.verifying_amount', 's.audit_opinion', 's.app_time', 's.state_time', 's.update_time',
  'c.company_name', 'c.company_code',
] as const;
type HeadRow = {
  id: number; state: string; ie_type: string; declare_no: string | null; trade_mode: string | null; currency: string | null; ebc_code: string | null;
  ebc_name: string | null; bank_code: string | null; bank_name: string | null; note: string | null; total_amount: string; total_count: number;
  verified_amount: string; verifying_amount: string; audit_opinion: string | null; app_time: Date | null; state_time: Date; update_time: Date;
  company_name: string; company_code: string | null;
};

/** A settlement as the operator reads it, with the decisions its state allows (the machine's word). */
function settlementReviewVo(r: HeadRow) {
  const approved = r.state === 'approved';
  return {
    id: Number(r.id), state: r.state, stateName: stateNameOf(settlementStateNames, r.state), declareNo: r.declare_no,
    ieType: r.ie_type, businessType: businessTypeNames[r.ie_type as IeType] ?? r.ie_type,
    companyName: r.company_name, companyCode: r.company_code, bankCode: r.bank_code, bankName: r.bank_name,
    totalAmount: amount(r.total_amount), totalCount: r.total_count, currency: r.currency, currencyName: currencyName(r.currency),
    tradeType: r.trade_mode, ebcCode: r.ebc_code, ebcName: r.ebc_name, note: r.note,
    verifiedAmount: amount(r.verified_amount), verifyingAmount: amount(r.verifying_amount),
    remainingAmount: approved ? subtract(r.total_amount, r.verified_amount, r.verifying_amount) : amount(0),
    auditOpinion: r.audit_opinion, appTime: time(r.app_time), stateTime: time(r.state_time), updateTime: time(r.update_time),
    canAccept: settlementAccepts(r.state, { type: 'bank.accept' }), canApprove: settlementAccepts(r.state, { type: 'review.approve' }),
  };
}

async function paged<T>(rows: Promise<T[]>, count: Promise<{ n: number }>) {
  const [datas, total] = await Promise.all([rows, count]);
  return { total: Number(total.n), datas };
}

/** Whether a term names the company: the only reason a count joins companies. */
export const namesCompany = (compiled: CompiledListQuery) => compiled.groups.some((g) => g.some((c) => c.column.startsWith('company_')));

/** The page's rows, and the total: a page that is not full tells it, any other is counted. */
export async function pageAndTotal<T>(compiled: CompiledListQuery, rows: Promise<T[]>, count: () => Promise<{ n: number }>) {
  const datas = await rows;
  const total = datas.length < compiled.pageSize && (datas.length > 0 || compiled.pageIndex === 0) ? compiled.offset + datas.length : Number((await count()).n);
  return { total, datas };
}

export async function reviewSettlementList(db: Db, request: ReviewListRequest | undefined) {
  const compiled = compileListQuery(withState(request), settlementWhitelist, queueOptions('app_time', 's.id'));
  const base = applyTerms(settlementHeads(db), compiled);
  const counted = namesCompany(compiled) ? base : applyTerms(db.selectFrom('settlements as s').where('s.state', '<>', 'to_declare'), compiled);
  const result = await pageAndTotal(compiled,
    applyPaging(applySorts(base.select([...headColumns]), compiled), compiled).execute() as Promise<HeadRow[]>,
    () => counted.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow());
  return { total: result.total, datas: result.datas.map(settlementReviewVo) };
}

async function settlementHead(db: Db, id: unknown): Promise<HeadRow> {
  const row = Number.isSafeInteger(Number(id))
    ? await settlementHeads(db).select([...headColumns]).where('s.id', '=', Number(id)).executeTakeFirst() as HeadRow | undefined
    : undefined;
  if (!row) throw new BizError(t.notFound.settlement);
  return row;
}

const verificationVo = (v: { id: number; ver_no: string; amount: string; state: string; reason: string | null; audit_opinion: string | null; app_time: Date; update_time: Date }) => ({
  id: Number(v.id), verNo: v.ver_no, amount: amount(v.amount), state: v.state, stateName: stateNameOf(verificationStateNames, v.state),
  reason: v.reason, auditOpinion: v.audit_opinion, appTime: time(v.app_time), updateTime: time(v.update_time),
});

/** The head with its amounts and every verification application of it, newest first. */
export async function reviewSettlementDetail(db: Db, id: unknown) {
  const head = await settlementHead(db, id);
  const verifications = await db.selectFrom('settlement_verifications').selectAll().where('settlement_id', '=', head.id).orderBy('id', 'desc').execute();
  return { ...settlementReviewVo(head), verifications: verifications.map(verificationVo) };
}

/** The settlement's inventories, in the order they were added (a settlement may hold thousands). */
export async function reviewSettlementInventories(db: Db, request: { id?: unknown; pageIndex?: number; pageSize?: number } | undefined) {
  const head = await settlementHead(db, request?.id);
  const compiled = compileListQuery({ pageIndex: request?.pageIndex, pageSize: request?.pageSize }, { id: { sql: 'id', kind: 'number' } }, { defaultSort: [{ name: 'id', order: 'asc' }] });
  const base = db.selectFrom('settlement_inventories').where('settlement_id', '=', head.id);
  const result = await paged(
    base.selectAll().orderBy('id').limit(compiled.pageSize).offset(compiled.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  );
  return {
    total: result.total,
    datas: result.datas.map((l) => ({
      id: Number(l.id), billId: Number(l.bill_id), invtNo: l.invt_no, copNo: l.cop_no, orderNo: l.order_no, logisticsNo: l.logistics_no, ebcName: l.ebc_name,
      tradeMode: l.trade_mode, currencyName: currencyName(l.currency), amount: amount(l.amount), grossWeight: l.gross_weight === null ? null : amount(l.gross_weight),
      ieDate: l.ie_date, releaseTime: time(l.release_time), active: l.active,
    })),
  };
}

const verificationWhitelist: ColumnWhitelist = {
  id: { sql: 'v.id', kind: 'number' },
  state: { sql: 'v.state', kind: 'text', label: '状态' },
  ver_no: { sql: 'v.ver_no', kind: 'text', label: '核销编号' },
  declare_no: { sql: 's.declare_no', kind: 'text', label: '结汇申报编号' },
  company_name: { sql: 'c.company_name', kind: 'text', label: '企业名称' },
  company_code: { sql: 'c.company_code', kind: 'text', label: '企业代码' },
  app_time: { sql: 'v.app_time', kind: 'timestamp', label: '申请时间' },
};

function verificationRows(db: Db) {
  return db.selectFrom('settlement_verifications as v').innerJoin('settlements as s', 's.id', 'v.settlement_id').innerJoin('companies as c', 'c.id', 'v.company_id');
}
const verificationColumns = [
  'v.id', 'v.ver_no', 'v.amount', 'v.state', 'v.reason', 'v.audit_opinion', 'v.app_time', 'v.update_time', 'v.settlement_id',
  's.declare_no', 's.total_amount', 's.verified_amount', 's.verifying_amount', 's.currency', 'c.company_name', 'c.company_code',
] as const;
type VerificationRow = {
  id: number; ver_no: string; amount: string; state: string; reason: string | null; audit_opinion: string | null; app_time: Date; update_time: Date;
  settlement_id: number; declare_no: string | null; total_amount: string; verified_amount: string; verifying_amount: string; currency: string | null;
  company_name: string; company_code: string | null;
};

function verificationReviewVo(r: VerificationRow) {
  return {
    ...verificationVo(r), settlementId: Number(r.settlement_id), declareNo: r.declare_no, companyName: r.company_name, companyCode: r.company_code,
    totalAmount: amount(r.total_amount), verifiedAmount: amount(r.verified_amount), verifyingAmount: amount(r.verifying_amount),
    currencyName: currencyName(r.currency),
    canApprove: verificationAccepts(r.state, { type: 'review.approve' }),
  };
}

export async function reviewVerificationList(db: Db, request: ReviewListRequest | undefined) {
  const compiled = compileListQuery(withState(request), verificationWhitelist, queueOptions('app_time', 'v.id'));
  const base = applyTerms(verificationRows(db), compiled);
  // a term on the settlement's number needs the settlement, one on the company the company
  const bare = !namesCompany(compiled) && !compiled.groups.some((g) => g.some((c) => c.column === 'declare_no'));
  const counted = bare ? applyTerms(db.selectFrom('settlement_verifications as v'), compiled) : base;
  const result = await pageAndTotal(compiled,
    applyPaging(applySorts(base.select([...verificationColumns]), compiled), compiled).execute() as Promise<VerificationRow[]>,
    () => counted.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow());
  return { total: result.total, datas: result.datas.map(verificationReviewVo) };
}

/** The application, and the settlement it verifies (head, amounts, its other applications). */
export async function reviewVerificationDetail(db: Db, id: unknown) {
  const row = Number.isSafeInteger(Number(id))
    ? await verificationRows(db).select([...verificationColumns]).where('v.id', '=', Number(id)).executeTakeFirst() as VerificationRow | undefined
    : undefined;
  if (!row) throw new BizError(t.notFound.verification);
  return { ...verificationReviewVo(row), settlement: await reviewSettlementDetail(db, row.settlement_id) };
}
