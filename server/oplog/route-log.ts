/**
 * The operation log at the route layer (server/http/route.ts): which routes are logged and under
 * what name, and the run of one logged call — its row written by the driver inside the change's
 * transaction (dialect.ts), or, for a refused call, in a write of its own.
 */
import { OPERATION_OUTCOMES, operationLogRoutes } from '../../domain/operation-log.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import { runLogged, type LoggedCall } from './context.ts';
import { insertRow, markRefused } from './statements.ts';

/** The bills a bill route touches: its type, and how a bill's number is read. */
export interface BillLogRef {
  /** mode/key, e.g. export/order */
  type: string;
  /** the head field that numbers a bill (definition.titleField): read from a saved bill's data */
  titleField: string;
  /** the numbers of the company's bills with these ids (read before the call: a deleted bill's number too) */
  titlesOf(companyId: number, ids: number[]): Promise<string[]>;
}

/** A route spec's word for the log: its action (and module, when not the route's first tag). */
export interface RouteLog {
  action: string;
  module?: string;
  bill?: BillLogRef;
}

export interface LogPlan {
  module: string;
  action: string;
  bill?: BillLogRef;
}

/** What every registered route is for the log (tests/api/operation-log-routes.test.ts walks it). */
export interface RouteLogInfo {
  path: string;
  method: string;
  access: string;
  /** null = a read; undefined = named nowhere (logged under its summary, and the test fails) */
  plan: LogPlan | null | undefined;
}
export const routeLogRegistry = new Map<string, RouteLogInfo>();

interface SpecLike {
  path: string;
  summary: string;
  tags?: string[];
  method?: string;
  access?: string;
  log?: RouteLog | false;
}

const DEFAULT_MODULE = '系统';

/** A route's log plan: its own word, else the table of domain/operation-log.ts; null for a read. */
export function logPlanOf(spec: SpecLike): LogPlan | null | undefined {
  const module = spec.log ? spec.log.module : undefined;
  const base = module ?? spec.tags?.[0] ?? DEFAULT_MODULE;
  let plan: LogPlan | null | undefined;
  if (spec.log === false) plan = null;
  else if (spec.log) plan = { module: base, action: spec.log.action, ...(spec.log.bill ? { bill: spec.log.bill } : {}) };
  else if (Object.hasOwn(operationLogRoutes, spec.path)) {
    const action = operationLogRoutes[spec.path];
    plan = action ? { module: base, action } : null;
  }
  routeLogRegistry.set(`${spec.method ?? 'POST'} ${spec.path}`, { path: spec.path, method: spec.method ?? 'POST', access: spec.access ?? 'user', plan });
  return plan;
}

/** The plan a route named nowhere is logged with: better a row under its summary than none. */
export const fallbackPlan = (spec: SpecLike): LogPlan => ({ module: spec.tags?.[0] ?? DEFAULT_MODULE, action: spec.summary.split(/[\s(（]/)[0]!.slice(0, 60) });

const isId = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^\d{1,15}$/.test(v));

/** The record ids a request names (id, ids, headId, inventoryIds). */
export function requestIds(data: unknown): number[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  const out: number[] = [];
  for (const key of ['id', 'headId']) if (isId(d[key])) out.push(Number(d[key]));
  for (const key of ['ids', 'inventoryIds']) {
    const list = d[key];
    if (Array.isArray(list)) for (const v of list.slice(0, 2000)) if (isId(v)) out.push(Number(v));
  }
  return [...new Set(out)];
}

/** The bill numbers a request carries itself: a saved bill's, or each bill of a batch. */
export function requestBillNos(data: unknown, titleField: string | undefined): string[] {
  if (!titleField || typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  const own = (b: unknown) => {
    const v = typeof b === 'object' && b !== null ? (b as Record<string, unknown>)[titleField] : undefined;
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
  };
  const bills = Array.isArray(d.bills) ? d.bills.slice(0, 2000) : [d];
  return [...new Set(bills.map(own).filter((n) => n !== ''))];
}

const messageOf = (error: unknown) => (error instanceof BizError ? error.message : serverText.internal);

/**
 * Runs one call of a logged route. A success's row is written by the transaction that changed
 * something; a call that changed nothing still gets its row (its own write). A refusal is written
 * on its own — or, when part of the call was already committed, its row is marked refused.
 */
export async function runWithLog<T>(db: Db, plan: LogPlan, actor: Actor, data: unknown, run: () => Promise<T>, warn: (message: string) => void): Promise<T> {
  const ids = requestIds(data);
  const call: LoggedCall = {
    entry: {
      actor, module: plan.module, action: plan.action, billType: plan.bill?.type ?? null,
      recordIds: new Set(ids), billNos: new Set(requestBillNos(data, plan.bill?.titleField)), detail: '', createdAt: new Date(),
    },
    writing: false, dirty: false, open: true,
  };
  const own = async (outcome: string, message: string) => {
    call.open = false;
    try {
      await db.executeQuery(call.rowId === undefined ? insertRow(call.entry, outcome, message) : markRefused(call.rowId, outcome, message));
    } catch (error) {
      // the log never turns an answer into another one; the fault is reported
      warn(`operation log: row not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let result: T;
  try {
    if (plan.bill && ids.length > 0 && actor.companyId !== null) for (const no of await plan.bill.titlesOf(actor.companyId, ids)) if (no) call.entry.billNos.add(no);
    result = await runLogged(call, run);
  } catch (error) {
    await own(OPERATION_OUTCOMES.refused, messageOf(error));
    throw error;
  }
  if (call.rowId === undefined) await own(OPERATION_OUTCOMES.ok, call.entry.detail);
  else call.open = false;
  return result;
}
