/**
 * Backup and restore of 100,000 bills (issue 30): a data dir (PGlite) or a database (DATABASE_URL)
 * seeded with the demo data and BENCH_ROWS export orders; the backup as `npm run backup` takes it
 * (PGlite: the instance's own dump; PostgreSQL: pg_dump), then the restore into an empty data dir
 * (and, on PostgreSQL, an empty database); the time and the archive's size of each.
 *
 *   node --import tsx bench/backup-restore.ts            (BENCH_ROWS=100000)
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, pgliteDir } from '../server/db/database.ts';
import { seed } from '../server/db/seed/index.ts';
import { backupDatabaseOf } from '../server/ops/backup/index.ts';
import { restoreBackup } from '../server/ops/backup/restore.ts';
import { writeBackup } from '../server/ops/backup/write.ts';
import { seedExportOrders } from './seed-orders.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const url = process.env.DATABASE_URL;
const root = await mkdtemp(join(tmpdir(), 'cbec-backup-bench-'));
const dataDir = join(root, 'data');
const database = (name: string) => { const u = new URL(url!); u.pathname = `/${name}`; return u.toString(); };
async function admin(sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}
try {
  if (url) { await admin('drop database if exists cbec_bench_backup with (force)'); await admin('create database cbec_bench_backup'); }
  const sourceUrl = url ? database('cbec_bench_backup') : undefined;
  const handle = await openDatabase(sourceUrl ? { databaseUrl: sourceUrl } : { dataDir: pgliteDir(dataDir) });
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: true });
  const { loadSeconds } = await seedExportOrders(handle.db, ROWS);
  const archive = join(root, 'backup.tar.gz');
  let t0 = performance.now();
  const manifest = await writeBackup({ dataDir, database: backupDatabaseOf(handle, sourceUrl) }, archive);
  const backupMs = performance.now() - t0;
  await handle.close();
  const size = (await stat(archive)).size;

  if (url) { await admin('drop database if exists cbec_bench_restore with (force)'); await admin('create database cbec_bench_restore'); }
  t0 = performance.now();
  await restoreBackup(archive, { dataDir: join(root, 'restored'), databaseUrl: url ? database('cbec_bench_restore') : undefined });
  const restoreMs = performance.now() - t0;
  console.log(`backup-restore (${handle.kind}, ${manifest.counts.bill_heads} bills, seeded in ${loadSeconds.toFixed(1)} s): backup ${(backupMs / 1000).toFixed(1)} s, ` +
    `archive ${(size / 1024 / 1024).toFixed(1)} MB; restore ${(restoreMs / 1000).toFixed(1)} s; load ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  if (url) { await admin('drop database if exists cbec_bench_backup with (force)').catch(() => undefined); await admin('drop database if exists cbec_bench_restore with (force)').catch(() => undefined); }
  await rm(root, { recursive: true, force: true });
}
