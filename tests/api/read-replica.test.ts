// Reads on a PostgreSQL hot standby (issue 30, server/db/read-router.ts). Runs only when
// DATABASE_READ_URL names a standby of DATABASE_URL's cluster (scripts/pg-test.sh start-standby).
// Replay is paused on the standby for a moment to tell its answers from the primary's: a change made
// on the primary behind the app's back shows in a list only when the list was read on the primary.
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

const readUrl = process.env.DATABASE_READ_URL;

const url = (key: keyof BillApi) => `/api/enterprise${exportOrder.api[key]}`;
const order = (orderNo: string) => ({
  orderNo, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
});
const byOrderNo = (orderNo: string) => ({ pageIndex: 0, pageSize: 10, terms: [{ column: 'order_no', termType: 'eq', value: orderNo }] });

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Pauses (or resumes) WAL replay on the standby: what the primary changes meanwhile is not there. */
async function replay(action: 'pause' | 'resume') {
  const c = new pg.Client({ connectionString: readUrl });
  await c.connect();
  try {
    await c.query(action === 'pause' ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
  } finally {
    await c.end();
  }
}

/** A TCP relay to the standby that a test can cut, as if the standby went away. */
async function relayTo(target: URL): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) { sockets.add(s); s.on('error', () => s.destroy()); s.on('close', () => sockets.delete(s)); }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as { port: number }).port,
    cut: () => new Promise<void>((done) => { for (const s of sockets) s.destroy(); server.close(() => done()); }),
  };
}

describe.skipIf(!readUrl)('reads on the read replica (DATABASE_READ_URL)', () => {
  let t: TestApp;
  let admin: LoginAnswer;
  const post = (key: keyof BillApi, data: unknown, app = t) => call(app.app, url(key), data, admin.token);
  const setOrderNo = (id: number, orderNo: string) => t.handle.db.updateTable('bill_heads').set({ order_no: orderNo }).where('id', '=', id).execute();

  beforeAll(async () => {
    // a lag bound no paused moment of this file reaches: only what replayed decides
    t = await createTestApp({ env: { READ_MAX_LAG_MS: '60000' } });
    admin = await login(t.app, demo.admin.username, demo.admin.password);
    await until('the standby to be in use', () => t.app.reads.readsFromStandby(admin.userInfo.companyId));
  });
  afterAll(async () => {
    await replay('resume');
    await t?.close();
  });

  it('reads lists on the standby, and a user sees their own save at once', async () => {
    const saved = await post('save', order('RR-1'));
    expect(saved.body.code).toBe(0);
    const id = saved.body.data.id as number;
    // the save is the company's fence: its lists come back to the standby once replayed there
    await until('the standby to replay the save', () => t.app.reads.readsFromStandby(admin.userInfo.companyId));
    await replay('pause');
    try {
      // changed on the primary by no call of the company: the standby, which the list reads, does not have it
      await setOrderNo(id, 'RR-1-PRIMARY');
      expect((await post('pageList', byOrderNo('RR-1'))).body.data.total).toBe(1);
      expect((await post('pageList', byOrderNo('RR-1-PRIMARY'))).body.data.total).toBe(0);
      expect(t.app.reads.readsFromStandby(admin.userInfo.companyId)).toBe(true);

      // the user's own save while the standby replays nothing: shown at once (read on the primary)
      const mine = await post('save', order('RR-2'));
      expect(mine.body.code).toBe(0);
      const list = await post('pageList', byOrderNo('RR-2'));
      expect(list.body.data.datas.map((r: { id: number }) => r.id)).toEqual([mine.body.data.id]);
      expect((await post('pageList', byOrderNo('RR-1-PRIMARY'))).body.data.total).toBe(1);
      expect(t.app.reads.readsFromStandby(admin.userInfo.companyId)).toBe(false);
    } finally {
      await replay('resume');
    }
    await until('the standby to replay again', () => t.app.reads.readsFromStandby(admin.userInfo.companyId));
    expect((await post('pageList', byOrderNo('RR-1-PRIMARY'))).body.data.total).toBe(1);
  });

  it('reads on the primary while the standby lags more than READ_MAX_LAG_MS', async () => {
    const lagging = await createTestApp({ sameDatabaseAs: t, env: { READ_MAX_LAG_MS: '300' } });
    try {
      await until('the standby to be in use', () => lagging.app.reads.readsFromStandby());
      const saved = await post('save', order('RR-LAG'));
      const id = saved.body.data.id as number;
      await until('the standby to replay the save', () => lagging.app.reads.readsFromStandby());
      await replay('pause');
      try {
        await setOrderNo(id, 'RR-LAG-PRIMARY');
        await until('the lag to pass 300 ms', () => !lagging.app.reads.state().usable);
        expect((await post('pageList', byOrderNo('RR-LAG-PRIMARY'), lagging)).body.data.total).toBe(1);
      } finally {
        await replay('resume');
      }
    } finally {
      await lagging.close();
    }
  });

  it('reads on the primary when the standby goes away, and the answers stay right', async () => {
    const standby = new URL(readUrl!);
    const relay = await relayTo(standby);
    const database = new URL(t.databaseUrl!).pathname;
    const through = Object.assign(new URL(readUrl!), { port: String(relay.port), pathname: database });
    const cut = await createTestApp({ sameDatabaseAs: t, env: { DATABASE_READ_URL: through.toString() } });
    try {
      await until('the standby to be in use', () => cut.app.reads.readsFromStandby());
      const before = await post('pageList', byOrderNo('RR-2'), cut);
      expect(before.body.data.total).toBe(1);
      await relay.cut();
      // at once (the router still takes the standby for up) and after it noticed
      for (const _ of [1, 2]) {
        const r = await post('pageList', byOrderNo('RR-2'), cut);
        expect(r.body).toMatchObject({ code: 0, data: { total: 1 } });
        const counts = await post('queryStateCount', byOrderNo('RR-2'), cut);
        expect(counts.body.code).toBe(0);
      }
      await until('the router to notice', () => !cut.app.reads.state().usable);
      expect((await post('pageList', byOrderNo('RR-2'), cut)).body.data.total).toBe(1);
    } finally {
      await cut.close();
      await relay.cut().catch(() => undefined);
    }
  });
});
