/**
 * The set-based writes of one file's ingest, inside its transaction: all elements stored with
 * one multi-row insert, all bill changes with one UPDATE … FROM, all refused outbox messages with
 * another. The rows travel as one array parameter per column (unnest): a hundred rows are ten
 * parameters instead of a thousand, which PostgreSQL parses and plans about a quarter faster.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BillChange } from './decide.ts';

export interface ReceiptInsert {
  guid: string;
  message_type: string;
  business_key: string;
  company_id: number | null;
  bill_id: number | null;
  return_status: string;
  return_time: string;
  return_info: string;
  keys: string;
  xml: string;
}

/** guid, message type and business key: customs_receipts_once */
export const onceKeyOf = (r: Pick<ReceiptInsert, 'guid' | 'message_type' | 'business_key'>) =>
  `${r.guid}\u0000${r.message_type}\u0000${r.business_key}`;

/**
 * Inserts the rows (distinct on their once key), skipping the ones already stored; answers the
 * once keys of the rows this call stored. Ids follow the rows' order (the file's), but the rows
 * are inserted in once-key order: two files inserting the same new receipts (ones without a bill,
 * whose lock would otherwise order them) wait on each other's unique entries in one order, never
 * in a cycle.
 */
export async function insertReceipts(trx: Kysely<Database>, rows: readonly ReceiptInsert[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const rank = new Map([...rows].map(onceKeyOf).sort().map((key, i) => [key, i]));
  const column = <K extends keyof ReceiptInsert>(k: K, type: string) => sql`${rows.map((r) => r[k])}::${sql.raw(type)}[]`;
  const { rows: inserted } = await sql<Pick<ReceiptInsert, 'guid' | 'message_type' | 'business_key'>>`
    insert into customs_receipts (id, guid, message_type, business_key, company_id, bill_id, return_status, return_time, return_info, keys, xml)
    select id, guid, message_type, business_key, company_id, bill_id, return_status, return_time, return_info, keys, xml
    from (
      select nextval('customs_receipts_id_seq') as id, u.*
      from unnest(${column('guid', 'varchar')}, ${column('message_type', 'varchar')}, ${column('business_key', 'varchar')},
        ${column('company_id', 'int4')}, ${column('bill_id', 'int8')}, ${column('return_status', 'varchar')}, ${column('return_time', 'varchar')},
        ${column('return_info', 'text')}, ${column('keys', 'jsonb')}, ${column('xml', 'text')}, ${rows.map((r) => rank.get(onceKeyOf(r))!)}::int4[])
        as u(guid, message_type, business_key, company_id, bill_id, return_status, return_time, return_info, keys, xml, rank)
      offset 0
    ) as numbered
    order by rank
    on conflict on constraint customs_receipts_once do nothing
    returning guid, message_type, business_key`.execute(trx);
  return new Set(inserted.map(onceKeyOf));
}

/**
 * Writes the bills' changes in one statement: state, the newest receipt, version and update time
 * where the lifecycle moved; appType 1 → 2 where customs holds the bill; issued numbers into their
 * columns and the jsonb. Columns not named by a change keep their value.
 */
export async function updateBills(trx: Kysely<Database>, changes: readonly BillChange[]): Promise<void> {
  if (changes.length === 0) return;
  // issued-number columns come from the bill definitions, never from the file
  const columns = [...new Set(changes.flatMap((c) => Object.keys(c.columns)))].sort();
  const array = <T>(pick: (c: BillChange) => T, type: string) => sql`${changes.map(pick)}::${sql.raw(type)}[]`;
  const arrays = [
    array((c) => c.id, 'int8'),
    array((c) => c.moved !== undefined, 'bool'),
    array((c) => c.moved?.state ?? null, 'varchar'),
    array((c) => c.moved?.return_status ?? null, 'varchar'),
    array((c) => c.moved?.return_time ?? null, 'varchar'),
    array((c) => c.moved?.return_info ?? null, 'text'),
    array((c) => c.held, 'bool'),
    array((c) => (Object.keys(c.data).length > 0 ? JSON.stringify(c.data) : null), 'jsonb'),
    ...columns.map((col) => array((c) => c.columns[col] ?? null, 'varchar')),
  ];
  const names = sql.join([
    'id', 'moved', 'state', 'return_status', 'return_time', 'return_info', 'held', 'data', ...columns.map((_, i) => `c${i}`),
  ].map((n) => sql.ref(n)));
  const issued = columns.map((col, i) => sql`, ${sql.ref(col)} = coalesce(${sql.ref(`v.c${i}`)}, b.${sql.ref(col)})`);
  await sql`
    update bill_heads as b set
      state = case when v.moved then v.state else b.state end,
      return_status = case when v.moved then v.return_status else b.return_status end,
      return_time = case when v.moved then v.return_time else b.return_time end,
      return_info = case when v.moved then v.return_info else b.return_info end,
      version = case when v.moved then b.version + 1 else b.version end,
      update_time = case when v.moved then now() else b.update_time end,
      app_type = case when v.held and b.app_type = '1' then '2' else b.app_type end,
      data = case when v.data is null then b.data else b.data || v.data end
      ${sql.join(issued, sql``)}
    from unnest(${sql.join(arrays)}) as v(${names})
    where b.id = v.id`.execute(trx);
}

/** Refused for good (CEB900): the worker must not send them again (it only touches pending/sending rows). */
export async function failMessages(trx: Kysely<Database>, reasons: ReadonlyMap<number, string>): Promise<void> {
  if (reasons.size === 0) return;
  await sql`
    update customs_messages as m set status = 'failed', last_error = v.reason
    from unnest(${[...reasons.keys()]}::int8[], ${[...reasons.values()]}::text[]) as v(id, reason)
    where m.id = v.id and m.status <> 'failed'`.execute(trx);
}
