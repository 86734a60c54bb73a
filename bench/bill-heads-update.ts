/**
 * What the triggers on bill_heads cost a writer (issue 28 item 7: "a bare one-row UPDATE of
 * bill_heads now costs ~1.7 ms; was 0.42 ms"): the same statements with the triggers and without
 * them (session_replication_role = replica on the same connection, so nothing else differs),
 * interleaved round by round:
 *
 * - a one-row UPDATE of the receipt columns (receipt-ingest's bare baseline: no count key moves);
 * - a one-row state change (the count summary's key moves, a live event says so);
 * - 100 bills' state in one UPDATE … FROM unnest (a receipt file's write).
 *
 * Statements go through Kysely and node-postgres as the server sends them (parsed and planned per
 * call). Needs a superuser for session_replication_role (the throwaway cluster's postgres; PGlite).
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/bill-heads-update.ts   # BENCH_ROUNDS=4 BENCH_N=1000
 */
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema.ts';
import { openBenchDatabase } from './api-session.ts';
import { median } from './lib.ts';

const N = Number(process.env.BENCH_N ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const { handle } = await openBenchDatabase();
const company = await handle.db.selectFrom('companies').select(['id', 'company_code']).where('company_code', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
await sql`delete from bill_heads where bill_key = 'order' and order_no like 'BU%'`.execute(handle.db);
const ids = (await sql<{ id: number }>`
  insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebc_code, app_type, app_time, data)
  select ${company.id}, 'order', 'export', 'DECLARING', 'BU' || lpad(g::text, 8, '0'), '3302960E8F', ${company.company_code}, '1', now(), '{}'::jsonb
  from generate_series(1, ${N}) g returning id`.execute(handle.db)).rows.map((r) => Number(r.id));
await sql`vacuum analyze bill_heads`.execute(handle.db).catch(() => undefined);

type Case = { name: string; statements: number; run: (db: Kysely<Database>, round: number) => Promise<void> };
const cases: Case[] = [
  {
    name: 'one-row UPDATE of the receipt columns', statements: N,
    async run(db, round) {
      for (const id of ids) {
        await db.updateTable('bill_heads').set({ return_status: String(round % 2 ? 2 : 120), return_time: `2026120712${String(round).padStart(5, '0')}`, return_info: '海关入库成功' }).where('id', '=', id).execute();
      }
    },
  },
  {
    name: 'one-row state change', statements: N,
    async run(db, round) {
      for (const id of ids) await db.updateTable('bill_heads').set({ state: round % 2 ? '2' : '120' }).where('id', '=', id).execute();
    },
  },
  {
    name: '100 bills\' state in one UPDATE … FROM unnest', statements: Math.ceil(N / 100),
    async run(db, round) {
      for (let i = 0; i < ids.length; i += 100) {
        const chunk = ids.slice(i, i + 100);
        await sql`update bill_heads h set state = v.state, return_status = v.state from unnest(${chunk}::int[], ${chunk.map(() => (round % 2 ? '2' : '120'))}::text[]) v(id, state) where h.id = v.id`.execute(db);
      }
    },
  },
];

const results = new Map<string, number[]>();
await handle.db.connection().execute(async (db) => {
  for (let round = 0; round < ROUNDS; round++) {
    // alternate which goes first, so neither always meets the same minute of the machine
    const order = round % 2 ? ['without', 'with'] : ['with', 'without'];
    for (const c of cases) {
      for (const variant of order) {
        await sql.raw(`set session_replication_role = ${variant === 'with' ? 'origin' : 'replica'}`).execute(db);
        const t0 = performance.now();
        await c.run(db, round * 2 + (variant === 'with' ? 0 : 1));
        const ms = (performance.now() - t0) / c.statements;
        const key = `${c.name}|${variant}`;
        results.set(key, [...(results.get(key) ?? []), ms]);
      }
    }
    console.log(`bill-heads-update round ${round + 1}/${ROUNDS} done, load ${loadavg()[0]!.toFixed(1)}`);
  }
  await sql`set session_replication_role = origin`.execute(db);
});

const kind = handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
for (const c of cases) {
  const withT = results.get(`${c.name}|with`)!;
  const without = results.get(`${c.name}|without`)!;
  const a = median(withT);
  const b = median(without);
  console.log(`bill-heads-update [${kind}] ${c.name}: with the triggers ${a.toFixed(3)} ms, without ${b.toFixed(3)} ms a statement (medians of ${ROUNDS}; `
    + `the triggers ${(a - b).toFixed(3)} ms)  runs with: ${withT.map((x) => x.toFixed(2)).join(' ')}  without: ${without.map((x) => x.toFixed(2)).join(' ')}`);
}
await sql`delete from bill_heads where bill_key = 'order' and order_no like 'BU%'`.execute(handle.db);
await handle.close();
