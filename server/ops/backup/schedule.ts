/**
 * The embedded default backs itself up (issue 30): once a day at BACKUP_AT China time (03:30 unless
 * set; BACKUP_EVERY_MS instead, for tests and demos) into BACKUP_DIR, keeping the newest BACKUP_KEEP
 * archives. What the last run did — its time, file and size, or its error — is kept beside them in
 * last-backup.json, which the operator's 系统状态 reads; a failure is also logged as an error.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { backupEnabled } from '../../../domain/ops/backup-health.ts';
import type { Manifest } from './manifest.ts';

export const STATUS_FILE = 'last-backup.json';
const ARCHIVE = /^cbec-backup-\d{8}-\d{6}\.tar\.gz$/;
const CHINA_OFFSET_MS = 8 * 3600_000;

export interface BackupStatus {
  /** ISO time of the last run's end */
  at: string;
  ok: boolean;
  file?: string;
  size?: number;
  error?: string;
}

export interface ScheduleOptions {
  dir: string;
  at: string | null;
  everyMs: number;
  keep: number;
  backup: (path: string) => Promise<Manifest>;
  log: FastifyBaseLogger;
  now?: () => number;
  /** told of every run's status, also when the status file cannot be written */
  onRun?: (status: BackupStatus) => void;
}

/** Milliseconds from `now` to the next HH:mm on China's clock. */
export function msUntilChinaTime(at: string, now: number): number {
  const [h, m] = at.split(':').map(Number) as [number, number];
  const china = new Date(now + CHINA_OFFSET_MS);
  let next = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), h, m) - CHINA_OFFSET_MS;
  if (next <= now) next += 24 * 3600_000;
  return next - now;
}

const stamp = (t: number) => new Date(t + CHINA_OFFSET_MS).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export async function readBackupStatus(dir: string): Promise<BackupStatus | null> {
  return readFile(join(dir, STATUS_FILE), 'utf8').then((t) => JSON.parse(t) as BackupStatus, () => null);
}

/** One scheduled run: the archive, then the oldest beyond `keep` removed, then the status written. */
export async function runScheduledBackup(o: Pick<ScheduleOptions, 'dir' | 'keep' | 'backup' | 'log' | 'now' | 'onRun'>): Promise<BackupStatus> {
  const now = o.now ?? Date.now;
  const file = join(o.dir, `cbec-backup-${stamp(now())}.tar.gz`);
  let status: BackupStatus;
  try {
    await o.backup(file);
    status = { at: new Date(now()).toISOString(), ok: true, file, size: (await stat(file)).size };
    const archives = (await readdir(o.dir)).filter((n) => ARCHIVE.test(n)).sort();
    for (const old of archives.slice(0, Math.max(0, archives.length - o.keep))) await rm(join(o.dir, old), { force: true });
    o.log.info({ file, size: status.size }, 'scheduled backup written');
  } catch (error) {
    status = { at: new Date(now()).toISOString(), ok: false, error: (error as Error).message };
    o.log.error({ err: error }, 'scheduled backup failed');
  }
  o.onRun?.(status);
  await writeFile(join(o.dir, STATUS_FILE), JSON.stringify(status)).catch(() => undefined);
  return status;
}

/** Starts the schedule; the returned stop waits for a run in progress. */
export function scheduleBackups(o: ScheduleOptions): () => Promise<void> {
  if (!backupEnabled(o)) return async () => {};
  const now = o.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    const wait = o.everyMs || msUntilChinaTime(o.at!, now());
    timer = setTimeout(() => { running = runScheduledBackup(o).finally(plan); }, wait);
    timer.unref();
  };
  plan();
  return async () => { stopped = true; clearTimeout(timer); await running.catch(() => undefined); };
}
