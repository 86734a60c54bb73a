/**
 * The bill count summary kept by triggers (migration 034, issue 21): how many bills each company
 * holds per bill type, direction, state and China day of creation, so a list's total and its state
 * counts over a window of a year add a few thousand day rows instead of counting ~200,000 bills.
 *
 *   bill_heads ──(statement triggers, one aggregated row per key and statement)──> bill_count_deltas
 *     (append-only: writers never update a shared row, so concurrent declarations of one company
 *     neither wait for each other nor deadlock)
 *   bill_count_deltas ──(compaction: one statement, one compactor at a time)──> bill_counts
 *     (one row per company, bill type, mode, day and state)
 *
 * A count is bill_counts + bill_count_deltas (both read in one statement, one snapshot), so it is
 * exact whether or not the compaction ran; the compaction only keeps the deltas few. The day is
 * the China day (Asia/Shanghai) of create_time, computed by the same SQL expression on both sides.
 */
import { sql, type Kysely } from 'kysely';

/** The zone of the summary's days (customs' clock); the reads compute their day bounds in it too. */
const CHINA_ZONE = 'Asia/Shanghai';
/** The China day of a bill's creation: one expression for the triggers and the backfill. */
const chinaDay = (time: string) => `(${time} at time zone '${CHINA_ZONE}')::date`;

const DELTA_COLUMNS = 'company_id, bill_key, mode, day, state, n';
const KEY = 'company_id, bill_key, mode, day, state';
const keyOf = (t: string) => `${t}.company_id, ${t}.bill_key, ${t}.mode, ${chinaDay(`${t}.create_time`)}, ${t}.state`;

/**
 * The counts of a company's bills of one type and direction created in [from, to] (either bound
 * null: open), per state, of the states `states` (null: all): the whole days strictly inside the
 * window from the summary, the first and the last day's rows from bill_heads (each one range of
 * create_time, the last starting where the first ends, so a window inside one day counts once).
 * A PL/pgSQL function, so each connection plans its statements once and reuses them: planning the
 * union over bill_heads' many indexes cost more than executing it.
 */
const COUNT_FUNCTION = `create or replace function cbec_bill_counts(p_company integer, p_key text, p_mode text, p_from timestamptz, p_to timestamptz, p_states text[])
  returns table (bill_state text, bills bigint) language plpgsql stable as $$
  declare
    from_day date := coalesce(${chinaDay('p_from')}, '-infinity');
    to_day date := coalesce(${chinaDay('p_to')}, 'infinity');
    first_end timestamptz := (from_day + 1)::timestamp at time zone '${CHINA_ZONE}';
    last_start timestamptz := greatest(to_day::timestamp at time zone '${CHINA_ZONE}', first_end);
  begin
    return query
    select s.state::text, sum(s.n)::bigint from (
      select c.state, c.n from bill_counts c
        where c.company_id = p_company and c.bill_key = p_key and c.mode = p_mode and c.day > from_day and c.day < to_day
          and (p_states is null or c.state = any(p_states))
      union all
      select d.state, d.n from bill_count_deltas d
        where d.company_id = p_company and d.bill_key = p_key and d.mode = p_mode and d.day > from_day and d.day < to_day
          and (p_states is null or d.state = any(p_states))
      union all
      select h.state, 1 from bill_heads h
        where p_from is not null and h.company_id = p_company and h.bill_key = p_key and h.mode = p_mode
          and h.create_time >= p_from and h.create_time < first_end and (p_to is null or h.create_time <= p_to)
          and (p_states is null or h.state = any(p_states))
      union all
      select h.state, 1 from bill_heads h
        where p_to is not null and h.company_id = p_company and h.bill_key = p_key and h.mode = p_mode
          and h.create_time >= last_start and h.create_time <= p_to
          and (p_states is null or h.state = any(p_states))
    ) s group by s.state having sum(s.n) <> 0;
  end $$`;

/**
 * The delta a statement on bill_heads appends, one statement of a trigger function reading the
 * statement's transition tables (`added`, `gone`), by operation.
 */
export const COUNT_DELTAS: Readonly<Record<'insert' | 'update' | 'delete', string>> = {
  // rows added: one delta row per key the statement touched
  insert: `insert into bill_count_deltas (${DELTA_COLUMNS})
     select ${keyOf('a')}, count(*) from added a group by 1, 2, 3, 4, 5`,
  // rows changed: the keys the rows left lose one, the keys they went to gain one; a statement that
  // changed no key (a save of the bill's fields) nets to nothing and writes nothing
  update: `insert into bill_count_deltas (${DELTA_COLUMNS})
     select ${KEY}, sum(n) from (
       select ${keyOf('g')}, -1 as n from gone g
       union all
       select ${keyOf('a')}, 1 from added a) c(${KEY}, n)
     group by 1, 2, 3, 4, 5 having sum(n) <> 0`,
  delete: `insert into bill_count_deltas (${DELTA_COLUMNS})
     select ${keyOf('g')}, -count(*) from gone g group by 1, 2, 3, 4, 5`,
};

/** cbec_bill_counts_<op>(): the delta, then `more` (migration 040 adds the live events there). */
export const countFunction = (op: keyof typeof COUNT_DELTAS, more = '') => `create or replace function cbec_bill_counts_${op}() returns trigger language plpgsql as $$
   begin
     ${COUNT_DELTAS[op]};${more}
     return null;
   end $$`;

/** The summary's functions and triggers (idempotent). */
export const BILL_COUNT_FUNCTIONS: readonly string[] = [
  countFunction('insert'),
  countFunction('update'),
  countFunction('delete'),
  `create or replace function cbec_bill_counts_truncate() returns trigger language plpgsql as $$
   begin
     delete from bill_count_deltas;
     delete from bill_counts;
     return null;
   end $$`,
  `drop trigger if exists bill_heads_counts_insert on bill_heads`,
  `create trigger bill_heads_counts_insert after insert on bill_heads referencing new table as added
   for each statement execute function cbec_bill_counts_insert()`,
  // PostgreSQL refuses a column list on a trigger with transition tables: every update fires it
  `drop trigger if exists bill_heads_counts_update on bill_heads`,
  `create trigger bill_heads_counts_update after update on bill_heads referencing old table as gone new table as added
   for each statement execute function cbec_bill_counts_update()`,
  `drop trigger if exists bill_heads_counts_delete on bill_heads`,
  `create trigger bill_heads_counts_delete after delete on bill_heads referencing old table as gone
   for each statement execute function cbec_bill_counts_delete()`,
  `drop trigger if exists bill_heads_counts_truncate on bill_heads`,
  `create trigger bill_heads_counts_truncate after truncate on bill_heads for each statement execute function cbec_bill_counts_truncate()`,
  COUNT_FUNCTION,
];

export const BILL_COUNT_TRIGGERS = ['insert', 'update', 'delete', 'truncate'].map((op) => `bill_heads_counts_${op}`);

/** An id of the compaction's advisory lock ('cbec' 'bc'): one compactor at a time, across servers. */
const COMPACT_LOCK = 0x63626563_6263n;

/**
 * Recounts the summary from the bills in one grouped pass (the migration; a bulk load that ran with
 * triggers off). Bills cannot be written meanwhile (share lock until the transaction ends); reads go on.
 */
export async function rebuildBillCounts(db: Kysely<any>): Promise<void> {
  // the migrator already runs in a transaction
  const run = <T>(work: (trx: Kysely<any>) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await run(async (trx) => {
    await sql`lock table bill_heads in share mode`.execute(trx);
    // no compaction folds deltas while they are replaced (it skips its turn)
    await sql`select pg_advisory_xact_lock(${COMPACT_LOCK}::bigint)`.execute(trx);
    await sql`delete from bill_count_deltas`.execute(trx);
    await sql`delete from bill_counts`.execute(trx);
    await sql.raw(`insert into bill_counts (${DELTA_COLUMNS})
      select ${keyOf('h')}, count(*) from bill_heads h group by 1, 2, 3, 4, 5`).execute(trx);
  });
}


/**
 * Adds the bills with ids in (fromId, toId] to the summary, one batch of a backfill read from a
 * snapshot (server/db/migrate.ts): the bills it sees are exactly those the triggers never counted.
 * Adds rather than inserts, so batches and a compaction folding new deltas meanwhile sum up.
 */
export async function addBillCountsRange(trx: Kysely<any>, fromId: number, toId: number): Promise<void> {
  await sql.raw(`insert into bill_counts (${DELTA_COLUMNS})
    select ${keyOf('h')}, count(*) from bill_heads h where h.id > ${Math.floor(fromId)} and h.id <= ${Math.floor(toId)} group by 1, 2, 3, 4, 5
    on conflict (${KEY}) do update set n = bill_counts.n + excluded.n`).execute(trx);
}

/** Holds the compaction off for the rest of the transaction (it skips its turns meanwhile). */
export async function holdBillCountCompaction(trx: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${COMPACT_LOCK}::bigint)`.execute(trx);
}

/**
 * Folds the deltas into bill_counts: one statement deletes the deltas it sees and adds their sums,
 * so a reader sees the deltas or their sums, never both or neither. Deltas of transactions not yet
 * committed stay for the next turn. Answers how many delta rows it folded (0 when another server's
 * compaction holds the lock).
 */
export async function compactBillCounts(db: Kysely<any>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${COMPACT_LOCK}::bigint) as ok`.execute(trx);
    if (!locked.rows[0]?.ok) return 0;
    const { rows } = await sql<{ n: number }>`with moved as (delete from bill_count_deltas returning ${sql.raw(DELTA_COLUMNS)}),
      folded as (
        insert into bill_counts (${sql.raw(DELTA_COLUMNS)})
        select ${sql.raw(KEY)}, sum(n) from moved group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5
        on conflict (${sql.raw(KEY)}) do update set n = bill_counts.n + excluded.n)
      select count(*)::int as n from moved`.execute(trx);
    return Number(rows[0]?.n ?? 0);
  });
}
