/**
 * PGlite is one session in one process: a second process opening the same data dir (create-operator
 * beside a running server) writes files the first never reads and overwrites at its next checkpoint,
 * so its work silently vanishes (issue 27). Whoever opens the directory takes `<dir>.lock` holding its
 * pid; another opener is refused while that pid lives. A lock whose pid is dead (kill -9) is taken over,
 * and so is one bearing this process's own pid (a container restarts its server as the same pid 1).
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import { storageText } from '../../domain/texts/storage.ts';

interface Holder { pid: number; command: string; since: string }

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but is someone else's
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(h.pid) ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock of a PGlite data dir or throws (Chinese message naming the holder); answers its release. */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const me: Holder = {
    pid: process.pid,
    command: process.argv.slice(1).map((a, i) => (i === 0 ? basename(a) : a)).join(' '),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try { writeSync(fd, JSON.stringify(me)); } finally { closeSync(fd); }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const holder = readHolder(file);
      // an unreadable lock is one being written this instant (or torn by a crash): its writer decides
      if (holder && holder.pid !== process.pid && alive(holder.pid)) throw new Error(storageText.dataDirHeld(dir, holder));
      if (!holder && attempt < 2) continue;
      try { unlinkSync(file); } catch { /* another opener took it over first: try again */ }
    }
  }
  return () => {
    if (readHolder(file)?.pid === process.pid) {
      try { unlinkSync(file); } catch { /* already gone */ }
    }
  };
}
