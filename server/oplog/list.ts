/**
 * The operation log's list and export (POST /api/enterprise/operationLog/pageList, /export): the
 * same paging, terms and sorts as every list (server/query/list-query.ts). The main account sees
 * its company's rows, a sub-account only its own. With no time term the last 7 days are listed,
 * so no call reads the whole table by default (the index serves company + window, newest first).
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { lastDaysWindow, queryText, type TermType } from '../../domain/query.ts';
import { OPERATION_LOG_EXPORT_MAX, OPERATION_LOG_WINDOW_DAYS } from '../../domain/operation-log.ts';
import { operationLogText as t } from '../../domain/texts/operation-log.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { chinaTime } from '../company/detail.ts';
import { newExportFile } from '../files/store.ts';
import { BizError } from '../http/errors.ts';
import { writeSheet } from '../rewards/excel.ts';
import { chinaCompactDay } from '../bills/time.ts';
import {
  boundBase, compileListQuery, conditionOf, runPagedList,
  type ColumnWhitelist, type CompiledCondition, type CompiledListQuery, type TermPlan,
} from '../query/list-query.ts';

const c = t.columns;
const whitelist: ColumnWhitelist = {
  id: { sql: 'operation_logs.id', kind: 'number', label: 'ID' },
  create_time: { sql: 'operation_logs.created_at', kind: 'timestamp', label: c.createTime },
  account: { sql: 'operation_logs.account', kind: 'text', label: c.account },
  actor_name: { sql: 'operation_logs.actor_name', kind: 'text', label: c.actorName },
  ip: { sql: 'operation_logs.ip', kind: 'text', label: c.ip },
  module: { sql: 'operation_logs.module', kind: 'text', label: c.module },
  action: { sql: 'operation_logs.action', kind: 'text', label: c.action },
  bill_type: { sql: 'operation_logs.bill_type', kind: 'text', label: c.billType },
  outcome: { sql: 'operation_logs.outcome', kind: 'text', label: c.outcome },
  // a row names several bills: its terms are rewritten to array tests below (GIN index)
  bill_no: { sql: sql`''` as Expression<unknown>, kind: 'text', label: c.billNos, sortable: false },
};

/**
 * The rows naming a bill number, found through the GIN index first: the planner cannot estimate an
 * array test (it guesses 0.5% of the table) and would walk the time index newest first, filtering
 * a million rows to find one (1.7 s on PostgreSQL, docs/perf.md); as an id list it is ~1 ms of index.
 */
const byBillNos = (test: RawBuilder<SqlBool>) =>
  sql<SqlBool>`operation_logs.id = any(array(select n.id from operation_logs as n where ${test}))`;

/** A bill-number term as a test of the row's bill_nos array. */
function billNoCondition(cond: CompiledCondition): CompiledCondition {
  const plans: Partial<Record<TermType, TermPlan>> = {
    eq: { shape: 'has', values: [String(cond.values[0])], build: (b) => byBillNos(sql`n.bill_nos @> array[${b(0)}]::text[]`) },
    in: { shape: 'any', values: [cond.values[0]], build: (b) => byBillNos(sql`n.bill_nos && ${b(0)}::text[]`) },
    like: { shape: 'like', values: [cond.values[0]], build: (b) => sql`exists (select 1 from unnest(operation_logs.bill_nos) as n(no) where n.no ilike ${b(0)})` },
  };
  const plan = plans[cond.termType];
  if (!plan) throw new BizError(queryText.termTypeNotForColumn(c.billNos, cond.termType));
  return conditionOf(cond.column, cond.termType, plan);
}

function compile(request: unknown, now: Date): CompiledListQuery {
  const req = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  const terms = Array.isArray(req.terms) ? req.terms : [];
  const hasWindow = terms.some((x) => typeof x === 'object' && x !== null && (x as { column?: unknown }).column === 'create_time');
  const withWindow = hasWindow ? req : { ...req, terms: [...terms, { column: 'create_time', termType: 'btw', value: lastDaysWindow(now, OPERATION_LOG_WINDOW_DAYS) }] };
  const compiled = compileListQuery(withWindow, whitelist, {
    defaultSort: [{ name: 'create_time', order: 'desc' }], defaultPageSize: 50, tiebreaker: 'operation_logs.id',
  });
  return { ...compiled, groups: compiled.groups.map((g) => g.map((cond) => (cond.column === 'bill_no' ? billNoCondition(cond) : cond))) };
}

// one owner per visibility: the statements differ by the user condition
const companyOwner = {};
const ownOwner = {};

function base(db: Db, user: AuthUser) {
  const columns = [
    'operation_logs.id', 'operation_logs.created_at', 'operation_logs.account', 'operation_logs.actor_name', 'operation_logs.ip',
    'operation_logs.module', 'operation_logs.action', 'operation_logs.bill_type', 'operation_logs.record_ids', 'operation_logs.bill_nos',
    'operation_logs.outcome', 'operation_logs.message',
  ] as const;
  // a USER sees its own rows only, whatever it asks for
  if (user.userType === 'ADMIN') {
    return boundBase(companyOwner, [user.companyId], (company) =>
      db.selectFrom('operation_logs').select(columns).where('operation_logs.company_id', '=', company as number));
  }
  return boundBase(ownOwner, [user.companyId, user.userId], (company, userId) =>
    db.selectFrom('operation_logs').select(columns)
      .where('operation_logs.company_id', '=', company as number).where('operation_logs.user_id', '=', userId as number));
}

type Row = {
  id: number; created_at: Date; account: string; actor_name: string; ip: string; module: string; action: string;
  bill_type: string | null; record_ids: unknown; bill_nos: unknown; outcome: string; message: string;
};

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function rowOut(r: Row) {
  return {
    id: Number(r.id), createTime: chinaTime(r.created_at), account: r.account, actorName: r.actor_name, ip: r.ip,
    module: r.module, action: r.action, billType: r.bill_type, recordIds: list(r.record_ids).map(Number),
    billNos: list(r.bill_nos).map(String), outcome: r.outcome, message: r.message,
  };
}

export async function listOperationLogs(db: Db, user: AuthUser, request: unknown, now = new Date()) {
  const compiled = compile(request, now);
  const { base: query, cache } = base(db, user);
  const answer = await runPagedList(db, query, compiled, { simple: false, cache });
  const rows = Array.isArray(answer) ? answer : answer.datas;
  const datas = (rows as Row[]).map(rowOut);
  return { total: Array.isArray(answer) ? datas.length : answer.total, datas };
}

export async function exportOperationLogs(db: Db, dataDir: string, user: AuthUser, request: unknown, now = new Date()): Promise<{ downloadUri: string }> {
  const req = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  const first = await listOperationLogs(db, user, { ...req, pageIndex: 0, pageSize: 1 }, now);
  if (first.total > OPERATION_LOG_EXPORT_MAX) throw new BizError(t.tooManyToExport(OPERATION_LOG_EXPORT_MAX));
  const rows: ReturnType<typeof rowOut>[] = [];
  for (let page = 0; rows.length < first.total; page += 1) {
    const part = await listOperationLogs(db, user, { ...req, pageIndex: page, pageSize: 1000 }, now);
    if (part.datas.length === 0) break;
    rows.push(...part.datas);
  }
  const file = await newExportFile(dataDir, t.fileName(chinaCompactDay(now)));
  const keys = ['createTime', 'account', 'actorName', 'ip', 'module', 'action', 'billType', 'billNos', 'outcome', 'message'] as const;
  const columns = keys.map((key) => ({ header: c[key], key, width: key === 'billNos' || key === 'message' ? 40 : 18 }));
  await writeSheet(file.path, t.sheet, columns, rows.map((r) => ({ ...r, billNos: r.billNos.join('、') })));
  return { downloadUri: file.downloadUri };
}
