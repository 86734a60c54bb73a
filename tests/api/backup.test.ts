// Backup and restore (issue 30): a backup taken while the server runs (PGlite: asked of the server on
// its admin socket; PostgreSQL: pg_dump beside it), restored into an empty DATA_DIR (and an empty
// database), gives the same bills, receipts, uploads and signing key; damaged, too new and
// misdirected archives are refused before anything is written; the daily backup runs on a short
// schedule and keeps the newest BACKUP_KEEP.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupText } from '../../domain/texts/backup.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, pgliteDir } from '../../server/db/database.ts';
import { COUNTED_TABLES, MANIFEST_ENTRY } from '../../server/ops/backup/manifest.ts';
import { readBackupStatus } from '../../server/ops/backup/schedule.ts';
import { loadOrCreateSm2Key } from '../../server/customs/sign/software-key.ts';
import { start, type Started } from '../../server/start.ts';
import { demoOperator } from '../../server/db/seed/demo.ts';
import type { BackupStatusAnswer } from '../../domain/ops/backup-health.ts';
import { reviewCompanyText } from '../../domain/texts/review-company.ts';
import { call, login } from '../helpers/test-app.ts';
import { withDatabase } from '../helpers/global-setup.ts';

const run = promisify(execFile);
const PG = process.env.DATABASE_URL;
let root: string;
let dataDir: string;
let server: Started;
let dbUrl: string | undefined;

const env = (extra: Record<string, string> = {}) => ({
  ...process.env, NODE_ENV: 'test', CAPTCHA: 'off', RATE_LIMIT: 'off', LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: dataDir,
  CUSTOMS_POLL_MS: '0', BACKUP_AT: 'off', ...(dbUrl ? { DATABASE_URL: dbUrl } : { DATABASE_URL: '' }), ...extra,
});

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return withDatabase(PG!, name);
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** What a restore must bring back: row counts, every bill's number and state, receipts, files and the key's bytes. */
async function snapshot(dir: string, url: string | undefined) {
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: pgliteDir(dir) });
  try {
    const counts: Record<string, number> = {};
    for (const t of COUNTED_TABLES) counts[t] = Number((await handle.db.selectFrom(t).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const bills = await handle.db.selectFrom('bill_heads').select(['id', 'state']).orderBy('id').execute();
    const receipts = await handle.db.selectFrom('customs_receipts').select(['id', 'bill_id', 'return_status']).orderBy('id').execute();
    const keyDir = join(dir, 'customs-key');
    const keys: Record<string, string> = {};
    for (const n of (await readdir(keyDir).catch(() => [] as string[])).sort()) keys[n] = createHash('sha256').update(await readFile(join(keyDir, n))).digest('hex');
    const uploads = (await readdir(join(dir, 'uploads'), { recursive: true }).catch(() => [] as string[])).sort();
    return { counts, bills, receipts, keys, uploads };
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cbec-backup-test-'));
  dataDir = join(root, 'data');
  if (PG) dbUrl = await createDatabase('cbec_test_backup_src');
  server = await start(loadConfig(env()));
  // something of each kind a restore must bring back: the signing key (made on first use), an upload
  await loadOrCreateSm2Key(dataDir);
  await mkdir(join(dataDir, 'uploads', '1'), { recursive: true });
  await writeFile(join(dataDir, 'uploads', '1', 'wb.xlsx'), 'workbook bytes');
}, 120_000);

afterAll(async () => {
  await server?.app.close();
  if (PG) { await dropDatabase('cbec_test_backup_src'); await dropDatabase('cbec_test_backup_dst'); }
  await rm(root, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a backup taken while the server runs restores into an empty DATA_DIR as it was', async () => {
    const archive = join(root, 'b1.tar.gz');
    const backedUp = await run('node', ['--import', 'tsx', 'scripts/backup.ts', archive], { env: env() });
    expect(backedUp.stdout).toContain(archive);
    expect(existsSync(archive)).toBe(true);
    await server.app.close();
    const original = await snapshot(dataDir, dbUrl);
    expect(original.counts.bill_heads).toBeGreaterThan(0);

    const restoredDir = join(root, 'restored');
    const restoredUrl = PG ? await createDatabase('cbec_test_backup_dst') : undefined;
    const restoreEnv = { ...env(), DATA_DIR: restoredDir, DATABASE_URL: restoredUrl ?? '' };
    const out = await run('node', ['--import', 'tsx', 'scripts/restore.ts', archive], { env: restoreEnv });
    expect(out.stdout).toContain(backupText.restored(restoredDir));
    expect(await snapshot(restoredDir, restoredUrl)).toEqual(original);

    // a second restore into the now full DATA_DIR is refused, and changes nothing
    const again = await run('node', ['--import', 'tsx', 'scripts/restore.ts', archive], { env: restoreEnv }).catch((e: { stderr: string; code: number }) => e);
    expect((again as { code: number }).code).toBe(1);
    expect((again as { stderr: string }).stderr).toContain(backupText.dataDirNotEmpty(restoredDir));

    server = await start(loadConfig(env()));
  }, 240_000);

  it('refuses a damaged archive and one of a newer migration level before writing anything', async () => {
    const archive = join(root, 'b2.tar.gz');
    await run('node', ['--import', 'tsx', 'scripts/backup.ts', archive], { env: env() });
    const entries = await unpackAll(await readFile(archive));

    const damaged = join(root, 'damaged.tar.gz');
    const files = entries.map((e) => (e.name.startsWith('files/') ? { ...e, content: Buffer.concat([e.content, Buffer.from('x')]) } : e));
    await writeFile(damaged, await packAll(files));
    const future = join(root, 'future.tar.gz');
    const manifest = JSON.parse(entries.find((e) => e.name === MANIFEST_ENTRY)!.content.toString());
    await writeFile(future, await packAll(entries.map((e) => (e.name === MANIFEST_ENTRY ? { ...e, content: Buffer.from(JSON.stringify({ ...manifest, migration: '999-from-the-future' })) } : e))));
    const truncated = join(root, 'truncated.tar.gz');
    await writeFile(truncated, (await readFile(archive)).subarray(0, 2000));

    for (const [file, message] of [[damaged, 'files/'], [future, backupText.newerMigration('999-from-the-future')], [truncated, backupText.notAnArchive]] as const) {
      const target = join(root, `empty-${Math.random().toString(36).slice(2)}`);
      const result = await run('node', ['--import', 'tsx', 'scripts/restore.ts', file], { env: { ...env(), DATA_DIR: target, DATABASE_URL: '' } })
        .then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e);
      expect(result.code, file).toBe(1);
      expect(result.stderr).toContain(message);
      expect(await readdir(target).catch(() => [])).toEqual([]);
    }
  }, 240_000);

  it('backs itself up on its schedule and keeps the newest BACKUP_KEEP', async () => {
    await server.app.close();
    const dir = join(root, 'scheduled');
    server = await start(loadConfig(env({ BACKUP_EVERY_MS: '1500', BACKUP_KEEP: '2', BACKUP_DIR: dir })));
    await vi.waitFor(async () => {
      const archives = (await readdir(dir)).filter((n) => n.endsWith('.tar.gz'));
      expect(archives.length).toBe(2);
      const status = await readBackupStatus(dir);
      expect(status).toMatchObject({ ok: true });
      expect(status!.size).toBeGreaterThan(1000);
    }, { timeout: 60_000, interval: 500 });
    // a third run still keeps two
    const first = (await readdir(dir)).filter((n) => n.endsWith('.tar.gz')).sort()[0];
    await vi.waitFor(async () => expect((await readdir(dir)).filter((n) => n.endsWith('.tar.gz'))).not.toContain(first), { timeout: 60_000, interval: 500 });
    expect((await readdir(dir)).filter((n) => n.endsWith('.tar.gz')).length).toBeLessThanOrEqual(2);

    // the operator's 企业管理 shows the last one: its time, size and file
    const operator = await login(server.app, demoOperator.login_name, demoOperator.password);
    const shown = await call(server.app, '/api/review/enterprise/backupStatus', {}, operator.token);
    const answer = shown.body.data as BackupStatusAnswer;
    const status = (await readBackupStatus(dir))!;
    expect(answer).toMatchObject({ health: 'ok', everyMinutes: 1, keep: 2, dir, next: null, last: { ok: true, error: null } });
    expect(answer.last!.file).toMatch(/^cbec-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(answer.last!.size).toMatch(/^\d+\.\d (KB|MB)$/);
    expect(answer.last!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(status.ok).toBe(true);
    // an enterprise user may not ask
    expect((await call(server.app, '/api/review/enterprise/backupStatus', {}, (await login(server.app, 'admin', 'Cbec@2026demo')).token)).body.code).not.toBe(0);
  }, 180_000);

  it('a failed scheduled backup is a warning on the operator\'s page, with its error', async () => {
    await server.app.close();
    const dir = join(root, 'failing');
    // the backup directory is a file: every run fails to write its archive
    await writeFile(dir, 'not a directory');
    server = await start(loadConfig(env({ BACKUP_EVERY_MS: '1000', BACKUP_DIR: join(dir, 'inside') })));
    const operator = await login(server.app, demoOperator.login_name, demoOperator.password);
    const ask = async () => (await call(server.app, '/api/review/enterprise/backupStatus', {}, operator.token)).body.data as BackupStatusAnswer;
    // no status file can be written there: the page still learns of the failure from the server
    await vi.waitFor(async () => expect((await ask()).health).toBe('failed'), { timeout: 30_000, interval: 300 });
    expect((await ask()).last!.error).toMatch(/ENOTDIR|ENOENT/);
    await server.app.close();
    // after a restart, the status file beside the archives tells of the last run
    const dir2 = join(root, 'failing2');
    await mkdir(dir2, { recursive: true });
    await writeFile(join(dir2, 'last-backup.json'), JSON.stringify({ at: new Date().toISOString(), ok: false, error: 'ENOSPC: no space left on device' }));
    server = await start(loadConfig(env({ BACKUP_AT: '03:30', BACKUP_DIR: dir2 })));
    const operator2 = await login(server.app, demoOperator.login_name, demoOperator.password);
    const answer = (await call(server.app, '/api/review/enterprise/backupStatus', {}, operator2.token)).body.data as BackupStatusAnswer;
    expect(answer).toMatchObject({ health: 'failed', everyMinutes: null, last: { ok: false, error: 'ENOSPC: no space left on device', file: null, size: null } });
    expect(answer.next).toMatch(/ 03:30:00$/);
    expect(reviewCompanyText.backupFailed(answer.last!.time, answer.last!.error!)).toContain('ENOSPC');
  }, 120_000);
});

interface Entry { name: string; content: Buffer }

async function unpackAll(gz: Buffer): Promise<Entry[]> {
  const entries: Entry[] = [];
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => { extract.on('finish', resolve); extract.on('error', reject); });
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => { entries.push({ name: header.name, content: Buffer.concat(chunks) }); next(); });
  });
  extract.end(gunzipSync(gz));
  await done;
  return entries;
}

async function packAll(entries: Entry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name, size: e.content.length }, e.content);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks));
}
