/**
 * Where files live under DATA_DIR: exports/<uuid>/<name> (generated downloads: list exports and
 * query templates, kept one hour; each belongs to its maker, named in exports/<uuid>/.owner: the
 * link alone downloads nothing, issue 29 item 6) and
 * uploads/<company id>/<uuid>.<ext> (uploaded Excel files, reachable only by their company).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { AuthUser } from '../auth/auth-user.ts';
import { currentCaller } from '../http/caller.ts';

/** How long a generated download stays available. */
export const EXPORT_TTL_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const exportsDir = (dataDir: string) => join(dataDir, 'exports');
export const uploadsDir = (dataDir: string, companyId: number) => join(dataDir, 'uploads', String(companyId));

export interface ExportFile {
  /** where to write it */
  path: string;
  /** what the client opens (no header needed) */
  downloadUri: string;
}

/** A fresh place for one generated file named `name` (e.g. 出口订单_20261121.xlsx). */
/**
 * Who may download a generated file: its company's login that made it, or its company's key that
 * made it. A file made outside an enterprise call has no maker and downloads for nobody.
 */
export function makerOf(user: Pick<AuthUser, 'companyId' | 'userId' | 'apiKey'>): string {
  return `${user.companyId}:${user.apiKey ? `k${user.apiKey.id}` : `u${user.userId}`}`;
}

const OWNER_FILE = '.owner';

/** A fresh place for one generated file named `name` (e.g. 出口订单_20261121.xlsx), owned by the caller. */
export async function newExportFile(dataDir: string, name: string): Promise<ExportFile> {
  void sweepExports(dataDir);
  const id = randomUUID();
  const dir = join(exportsDir(dataDir), id);
  await mkdir(dir, { recursive: true });
  const caller = currentCaller();
  try {
    await writeFile(join(dir, OWNER_FILE), caller ? makerOf(caller) : '');
  } catch (error) {
    // a full disk creates the file and then fails its write: no folder of an empty owner stays behind
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  return { path: join(dir, name), downloadUri: `/api/files/download/${id}/${encodeURIComponent(name)}` };
}

/**
 * Makes one generated file with `write(path)`: a write that fails (a full or read-only disk, a
 * failed query) leaves nothing of it behind, never half a workbook to download.
 */
export async function writeExportFile(dataDir: string, name: string, write: (path: string) => Promise<void>): Promise<{ downloadUri: string }> {
  const file = await newExportFile(dataDir, name);
  try {
    await write(file.path);
  } catch (error) {
    await rm(dirname(file.path), { recursive: true, force: true });
    throw error;
  }
  return { downloadUri: file.downloadUri };
}

/** The path of a generated file that still exists, has not expired and is this maker's; undefined otherwise. */
export async function findExportFile(dataDir: string, id: string, name: string, maker: string, now = Date.now()): Promise<string | undefined> {
  if (!UUID.test(id) || !name || basename(name) !== name || name.startsWith('.')) return undefined;
  const owner = await readFile(join(exportsDir(dataDir), id, OWNER_FILE), 'utf8').catch(() => '');
  if (!owner || owner !== maker) return undefined;
  const path = join(exportsDir(dataDir), id, name);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  if (now - info.mtimeMs > EXPORT_TTL_MS) {
    await rm(join(exportsDir(dataDir), id), { recursive: true, force: true });
    return undefined;
  }
  return path;
}

let lastSweep = 0;
/** Removes expired exports, at most once a minute (called whenever a new one is made). */
export async function sweepExports(dataDir: string, now = Date.now()): Promise<void> {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  const root = exportsDir(dataDir);
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const id of entries) {
    if (!UUID.test(id)) continue;
    const info = await stat(join(root, id)).catch(() => undefined);
    if (info && now - info.mtimeMs > EXPORT_TTL_MS) await rm(join(root, id), { recursive: true, force: true }).catch(() => undefined);
  }
}

/** A new upload's opaque uri (files.uri) and where its bytes go. */
export function newUpload(dataDir: string, companyId: number, ext: string): { uri: string; path: string } {
  const file = `${randomUUID()}.${ext}`;
  return { uri: `upload/${file}`, path: join(uploadsDir(dataDir, companyId), file) };
}

/** Where the bytes of an upload's uri are, for its company; undefined for a malformed uri. */
export function uploadPath(dataDir: string, companyId: number, uri: string): string | undefined {
  const m = /^upload\/([0-9a-f-]{36}\.(?:xls|xlsx|jpg|jpeg|png))$/.exec(uri);
  return m && UUID.test(m[1]!.split('.')[0]!) ? join(uploadsDir(dataDir, companyId), m[1]!) : undefined;
}
