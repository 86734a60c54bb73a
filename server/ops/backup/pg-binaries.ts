/**
 * Where pg_dump and pg_restore are: PG_BIN, else the newest /usr/lib/postgresql/<major>/bin (Debian
 * installs them there, not on PATH), else whatever PATH has. A pg_dump older than the server refuses
 * to dump it, so the newest installed one is taken.
 */
import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function pgBinary(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const majors = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const major of majors.filter((m) => /^\d+$/.test(m)).sort((a, b) => Number(b) - Number(a))) {
    const path = join('/usr/lib/postgresql', major, 'bin', name);
    if (await access(path).then(() => true, () => false)) return path;
  }
  return name;
}
