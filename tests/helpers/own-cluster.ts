/**
 * A PostgreSQL cluster of a test's (or a bench's) own, which it may stop and start at will: the
 * shared throwaway cluster of DATABASE_URL serves other test files at the same moment and must
 * never go down under them. Made by scripts/pg-test.sh in a directory and on a port of its own.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

/** Where pg-test.sh finds the PostgreSQL binaries, or null when this machine has none. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'pg_ctl')) ? process.env.PG_BIN : null;
  if (existsSync('/usr/lib/postgresql/15/bin/pg_ctl')) return '/usr/lib/postgresql/15/bin';
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return existsSync(join(dir, 'pg_ctl')) ? dir : null;
  } catch {
    return null;
  }
}

export const freePort = () => new Promise<number>((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => done(port));
  });
});

export interface OwnCluster {
  url: string;
  /** `pg_ctl stop -m fast`: every connection is cut (57P01), the files stay. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): void;
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'cbec-own-pg-'));
  const port = await freePort();
  const env = { ...process.env, PG_TEST_DIR: dir, PG_TEST_PORT: String(port), PG_BIN: bin };
  const url = execFileSync('bash', [join(REPO, 'scripts/pg-test.sh'), 'start'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  // pg-test.sh runs the server as `postgres` when we are root (postgres refuses root)
  // (asynchronously: the clients of the server under test go on calling meanwhile)
  const asOwner = async (args: string[]) => {
    const [cmd, ...rest] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    await promisify(execFile)(cmd!, rest, { cwd: '/' });
  };
  const data = join(dir, 'data');
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${join(dir, 'sock')} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  return {
    url,
    stop: () => asOwner([join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    start: () => asOwner([join(bin, 'pg_ctl'), '-D', data, '-l', join(dir, 'postgres.log'), '-w', '-t', '30', '-o', options, 'start']),
    destroy: () => {
      try { execFileSync('bash', [join(REPO, 'scripts/pg-test.sh'), 'stop'], { env, stdio: 'ignore' }); } catch { /* already gone */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
