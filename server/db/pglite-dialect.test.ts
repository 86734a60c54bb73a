import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.ts';

let pglite: PGlite;
let db: Kysely<{ t: { id: number } }>;
const stalls: string[] = [];
let stalled: (() => void) | undefined;

beforeAll(async () => {
  pglite = await PGlite.create();
  db = new Kysely({ dialect: new PGliteDialect(pglite, { stallMs: 200, onStall: (m) => { stalls.push(m); stalled?.(); } }) });
  await sql`create table t (id int primary key)`.execute(db);
});
afterAll(async () => { await db.destroy(); await pglite.close(); });

describe('PGliteDialect', () => {
  it('gives the one session to one transaction at a time: a rollback keeps nothing of its own and loses nothing of the other\'s', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 1 }).execute();
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('回滚');
    });
    const committing = db.transaction().execute((trx) => trx.insertInto('t').values({ id: 2 }).execute());
    await expect(failing).rejects.toThrow('回滚');
    await committing;
    expect((await db.selectFrom('t').select('id').execute()).map((r) => r.id)).toEqual([2]);
  });

  it('names a query on the outer db inside a transaction: its line and the transaction\'s', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 3 }).execute();
      // the mistake: the outer db waits for this very transaction (for ever, but for the report)
      const reported = new Promise<void>((resolve) => { stalled = resolve; });
      const outer = db.selectFrom('t').select('id').execute();
      await reported;
      void outer;
    });
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toMatch(/^PGlite: a query has waited 0.2 s for the database session, held for 0\.\d s\./);
    expect(stalls[0]).toContain('use the transaction\'s trx');
    // the waiting query's own line, and the transaction it was made in
    expect(stalls[0]).toMatch(/The waiting query Error: asked for here[\s\S]*pglite-dialect\.test\.ts:36:[\s\S]*pglite-dialect\.test\.ts:32:/);
  });

  it('says nothing when queries only queue for a moment', async () => {
    const before = stalls.length;
    await Promise.all(Array.from({ length: 20 }, (_, i) => db.transaction().execute((trx) => trx.insertInto('t').values({ id: 100 + i }).execute())));
    await new Promise((r) => setTimeout(r, 300));
    expect(stalls.length).toBe(before);
  });
});
