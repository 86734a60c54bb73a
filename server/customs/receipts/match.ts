/**
 * Finds and locks what the elements of one file belong to, set-based: one statement finds the
 * bills of all the file's business keys (a subquery per bill definition) and locks them.
 *
 * Locks are taken in one order by every ingest — outbox messages (CEB900) by id, then bills by
 * id — so two servers ingesting files that touch the same bills serialize on them and never
 * deadlock, whatever order the returns have in the files. A locking read returns each bill as it
 * is after any wait, and the lifecycle decides on that.
 */
import { sql, type Kysely } from 'kysely';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import type { Database } from '../../db/schema.ts';
import type { LockedBill } from '../bill-events.ts';
import { elementOf } from '../xml/build.ts';

/** A key field of a definition: an indexed column of bill_heads, or a field of its jsonb. */
export interface KeyField {
  element: string;
  column?: string;
  name: string;
}

export function keyFieldsOf(def: BillDefinition, keys: readonly string[]): KeyField[] | undefined {
  const out: KeyField[] = [];
  for (const k of keys) {
    // a CEB key is an element name; a `format` receipt's key is the bill's field name (copNo, seqNo)
    const f = def.head.find((h) => elementOf(h) === k) ?? def.head.find((h) => h.name === k);
    if (!f) return undefined;
    out.push(f.column ? { element: k, column: f.column, name: f.name } : { element: k, name: f.name });
  }
  return out.length > 0 ? out : undefined;
}

const tupleOf = (values: readonly (string | null | undefined)[]) => JSON.stringify(values);

/**
 * For each entry of `values` (an element's fields by element name), the newest bill of the first
 * definition whose head fields equal its keys, among the bills of the entry's company
 * (`companies[i]`, attribution.ts decides it before) — locked; undefined when none, and for an
 * entry of no company: a receipt is never matched across companies. A bill customs was sent is
 * preferred to a draft with the same keys (a copy saved later must not take its receipts).
 * Definitions lacking a key field, and entries lacking a key value, skip that definition.
 *
 * One statement: per definition the newest id of every key tuple, then those bills locked in id
 * order (= any(array(…)) keeps the locking read a primary-key lookup, in id order, whatever the
 * table's size). Each key is narrowed to the file's values separately (the indexed columns find
 * the rows), so a bill pairing one entry's first key with another's second may be locked as well;
 * it is answered for no entry and left as it is.
 */
export async function lockBillsByKeys(
  trx: Kysely<Database>, defs: readonly BillDefinition[], keysOf: (def: BillDefinition) => readonly string[],
  values: readonly Readonly<Record<string, string>>[], companies: readonly (number | undefined)[],
): Promise<(LockedBill | undefined)[]> {
  const plans = defs.flatMap((def) => {
    const fields = keyFieldsOf(def, keysOf(def));
    if (!fields) return [];
    const wanted = values.flatMap((v, i) => companies[i] !== undefined && fields.every((f) => v[f.element]) ? [i] : []);
    return wanted.length > 0 ? [{ def, fields, wanted, exprs: fields.map((f) => (f.column ? sql.ref(f.column) : sql`data->>${f.name}`)) }] : [];
  });
  if (plans.length === 0) return values.map(() => undefined);
  const newest = plans.map(({ def, fields, wanted, exprs }) => {
    const narrowed = exprs.map((e, k) => sql`${e} in (${sql.join([...new Set(wanted.map((i) => values[i]![fields[k]!.element]!))])})`);
    const owners = [...new Set(wanted.map((i) => companies[i]!))];
    return sql`select coalesce(max(id) filter (where state <> 'DRAFT'), max(id)) from bill_heads
      where company_id in (${sql.join(owners)}) and bill_key = ${def.key} and mode = ${def.mode}
      and ${sql.join(narrowed, sql` and `)} group by company_id, ${sql.join(exprs)}`;
  });
  const keyColumns = plans.flatMap(({ exprs }, d) => exprs.map((e, k) => sql`${e} as ${sql.ref(`d${d}k${k}`)}`));
  const { rows } = await sql<LockedBill & Record<string, string | null>>`
    select id, company_id, bill_key, mode, state, return_status, return_time, ${sql.join(keyColumns)}
    from bill_heads where id = any(array(${sql.join(newest, sql` union all `)}))
    order by id for update`.execute(trx);

  const found: (LockedBill | undefined)[] = values.map(() => undefined);
  plans.forEach(({ def, fields, wanted }, d) => {
    const byTuple = new Map<string, LockedBill>();
    for (const r of rows) {
      if (r.bill_key !== def.key || r.mode !== def.mode) continue;
      const { id, company_id, bill_key, mode, state, return_status, return_time } = r;
      byTuple.set(tupleOf([String(company_id), ...fields.map((_, k) => r[`d${d}k${k}`])]), { id, company_id, bill_key, mode, state, return_status, return_time });
    }
    for (const i of wanted) found[i] ??= byTuple.get(tupleOf([String(companies[i]), ...fields.map((f) => values[i]![f.element])]));
  });
  return found;
}

/**
 * For elements that name no company (the 单一窗口's 报关单 answers carry only our own ClientSeqNo or
 * customs' 统一编号): the one company whose bill past 暂存 — declared, so a message of it went to
 * customs — holds these keys. Only one company's declared bill answering to them is that company's
 * own message answered, not a guess; none, or several, give undefined and the element stays unmatched.
 */
export async function companiesOfSentBills(
  trx: Kysely<Database>, defs: readonly BillDefinition[], keysOf: (def: BillDefinition) => readonly string[],
  values: readonly (Readonly<Record<string, string>> | undefined)[],
  /** per element, the companies that may be the one (its codes name several): others' bills are not looked at */
  among?: readonly (readonly number[])[],
): Promise<(number | undefined)[]> {
  const seen = values.map(() => new Set<number>());
  for (const def of defs) {
    const fields = keyFieldsOf(def, keysOf(def));
    if (!fields) continue;
    const wanted = values.flatMap((v, i) => (v && fields.every((f) => v[f.element]) ? [i] : []));
    if (wanted.length === 0) continue;
    const exprs = fields.map((f) => (f.column ? sql.ref(f.column) : sql`data->>${f.name}`));
    const narrowed = exprs.map((e, k) => sql`${e} in (${sql.join([...new Set(wanted.map((i) => values[i]![fields[k]!.element]!))])})`);
    const { rows } = await sql<Record<string, string | number | null>>`
      select distinct company_id, ${sql.join(exprs.map((e, k) => sql`${e}::text as ${sql.ref(`k${k}`)}`))} from bill_heads
      where bill_key = ${def.key} and mode = ${def.mode} and state <> 'DRAFT' and ${sql.join(narrowed, sql` and `)}`.execute(trx);
    for (const i of wanted) {
      for (const r of rows) {
        if (among && !among[i]!.includes(Number(r.company_id))) continue;
        if (fields.every((f, k) => r[`k${k}`] === values[i]![f.element])) seen[i]!.add(Number(r.company_id));
      }
    }
  }
  return seen.map((s) => (s.size === 1 ? [...s][0] : undefined));
}

/**
 * Locks the bills, each named with its company (its outbox message's), company by company and in id
 * order within each; bills deleted meanwhile are missing from the answer.
 */
export async function lockBills(trx: Kysely<Database>, bills: Iterable<{ companyId: number; id: number }>): Promise<Map<number, LockedBill>> {
  const byCompany = new Map<number, Set<number>>();
  for (const b of bills) byCompany.set(b.companyId, (byCompany.get(b.companyId) ?? new Set()).add(b.id));
  const out = new Map<number, LockedBill>();
  for (const [companyId, ids] of [...byCompany].sort((a, b) => a[0] - b[0])) {
    const rows = await trx.selectFrom('bill_heads')
      .select(['id', 'company_id', 'bill_key', 'mode', 'state', 'return_status', 'return_time'])
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids].sort((a, b) => a - b))
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

export interface LockedMessage {
  id: number;
  guid: string;
  company_id: number;
  bill_id: number | null;
}

/** Normalised CopMsgId (upper case), or undefined when it cannot be an outbox guid. */
export function messageGuidOf(oriCopMsgId: string): string | undefined {
  const guid = oriCopMsgId.trim().toUpperCase();
  return guid && guid.length <= 36 ? guid : undefined;
}

/** Locks the outbox messages by guid, in id order (before any bill, as the outbox worker does). */
export async function lockMessages(trx: Kysely<Database>, guids: Iterable<string>): Promise<Map<string, LockedMessage>> {
  const list = [...new Set(guids)];
  if (list.length === 0) return new Map();
  const rows = await trx.selectFrom('customs_messages').select(['id', 'guid', 'company_id', 'bill_id'])
    .where('guid', 'in', list).orderBy('id').forUpdate().execute();
  return new Map(rows.map((r) => [r.guid, r]));
}
