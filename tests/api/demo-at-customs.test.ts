// The demo data is known to the embedded customs: a seeded released 出口清单 can be refunded as one
// declared in the console can (the simulator finds the original inventory it answered).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportDetailedList } from '../../domain/bills/export-detailed-list.ts';
import { call, demo, openDemoSuite, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
beforeAll(async () => ({ t, admin } = await openDemoSuite({ seedBills: true })));
afterAll(() => t.close());

it('a seeded released 出口清单 is held by the embedded customs, and its 申请退货 is taken', async () => {
  const db = t.handle.db;
  const released = await db.selectFrom('bill_heads').select(['id', 'invt_no', 'cop_no'])
    .where('bill_key', '=', 'detailedList').where('mode', '=', 'export').where('state', '=', '800')
    .where('company_id', '=', admin.userInfo.companyId).orderBy('id').executeTakeFirstOrThrow();
  const held = await db.selectFrom('customs_sim_documents').select(['status', 'head']).where('message_type', '=', 'CEB603')
    .where('guid', 'is not', null).execute();
  expect(held.some((d) => (typeof d.head === 'string' ? JSON.parse(d.head) : d.head).invtNo === released.invt_no && d.status === '800')).toBe(true);

  const r = await call(t.app, `/api/enterprise${exportDetailedList.api.refund}`, { ids: [released.id], reason: '买家拒收' }, admin.token);
  expect(r.body.data).toMatchObject({ succeeded: 1 });
  await t.app.customs.drain();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.app.customs.drain();
  const refund = await db.selectFrom('bill_heads').select(['state', 'return_info']).where('bill_key', '=', 'returnApplicationForm').where('mode', '=', 'export')
    .where('id', '=', r.body.data.created[0].id).executeTakeFirstOrThrow();
  expect(refund.return_info ?? '').not.toContain('原清单不存在');
  expect(['DECLARING', '100']).not.toContain(refund.state);
});
