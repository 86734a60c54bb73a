// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteListen } from './listener.ts';

let pglite: PGlite;
beforeAll(async () => { pglite = await PGlite.create(); }, 60_000);
afterAll(() => pglite.close());

describe('pgliteListen', () => {
  it('is ready at once, hears a committed NOTIFY (not a rolled-back one) and stops', async () => {
    const heard: string[] = [];
    const events: string[] = [];
    const stop = await pgliteListen(pglite)('test_channel', {
      message: (p) => heard.push(p), ready: () => events.push('ready'), lost: () => events.push('lost'),
    });
    expect(events).toEqual(['ready']);
    await pglite.query("select pg_notify('test_channel', 'f1')");
    await pglite.transaction(async (tx) => {
      await tx.query("select pg_notify('test_channel', 'u2')");
      await tx.rollback();
    });
    await pglite.query("select pg_notify('other_channel', 'x')");
    expect(heard).toEqual(['f1']);
    await stop();
    await pglite.query("select pg_notify('test_channel', 'f3')");
    expect(heard).toEqual(['f1']);
  });
});
