/**
 * One backup archive (issue 30): a gzipped tar of the database (PGlite's data directory as the
 * running instance dumps it, or pg_dump's custom format), every file under DATA_DIR a restore needs
 * (the signing keys under customs-key/, uploads, anything else kept there), and manifest.json last.
 *
 * Left out of DATA_DIR: the database's own directory (pgdata: it is in the database entry), exports
 * (generated downloads, kept an hour), the customs exchange folders (customs/: a restored outbox
 * would send again what was sent), the backups themselves, and the server's lock and socket files.
 * The archive is written under a dot-name beside the target and renamed when complete: a failed or
 * interrupted backup leaves no file that looks like a backup.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Db } from '../../db/database.ts';
import { BACKUP_FORMAT, DATABASE_ENTRY, databaseFacts, FILES_PREFIX, MANIFEST_ENTRY, type Manifest, type ManifestEntry } from './manifest.ts';
import { pgBinary } from './pg-binaries.ts';

export const PRODUCT_VERSION = '1.0.0';

export type BackupDatabase =
  | { kind: 'pglite'; db: Db; dump: () => Promise<Blob> }
  | { kind: 'pg'; db: Db; databaseUrl: string };

export interface BackupSource {
  dataDir: string;
  database: BackupDatabase;
  /** folders under DATA_DIR that are not part of a backup besides the fixed ones (BACKUP_DIR when it is inside) */
  exclude?: string[];
}

const SKIPPED_TOP = new Set(['pgdata', 'exports', 'customs', 'backups']);
const SKIPPED_NAME = /(^\.|\.sock$|\.lock$|\.pid$|\.partial$|\.tmp$)/;

/** The files of DATA_DIR a restore needs, as paths relative to it. */
export async function backedUpFiles(dataDir: string, exclude: readonly string[] = []): Promise<string[]> {
  const skipped = new Set([...SKIPPED_TOP, ...exclude.map((d) => relative(dataDir, resolve(d)).split(sep)[0] ?? '')]);
  const found: string[] = [];
  const walk = async (dir: string, top: boolean) => {
    const items = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const item of items.sort((a, b) => a.name.localeCompare(b.name))) {
      if ((top && skipped.has(item.name)) || SKIPPED_NAME.test(item.name)) continue;
      const path = join(dir, item.name);
      if (item.isDirectory()) await walk(path, false);
      else if (item.isFile()) found.push(relative(dataDir, path).split(sep).join('/'));
    }
  };
  await walk(dataDir, true);
  return found;
}

/** Adds one entry streamed from `path`, hashing it on the way. */
async function addFile(pack: tar.Pack, name: string, path: string): Promise<ManifestEntry> {
  const { size } = await stat(path);
  const hash = createHash('sha256');
  await new Promise<void>((done, fail) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? fail(err) : done()));
    const read = createReadStream(path);
    read.on('data', (chunk) => hash.update(chunk));
    read.on('error', fail);
    read.pipe(entry);
  });
  return { name, size, sha256: hash.digest('hex') };
}

function addBuffer(pack: tar.Pack, name: string, content: Buffer): ManifestEntry {
  pack.entry({ name, size: content.length, mode: 0o600 }, content);
  return { name, size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => { stderr += String(c); });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${basename(command)} exited ${code}: ${stderr.trim()}`))));
  });
}

/** Writes the archive to `target` (complete, or not at all) and returns its manifest. */
export async function writeBackup(source: BackupSource, target: string): Promise<Manifest> {
  const out = resolve(target);
  await mkdir(dirname(out), { recursive: true });
  const partial = join(dirname(out), `.${basename(out)}.partial`);
  const scratch = await mkdtemp(join(tmpdir(), 'cbec-backup-'));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
  try {
    const entries: ManifestEntry[] = [];
    const { database } = source;
    const facts = await databaseFacts(database.db);
    if (database.kind === 'pglite') {
      const dump = Buffer.from(await (await database.dump()).arrayBuffer());
      entries.push(addBuffer(pack, DATABASE_ENTRY.pglite, dump));
    } else {
      const file = join(scratch, 'postgres.dump');
      await run(await pgBinary('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${database.databaseUrl}`]);
      entries.push(await addFile(pack, DATABASE_ENTRY.pg, file));
    }
    for (const rel of await backedUpFiles(source.dataDir, source.exclude)) {
      entries.push(await addFile(pack, `${FILES_PREFIX}${rel}`, join(source.dataDir, ...rel.split('/'))));
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT, version: PRODUCT_VERSION, createdAt: new Date().toISOString(), database: database.kind, ...facts, entries,
    };
    addBuffer(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    await rename(partial, out);
    return manifest;
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
