// A real full (or read-only) disk for tests (issue 27): a small tmpfs mounted on a temp dir. Needs
// root (CI and the dev machine run as root); `skipReason` says why it cannot be made elsewhere.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Writes zeros until the disk is full. */
  fill(): void;
  /** Frees what fill() took. */
  free(): void;
  readOnly(on: boolean): void;
  /** Unmounts and removes the dir (always call it: afterAll). */
  remove(): void;
}

/** Why a tmpfs cannot be mounted here, or undefined when it can. */
export function smallDiskSkipReason(): string | undefined {
  if (process.platform !== 'linux') return 'a full disk is made with a Linux tmpfs mount';
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs (a real full disk) needs root';
  return undefined;
}

export function smallDisk(sizeKb = 512): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'cbec-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mount -t tmpfs failed: ${(error as Error).message}`);
  }
  const filler = join(dir, '.filler');
  let mounted = true;
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(4096);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
    },
    free() { rmSync(filler, { force: true }); },
    readOnly(on) { execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir], { stdio: 'pipe' }); },
    remove() {
      if (mounted) {
        try { execFileSync('umount', [dir], { stdio: 'pipe' }); } catch { execFileSync('umount', ['-l', dir], { stdio: 'pipe' }); }
        mounted = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under dir (relative paths), hidden ones included, but the filler. */
export function filesUnder(dir: string): string[] {
  const out = execFileSync('find', [dir, '-type', 'f', '!', '-name', '.filler'], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((p) => p.slice(dir.length + 1));
}
