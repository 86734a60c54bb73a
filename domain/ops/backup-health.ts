/**
 * How the operator's 企业管理 page judges the automatic backups (issue 30): off, none yet, fine,
 * failed, or overdue — the last run is older than its schedule allows (a server down at the hour, a
 * schedule stuck). Pure: the server passes the schedule, the last run and the clock.
 */

export interface BackupSchedule {
  /** 'HH:mm' China time, or null */
  at: string | null;
  /** a run every so many ms instead of daily (tests, demos); 0 = daily at `at` */
  everyMs: number;
}

export interface LastBackupRun {
  /** ISO time the run ended */
  at: string;
  ok: boolean;
}

export type BackupHealth = 'off' | 'none' | 'ok' | 'failed' | 'overdue';

/** What the page shows of this server's automatic backups (issue 30). */
export interface BackupStatusAnswer {
  health: BackupHealth;
  /** China time of the last run's end, its archive's name and size, or its error */
  last: { time: string; ok: boolean; file: string | null; size: string | null; error: string | null } | null;
  /** the next planned run, China time (daily schedules only) */
  next: string | null;
  everyMinutes: number | null;
  keep: number;
  dir: string;
}

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

export const backupEnabled = (s: BackupSchedule): boolean => s.at !== null || s.everyMs > 0;

/** The longest a good backup may be old before the page warns: one interval, plus an hour's (or an interval's) slack. */
export function backupMaxAgeMs(s: BackupSchedule): number {
  const interval = s.everyMs || DAY_MS;
  return interval + Math.min(interval, HOUR_MS);
}

export function backupHealth(s: BackupSchedule, last: LastBackupRun | null, nowMs: number): BackupHealth {
  if (!backupEnabled(s)) return last && !last.ok ? 'failed' : 'off';
  if (!last) return 'none';
  if (!last.ok) return 'failed';
  return nowMs - Date.parse(last.at) > backupMaxAgeMs(s) ? 'overdue' : 'ok';
}

/** Bytes as people read them: 512 B, 40.6 KB, 1.2 MB, 3.4 GB. */
export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) { n /= 1024; u += 1; }
  return u === 0 ? `${n} B` : `${n.toFixed(1)} ${units[u]}`;
}

/** A failed run's error for people: its cause in words when its system code is known, the raw message kept after it. */
export function backupErrorText(error: string, causes: Record<string, string>): string {
  const code = /\b(E[A-Z]{3,})\b/.exec(error)?.[1];
  const cause = code ? causes[code] : undefined;
  return cause ? `${cause}（${error}）` : error;
}
