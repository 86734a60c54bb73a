/**
 * Moves a bill through the lifecycle machine on behalf of customs (receipts) and the outbox
 * (transport.sent / transport.failed). Always inside the caller's transaction, on a row locked
 * with SELECT … FOR UPDATE, so two receipts of one bill are applied one after the other and the
 * machine's stale-receipt rule (older returnTime → ignored) sees the latest state.
 */
import { sql, type Kysely } from 'kysely';
import { transition } from 'xstate';
import { billDefinitions, findBill } from '../../domain/bills/index.ts';
import { messageReceiptsOf } from '../../domain/bills/message-receipts.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import { elementOf } from './xml/build.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { LocalBillState, receiptState } from '../../domain/bill-states.ts';
import {
  billLifecycleMachine,
  lifecycleAccepts,
  lifecycleCodeOf,
  lifecycleSnapshot,
  type LifecycleEvent,
} from '../../machines/bill-lifecycle.ts';
import type { Database } from '../db/schema.ts';

export interface LockedBill {
  id: number;
  company_id: number;
  bill_key: string;
  mode: string;
  state: string;
  return_status: string | null;
  return_time: string | null;
}

const localCodes = new Set<string>([LocalBillState.draft, LocalBillState.declaring, LocalBillState.sendFailed]);

/**
 * Locks a bill row for the rest of the transaction. The company comes with the id (the outbox
 * message's, the sign record's, the caller's): every statement on bills names it (docs/scaling.md).
 */
export async function lockBill(trx: Kysely<Database>, companyId: number, billId: number): Promise<LockedBill | undefined> {
  return trx.selectFrom('bill_heads')
    .select(['id', 'company_id', 'bill_key', 'mode', 'state', 'return_status', 'return_time'])
    .where('company_id', '=', companyId)
    .where('id', '=', billId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The state code a bill moves to on the event, or undefined when the bill stays as it is: the
 * state does not accept the event, the receipt is stale, the machine does not know the code, or
 * the bill's state dictionary lacks it (receiptState: store the receipt, keep the state).
 */
export function nextStateOf(bill: LockedBill, event: LifecycleEvent): string | undefined {
  // The answer depends on the receipt's time only through the machine's stale guard (a fresh
  // receipt always records its newer time), so it is memoised without the times: resolving and
  // transitioning the machine costs ~0.1 ms, a third of ingesting a receipt otherwise.
  const stale = event.type === 'customs.receipt' && event.returnTime <= (bill.return_time ?? '');
  const status = event.type === 'customs.receipt' ? String(event.returnStatus) : '';
  const key = `${bill.mode}|${bill.bill_key}|${bill.state}|${bill.return_status ?? ''}|${event.type}|${status}|${stale}`;
  if (nextStates.has(key)) return nextStates.get(key);
  const next = computeNextState(bill, event);
  if (nextStates.size >= MEMO_LIMIT) nextStates.clear();
  nextStates.set(key, next);
  return next;
}

const MEMO_LIMIT = 10_000;
const nextStates = new Map<string, string | undefined>();

function computeNextState(bill: LockedBill, event: LifecycleEvent): string | undefined {
  const snapshot = lifecycleSnapshot(bill.state, { returnStatus: bill.return_status ?? '', returnTime: bill.return_time ?? '' });
  if (!lifecycleAccepts(snapshot, event)) return undefined;
  const [next] = transition(billLifecycleMachine, snapshot, event);
  const moved = JSON.stringify(next.value) !== JSON.stringify(snapshot.value) || next.context.returnTime !== snapshot.context.returnTime;
  if (!moved) return undefined;
  const code = lifecycleCodeOf(next.value, next.context);
  if (event.type !== 'customs.receipt' || localCodes.has(code)) return code;
  const def = findBill(bill.mode, bill.bill_key);
  if (!def) return code;
  return receiptState(def.states.mode, def.states.billType, code === LocalBillState.error ? event.returnStatus : code);
}

/**
 * Applies the event to a locked bill and writes the new state (with the receipt's status, time
 * and text for customs.receipt; `info` as return_info otherwise). Returns whether the bill changed.
 */
export async function applyBillEvent(trx: Kysely<Database>, bill: LockedBill, event: LifecycleEvent, info?: string): Promise<boolean> {
  const state = nextStateOf(bill, event);
  if (state === undefined) return false;
  const receipt = event.type === 'customs.receipt'
    ? { return_status: String(event.returnStatus), return_time: event.returnTime, return_info: info ?? '' }
    : info !== undefined ? { return_info: info } : {};
  await trx.updateTable('bill_heads')
    .set({ state, ...receipt, version: sql<number>`version + 1`, update_time: sql<Date>`now()` })
    .where('company_id', '=', bill.company_id)
    .where('id', '=', bill.id)
    .execute();
  if (event.type === 'customs.receipt') await withdrawSources(trx, bill, state);
  return true;
}

/** A head field as SQL: its indexed column, else its value in data. */
const fieldSql = (def: BillDefinition, name: string) => {
  const column = def.head.find((f) => f.name === name)?.column;
  return column ? sql<string>`bill_heads.${sql.ref(column)}` : sql<string>`bill_heads.data->>${sql.lit(name)}`;
};

/**
 * BillDefinition.withdraws: the bill reached a state that withdraws its source (撤销申请 concluded):
 * each source bill it names (same company and mode) is locked and moves by source.withdrawn, its
 * return_info saying why. A source in a state that does not accept it is left as it is.
 */
export async function withdrawSources(trx: Kysely<Database>, bill: Pick<LockedBill, 'id' | 'company_id' | 'mode' | 'bill_key'>, state: string): Promise<void> {
  const def = findBill(bill.mode, bill.bill_key);
  const word = def?.withdraws;
  if (!def || !word || !word.at.includes(state)) return;
  const source = findBill(bill.mode, word.source);
  if (!source) return;
  const pairs = Object.entries(word.by);
  const own = await trx.selectFrom('bill_heads').select(pairs.map(([, mine], i) => fieldSql(def, mine).as(`v${i}`)) as never)
    .where('company_id', '=', bill.company_id).where('id', '=', bill.id).executeTakeFirst() as Record<string, string | null> | undefined;
  if (!own || pairs.some((_, i) => !own[`v${i}`])) return;
  let q = trx.selectFrom('bill_heads').select(['id', 'company_id', 'bill_key', 'mode', 'state', 'return_status', 'return_time'])
    .where('company_id', '=', bill.company_id).where('mode', '=', bill.mode).where('bill_key', '=', source.key);
  for (const [i, [theirs]] of pairs.entries()) q = q.where(fieldSql(source, theirs), '=', own[`v${i}`]!);
  const title = await trx.selectFrom('bill_heads').select(fieldSql(def, def.titleField).as('t')).where('company_id', '=', bill.company_id).where('id', '=', bill.id).executeTakeFirst();
  for (const target of await q.orderBy('id').forUpdate().execute()) {
    await applyBillEvent(trx, target, { type: 'source.withdrawn' }, billServerText.withdrawnInfo(def.label, String((title as { t?: unknown } | undefined)?.t ?? '')));
  }
}

/** Numbers customs issues on the way (ceb-messages §6) that bills show in read-only fields. */
export const ISSUED_NUMBERS: readonly string[] = ['preNo', 'invtNo', 'sumNo', 'rkdNo'];

const issuedNames = new Map<BillDefinition, ReadonlySet<string>>();
/** The fields the definition's `format` receipts issue (ReceiptFormat.issues), by field name. */
export function issuedByName(def: BillDefinition): ReadonlySet<string> {
  let names = issuedNames.get(def);
  if (!names) {
    names = new Set(messageReceiptsOf(def.message).flatMap((r) => r.format?.issues ?? []));
    issuedNames.set(def, names);
  }
  return names;
}

/** The issued numbers of `values` a bill of this kind records: indexed columns and jsonb fields. */
export interface IssuedNumbers {
  columns: Record<string, string>;
  data: Record<string, string>;
}

/**
 * The numbers a receipt carries (preNo, invtNo …) that go into the bill's read-only head fields of
 * the same element name, pure; empty when the bill kind has none of them (or the receipt is silent).
 */
export function issuedNumbersOf(bill: Pick<LockedBill, 'mode' | 'bill_key'>, values: Readonly<Record<string, string>>): IssuedNumbers {
  const columns: Record<string, string> = {};
  const data: Record<string, string> = {};
  const def = findBill(bill.mode, bill.bill_key);
  if (!def) return { columns, data };
  // receipts a definition describes (报关单) name what they issue, by field name (seqNo, entryId)
  const byName = issuedByName(def);
  for (const field of def.head) {
    const element = elementOf(field);
    const value = byName.has(field.name) ? values[field.name] : ISSUED_NUMBERS.includes(element) ? values[element] : undefined;
    if (!field.readOnly || !value) continue;
    if (field.column) columns[field.column] = value;
    else data[field.name] = value;
  }
  return { columns, data };
}

/**
 * Writes the numbers a receipt carries (preNo, invtNo …) into the bill's read-only head fields of
 * the same element name, so the list and detail show what customs assigned. Idempotent: a late or
 * repeated receipt writes the same values again. Returns whether anything was written.
 */
export async function recordIssuedNumbers(trx: Kysely<Database>, bill: LockedBill, values: Readonly<Record<string, string>>): Promise<boolean> {
  const { columns, data } = issuedNumbersOf(bill, values);
  if (Object.keys(columns).length === 0 && Object.keys(data).length === 0) return false;
  await trx.updateTable('bill_heads')
    .set({ ...columns, ...(Object.keys(data).length > 0 ? { data: sql`data || ${JSON.stringify(data)}::jsonb` } : {}) } as never)
    .where('company_id', '=', bill.company_id)
    .where('id', '=', bill.id)
    .execute();
  return true;
}

/**
 * Once customs holds a bill (any receipt from 2 申报中 on, 退单 included: customs keeps a refused
 * document), declaring it again is a change: its appType becomes 2 变更, so the next message goes
 * out as customs requires (a new declaration of a held key is refused, −301010 …). Drafts (1),
 * negative answers (the e-port did not take it) and a deletion (3) leave it as it is.
 */
export const heldByCustoms = (returnStatus: string): boolean => /^\d+$/.test(returnStatus) && Number(returnStatus) >= 2;

/** heldByCustoms applied to a locked bill: appType 1 → 2. Returns whether it changed. */
export async function markHeldByCustoms(trx: Kysely<Database>, bill: LockedBill, returnStatus: string): Promise<boolean> {
  if (!heldByCustoms(returnStatus)) return false;
  const r = await trx.updateTable('bill_heads').set({ app_type: '2' })
    .where('company_id', '=', bill.company_id).where('id', '=', bill.id).where('app_type', '=', '1')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * 重新发送回执: the bill's latest receipt (customs' time) delivered to it again, on the caller's
 * locked row. The lifecycle decides: a bill behind its receipts moves to it, a current one stays
 * (the receipt is not newer than what it shows). False when the bill has no receipt.
 */
export async function redeliverLatestReceipt(trx: Kysely<Database>, companyId: number, billId: number): Promise<boolean> {
  let latest = trx.selectFrom('customs_receipts').select(['return_status', 'return_time', 'return_info'])
    .where('company_id', '=', companyId).where('bill_id', '=', billId);
  // a success stamped when read (the 报关单 import response) never moved the bill and must not now:
  // its stamp can be later than customs' own times
  if (UNTIMED_TYPES.length > 0) {
    latest = latest.where((eb) => eb.or([eb('message_type', 'not in', UNTIMED_TYPES), eb('return_status', '=', '100'), eb('return_status', 'like', '-%')]));
  }
  return redeliver(trx, companyId, billId, await latest.orderBy('return_time', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst());
}

/** Receipt types without customs' time (ReceiptFormat.time absent): stamped when read. */
const UNTIMED_TYPES = billDefinitions.flatMap((d) => messageReceiptsOf(d.message)).filter((r) => r.format && !r.format.time).map((r) => r.type)
  .filter((t, i, all) => all.indexOf(t) === i);

async function redeliver(trx: Kysely<Database>, companyId: number, billId: number, latest: { return_status: string; return_time: string; return_info: string } | undefined): Promise<boolean> {
  if (!latest) return false;
  const bill = await lockBill(trx, companyId, billId);
  if (!bill) return false;
  // a bill showing an older receipt than the latest one gets it again; equal times are the same receipt
  const behind = (bill.return_time ?? '') < latest.return_time;
  if (behind) await applyBillEvent(trx, bill, { type: 'customs.receipt', returnStatus: latest.return_status, returnTime: latest.return_time }, latest.return_info);
  return true;
}
