/**
 * Issue 30: the longest wait of a writer to bill_heads while `npm start`'s migrations run (target
 * < 1 s). On the mixed set of STALL_HEADS heads (default 200,000; BENCH_KEEP=1 reuses it), the
 * database is taken back to before 034 with the migrations' down(), a writer inserts and updates
 * bill_heads in a loop, and the migrations run again: `plain` = Kysely's Migrator as before (every
 * index built in the migration's transaction), `runner` = migrateToLatest (server/db/migrate.ts).
 * Rounds interleave (plain, runner, plain, runner) since the machine is shared. PostgreSQL only.
 *
 *   DATABASE_URL=… STALL_HEADS=1000000 node --import tsx bench/migration-stall.ts
 * STALL_LOG=1 prints what the runner says as a start would.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../server/db/database.ts';
import { migrationProvider } from '../server/db/migrations/index.ts';
import { seed } from '../server/db/seed/index.ts';
import { seedMixedBills } from './seed-mixed.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL server (bash scripts/pg-test.sh start)');
const heads = Number(process.env.STALL_HEADS ?? 200_000);
const rounds = (process.env.STALL_ROUNDS ?? 'plain,runner,plain,runner').split(',');
const BEFORE = '033-decision-events';
const database = 'cbec_migration_stall';

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount;
if (!exists) await admin.query(`create database ${database}`);
await admin.end();
const target = new URL(url);
target.pathname = `/${database}`;

const handle = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
const db = handle.db;
await migrateToLatest(db);
await seed(db, { demo: true });
const set = await seedMixedBills(db, heads);
console.log(`set: ${heads.toLocaleString('en')} heads (loaded in ${set.loadSeconds.toFixed(0)} s)`);

/** Writes one bill and changes another's state, again and again; answers the longest single wait. */
function writer(w: Db, companyId: number) {
  let stop = false;
  let longest = 0;
  let ops = 0;
  let at = '';
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const { id } = await w.insertInto('bill_heads').values({ company_id: companyId, bill_key: 'order', mode: 'export', state: 'DRAFT', cop_no: `STALL${ops}`, data: '{}' })
        .returning('id').executeTakeFirstOrThrow();
      await w.updateTable('bill_heads').set({ state: '120' }).where('id', '=', id).execute();
      const took = performance.now() - t0;
      if (took > longest) { longest = took; at = current; }
      ops++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return { stop: async () => { stop = true; await done; return { longest, ops, at }; } };
}

let current = '';
for (const kind of rounds) {
  const down = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
  if (down.error) throw down.error;
  await sql`delete from bill_heads where cop_no like 'STALL%'`.execute(db);
  const w = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
  const run = writer(w.db, set.bigCompanyId);
  await new Promise((r) => setTimeout(r, 500));
  const t0 = performance.now();
  current = 'start';
  if (kind === 'plain') {
    const up = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    if (up.error) throw up.error;
  } else {
    await migrateToLatest(db, { log: (line) => { if (process.env.STALL_LOG) console.log(`  | ${line}`); const m = /^migrating (\S+?):? /.exec(line); if (m) current = m[1]!; } });
  }
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  const r = await run.stop();
  await w.close();
  console.log(`${kind.padEnd(6)} migrations ${seconds.toFixed(1)} s, writer ${r.ops} ops, longest wait ${r.longest.toFixed(0)} ms${r.at ? ` (during ${r.at})` : ''}, load ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}
await handle.close();
