import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'cbec-lock-'));
const dir = join(root, 'pgdata');
const lockFile = `${dir}.lock`;
afterEach(() => rmSync(lockFile, { force: true }));

const holder = (pid: number) => writeFileSync(lockFile, JSON.stringify({ pid, command: 'server.ts', since: '2026-12-07T05:00:00.000Z' }));

describe('lockDataDir', () => {
  it('takes the lock, holding its pid, and releases it', () => {
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses while another living process holds it, naming it', () => {
    holder(process.ppid);
    expect(() => lockDataDir(dir)).toThrow(`进程 ${process.ppid}：server.ts`);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.ppid });
  });

  it('takes over the lock of a dead process, and one of its own pid (a restarted container)', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    holder(dead);
    lockDataDir(dir)();
    holder(process.pid);
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).command).not.toBe('server.ts');
    release();
  });

  it('a release never removes a lock another process has taken since', () => {
    const release = lockDataDir(dir);
    holder(process.ppid);
    release();
    expect(existsSync(lockFile)).toBe(true);
  });
});
