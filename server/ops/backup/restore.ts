/**
 * Restores a backup archive (write.ts) into a stopped, empty DATA_DIR — and, for a PostgreSQL
 * backup, an empty database. Everything is unpacked into a staging folder first and checked against
 * the manifest (every entry's SHA-256, the migration level against the code's); only then does
 * anything land in DATA_DIR, so a damaged or too new archive changes nothing.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { PGlite } from '@electric-sql/pglite';
import { backupText } from '../../../domain/texts/backup.ts';
import { migrations } from '../../db/migrations/index.ts';
import { pgliteDir } from '../../db/database.ts';
import { BACKUP_FORMAT, DATABASE_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, type Manifest } from './manifest.ts';
import { pgBinary } from './pg-binaries.ts';

export class RestoreRefused extends Error {}

export interface RestoreTarget {
  dataDir: string;
  /** set: the archive must be a PostgreSQL backup, restored into this (empty) database */
  databaseUrl?: string | undefined;
}

/** Unpacks every entry into `staging`, hashing each; the manifest is parsed, not trusted yet. */
async function unpack(file: string, staging: string): Promise<{ hashes: Map<string, string>; manifest: Manifest }> {
  const hashes = new Map<string, string>();
  let manifestText: string | undefined;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    // an entry must stay inside the staging folder: no absolute names, no '..'
    if (header.type !== 'file' || name.startsWith('/') || name.split('/').includes('..')) { stream.resume(); stream.on('end', next); return; }
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const isManifest = name === MANIFEST_ENTRY;
    const path = join(staging, name);
    void mkdir(dirname(path), { recursive: true }).then(() => {
      const out = isManifest ? null : createWriteStream(path, { mode: 0o600 });
      stream.on('data', (c: Buffer) => { hash.update(c); if (isManifest) chunks.push(c); });
      const finish = () => { hashes.set(name, hash.digest('hex')); if (isManifest) manifestText = Buffer.concat(chunks).toString('utf8'); next(); };
      if (out) pipeline(stream, out).then(finish, (e) => extract.destroy(e));
      else stream.on('end', finish);
    }, (e) => extract.destroy(e));
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch {
    throw new RestoreRefused(backupText.notAnArchive);
  }
  if (manifestText === undefined) throw new RestoreRefused(backupText.noManifest);
  let manifest: Manifest;
  try { manifest = JSON.parse(manifestText) as Manifest; } catch { throw new RestoreRefused(backupText.noManifest); }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.entries)) throw new RestoreRefused(backupText.notAnArchive);
  return { hashes, manifest };
}

/** Refuses an archive that does not add up, or that comes from a newer schema than this code's. */
export function checkManifest(manifest: Manifest, hashes: Map<string, string>): void {
  for (const entry of manifest.entries) {
    const got = hashes.get(entry.name);
    if (got === undefined) throw new RestoreRefused(backupText.missingEntry(entry.name));
    if (got !== entry.sha256) throw new RestoreRefused(backupText.damaged(entry.name));
  }
  const known = Object.keys(migrations).sort();
  if (manifest.migration && !known.includes(manifest.migration)) throw new RestoreRefused(backupText.newerMigration(manifest.migration));
}

const isEmptyDir = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).filter((n) => n !== 'lost+found').length === 0;

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => { stderr += String(c); });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`pg_restore exited ${code}: ${stderr.trim()}`))));
  });
}

async function databaseIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const r = await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    return Number(r.rows[0].n) === 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const dataDir = resolve(target.dataDir);
  if (!(await isEmptyDir(dataDir))) throw new RestoreRefused(backupText.dataDirNotEmpty(dataDir));
  await mkdir(dataDir, { recursive: true });
  // staged inside DATA_DIR (one file system: the final moves are renames), removed whatever happens
  const staging = await mkdtemp(join(dataDir, '.restore-'));
  try {
    const { hashes, manifest } = await unpack(resolve(file), staging);
    checkManifest(manifest, hashes);
    const wanted = target.databaseUrl ? 'pg' : 'pglite';
    if (manifest.database !== wanted) {
      const names = { pg: 'PostgreSQL', pglite: 'PGlite（内置）' } as const;
      throw new RestoreRefused(backupText.wrongDatabase(names[manifest.database], names[wanted]));
    }
    if (target.databaseUrl) {
      if (!(await databaseIsEmpty(target.databaseUrl))) throw new RestoreRefused(backupText.databaseNotEmpty);
      await run(await pgBinary('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.databaseUrl}`, join(staging, DATABASE_ENTRY.pg)]);
    } else {
      const dump = await readFile(join(staging, DATABASE_ENTRY.pglite));
      const pglite = await PGlite.create({ dataDir: pgliteDir(dataDir), loadDataDir: new Blob([dump]) });
      await pglite.close();
    }
    for (const entry of manifest.entries) {
      if (!entry.name.startsWith(FILES_PREFIX)) continue;
      const to = join(dataDir, entry.name.slice(FILES_PREFIX.length));
      await mkdir(dirname(to), { recursive: true });
      await rename(join(staging, entry.name), to);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The archive's size in MB, for the commands' last line. */
export const sizeMb = async (file: string) => ((await stat(file)).size / 1024 / 1024).toFixed(1);
