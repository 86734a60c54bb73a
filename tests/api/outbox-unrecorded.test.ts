// Issue 27 item 3 (the database on a full disk): a delivery whose outcome the database refused to
// record stayed 'sending' until its claim's lease ran out (11 minutes on PGlite with a full disk).
// Now the worker hands such a claim back at its next pass. The refusal is the database's own: a
// trigger that raises on the outcome's update, as a full disk's write error would.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

it('a delivery whose outcome could not be recorded is not left mid-send: the next pass takes it again', async () => {
  const db = t.handle.db;
  await sql`create function refuse_outcome() returns trigger language plpgsql as $$
    begin
      if old.status = 'sending' and new.status <> 'sending' then raise exception 'could not extend file: No space left on device'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger refuse_outcome before update on customs_messages for each row execute function refuse_outcome()`.execute(db);
  let id: number;
  try {
    const r = await call(t.app, `/api/enterprise${exportOrder.api.saveAndApply}`, {
      orderNo: 'UNRECORDED-1', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
      details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
    }, admin.token);
    expect(r.body, r.body.message).toMatchObject({ code: 0 });
    id = r.body.data.id as number;
    await t.app.customs.drain();
    expect(await db.selectFrom('customs_messages').select('status').where('bill_id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'sending' });
  } finally {
    await sql`drop trigger refuse_outcome on customs_messages`.execute(db);
    await sql`drop function refuse_outcome()`.execute(db);
  }
  // the database takes writes again: the next pass, not the lease minutes later, settles the message
  await t.app.customs.drain();
  expect(await db.selectFrom('customs_messages').select('status').where('bill_id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'sent' });
});
