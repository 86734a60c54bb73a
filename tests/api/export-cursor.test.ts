// The export's own PostgreSQL connection (server/bills/export-sheet.ts, run in the sheet worker):
// it reads chunks ahead of the one being written, yet must send one statement at a time — pg 8 queues
// a statement sent to a client still answering one (and warns), pg 9 refuses it.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cursorChunks, type ChunkQuery } from '../../server/bills/export-sheet.ts';

const url = process.env.DATABASE_URL;

afterEach(() => { vi.restoreAllMocks(); });

/** The most statements one client was answering at once while `run` ran. */
async function mostAtOnce(run: () => Promise<void>): Promise<number> {
  const busy = new WeakMap<object, number>();
  let most = 0;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    busy.set(this, (busy.get(this) ?? 0) + 1);
    most = Math.max(most, busy.get(this)!);
    return (query.apply(this, args) as Promise<unknown>).finally(() => busy.set(this, busy.get(this)! - 1));
  } as typeof pg.Client.prototype.query);
  await run();
  return most;
}

describe.runIf(url)('the export cursor on PostgreSQL', () => {
  const query = (rows: number): ChunkQuery => ({
    databaseUrl: url!,
    ids: { sql: 'select g from generate_series(1, $1::int) g order by g desc', parameters: [rows] },
    rows: { sql: `select string_agg(format('[%s,"n%s"]', i, i), ',') as text from unnest($1::int[]) i`, parameters: [null], idsAt: 0 },
    chunk: 1000,
  });

  it('reads every id in order, in chunks ahead of the writer, one statement at a time', async () => {
    const ids: number[] = [];
    let texts = 0;
    const most = await mostAtOnce(async () => {
      for await (const chunk of cursorChunks(query(4500))) {
        ids.push(...chunk.ids);
        texts += (JSON.parse(`[${chunk.text}]`) as unknown[]).length;
        await new Promise((r) => setTimeout(r, 5)); // the writer's time, during which the next chunks are read
      }
    });
    expect(ids).toEqual(Array.from({ length: 4500 }, (_, i) => 4500 - i));
    expect(texts).toBe(4500);
    expect(most).toBe(1);
  });

  it('ends an export with no rows', async () => {
    const chunks: unknown[] = [];
    for await (const chunk of cursorChunks(query(0))) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });
});
