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
 * bill_heads columns with a btree of a company's bills of one type by that number (migration 002:
 * company_id, bill_key, column): a key tuple holding one of them is one descent of that index.
 */
const NUMBER_INDEXED = new Set(['cop_no', 'order_no', 'logistics_no', 'invt_no']);

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
 * table's size). The file's distinct tuples (company, bill type, key values) travel as one array
 * per column and are joined to bill_heads tuple by tuple: only bills equal to a whole tuple are
 * locked, and where a key is an indexed number each tuple is one descent of that btree.
 *
 * Never a list's trigram index (migration 035, partial to its bill type and direction): pg_trgm's
 * GIN serves `=` as well, and the planner, which prices a trigram lookup as one rare entry, took
 * it for `order_no in (…the file's 100 numbers…)` and even per tuple. For a number that reads the
 * posting lists of the trigrams every number shares (`RI0`, `000`) and the index's whole pending
 * list, which the ingest's own bill updates keep growing: 100–780 ms a file of 100 on a fresh
 * bench database (receipt ingest 515/s), against ~0.5 ms through the btree. So where the btree
 * exists, the bill type is compared with the tuple's column instead of a constant: the same rows,
 * but no partial index on `bill_key = 'order'` can be proven to hold them, and the btree still
 * takes the bill type as a key. Keys with no btree (a jsonb value, pre_no) keep the constant and
 * whatever index the planner finds.
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
  const newest = plans.map(({ def, fields, wanted }) => {
    // the file's distinct key tuples, one array per column
    const tuples = new Map<string, { company: number; keys: string[] }>();
    for (const i of wanted) {
      const keys = fields.map((f) => values[i]![f.element]!);
      tuples.set(tupleOf([String(companies[i]), ...keys]), { company: companies[i]!, keys });
    }
    const list = [...tuples.values()];
    const names = fields.map((_, k) => sql.ref(`k${k}`));
    const arrays = fields.map((_, k) => sql`${list.map((t) => t.keys[k]!)}::text[]`);
    const equal = fields.map((f, k) => sql`${f.column ? sql.ref(`b.${f.column}`) : sql`b.data->>${f.name}`} = ${sql.ref(`k.k${k}`)}`);
    const billKey = fields.some((f) => f.column && NUMBER_INDEXED.has(f.column)) ? sql.ref('k.bill_key') : sql`${def.key}`;
    return sql`select coalesce(max(b.id) filter (where b.state <> 'DRAFT'), max(b.id))
      from unnest(${list.map((t) => t.company)}::int4[], ${list.map(() => def.key)}::text[], ${sql.join(arrays)}) as k(company_id, bill_key, ${sql.join(names)})
      join bill_heads b on b.company_id = k.company_id and b.bill_key = ${billKey} and b.mode = ${def.mode} and ${sql.join(equal, sql` and `)}
      group by ${sql.join([sql.ref('k.company_id'), ...fields.map((_, k) => sql.ref(`k.k${k}`))])}`;
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
