// The outbox worker delivers several messages at once (issue 28 item 7: the outbox was the bottleneck,
// one message after the other), yet every message exactly once — across two workers on one database
// too — and the messages of one bill one after the other, in the order they were queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { buildDeclaration, enqueueDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import type { OutboundMessage, Transport } from '../../server/customs/transport/types.ts';
import { createOutboxWorker } from '../../server/customs/worker.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  await initCustomsSchemas();
});
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;

/** A bill written straight into the tables with `messages` declarations of it queued, in order. */
async function declared(orderNo: string, messages = 1): Promise<number> {
  const { head, lines } = exportOrderBill({ orderNo, goodsValue: 309.3 });
  const columns: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const f of exportOrder.head) {
    if (head[f.name] === undefined || head[f.name] === null) continue;
    if (f.column) columns[f.column] = head[f.name];
    else data[f.name] = head[f.name];
  }
  return db().transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: exportOrder.key, mode: exportOrder.mode, state: 'DECLARING',
      ...columns, data: JSON.stringify(data), app_time: new Date(),
    } as never).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < messages; i++) {
      const declaration = buildDeclaration(exportOrder, head, lines, { appStatus: '2' });
      await enqueueDeclaration(trx, { companyId: admin.userInfo.companyId, billId: id, declaration });
    }
    return id;
  });
}

/** A transport that takes a while per message and records what was in flight. */
function watching(ms: number) {
  const delivered: OutboundMessage[] = [];
  const inFlight = new Set<number>();
  let most = 0;
  const overlapsOfOneBill: number[] = [];
  const transport: Transport = {
    name: 'watching',
    async deliver(m) {
      if ([...inFlight].some((id) => delivered.find((d) => d.id === id)?.billId === m.billId)) overlapsOfOneBill.push(m.id);
      inFlight.add(m.id);
      delivered.push(m);
      most = Math.max(most, inFlight.size);
      await new Promise((r) => setTimeout(r, ms));
      inFlight.delete(m.id);
    },
  };
  return { transport, delivered, overlapsOfOneBill, most: () => most };
}

describe('the outbox worker delivers in parallel', () => {
  it('has several messages in flight at once, each delivered once, a bill\'s messages one after the other in queue order', async () => {
    const singles: number[] = [];
    for (let i = 1; i <= 8; i++) singles.push(await declared(`YX-PAR-ONE-${i}`));
    const threeParts = await declared('YX-PAR-THREE', 3);
    const queued = await db().selectFrom('customs_messages').select(['id', 'bill_id']).where('status', '=', 'pending').orderBy('id').execute();
    expect(queued).toHaveLength(11);

    const w = watching(30);
    await createOutboxWorker({ db: db(), transport: w.transport, log: quiet, pollMs: 0, concurrency: 4 }).drain();

    expect(w.most()).toBeGreaterThan(1);
    expect(w.most()).toBeLessThanOrEqual(4);
    expect(w.delivered.map((m) => m.id).sort((a, b) => a - b)).toEqual(queued.map((m) => m.id));
    expect(w.overlapsOfOneBill).toEqual([]);
    const ofThree = queued.filter((m) => m.bill_id === threeParts).map((m) => m.id);
    expect(w.delivered.filter((m) => m.billId === threeParts).map((m) => m.id)).toEqual(ofThree);
    const rows = await db().selectFrom('customs_messages').select(['status', 'attempts']).where('id', 'in', queued.map((m) => m.id)).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    for (const id of [...singles, threeParts]) {
      expect(await db().selectFrom('bill_heads').select('state').where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ state: 'DECLARING' });
    }
  });

  it('two workers at once, each delivering in parallel, never take the same message', async () => {
    for (let i = 1; i <= 24; i++) await declared(`YX-PAR-TWO-${i}`);
    const queued = await db().selectFrom('customs_messages').select('id').where('status', '=', 'pending').execute();
    expect(queued).toHaveLength(24);
    const w = watching(10);
    const workers = [1, 2].map(() => createOutboxWorker({ db: db(), transport: w.transport, log: quiet, pollMs: 0, concurrency: 4, batchSize: 5 }));
    await Promise.all(workers.map((x) => x.drain()));
    const ids = w.delivered.map((m) => m.id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const rows = await db().selectFrom('customs_messages').select(['status', 'attempts']).where('id', 'in', queued.map((m) => m.id)).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
