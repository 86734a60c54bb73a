/**
 * Issue 29 item 3: every route keyed by a bill checks that bill type's module grant, as the bill's
 * own detail does (没有该操作的权限), for sub-accounts and API keys alike. A caller granted only
 * 出口订单 may not read an import inventory's receipts, timeline, sent XML (the signed CEB621 with
 * the buyer's name and ID number) nor its sign record. The sweep walks every route the server marks
 * bill-keyed, so a new one cannot be left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_GRANT, type GrantPair } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { serverText } from '../../domain/texts/server.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
let userId: number;
let ids: { bill: number; message: number; receipt: number; sign: number };
const idOf = (uri: string) => moduleSeeds.find((m) => m.uri === uri)!.id;
const page = (uri: string): GrantPair => ({ moduleId: idOf(uri), code: PAGE_GRANT });
const ORDER = '/bill/export/order';
const INVENTORY = '/bill/import/detailedList';
const SIGN = '/bill/export/signRecord';
const COP_NO = 'GRANT-INVT-0001';

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
  const db = t.handle.db;
  userId = (await db.selectFrom('users').select('id').where('login_name', '=', demo.user.username).executeTakeFirstOrThrow()).id;
  const companyId = admin.userInfo.companyId;
  // an import inventory with its sent message, customs' receipt and its sign record, straight in the tables
  const bill = await db.insertInto('bill_heads').values({
    company_id: companyId, bill_key: 'detailedList', mode: 'import', state: 'DECLARING', data: JSON.stringify({ copNo: COP_NO }),
  } as never).returning('id').executeTakeFirstOrThrow();
  const message = await db.insertInto('customs_messages').values({
    guid: 'GRANT-MSG-0001', company_id: companyId, bill_id: bill.id, message_type: 'CEB621', status: 'sent',
    xml: '<CEB621Message><InventoryHead><buyerName>张三</buyerName><buyerIdNumber>110101199001011234</buyerIdNumber></InventoryHead></CEB621Message>',
    next_attempt_at: new Date(),
  } as never).returning('id').executeTakeFirstOrThrow();
  const receipt = await db.insertInto('customs_receipts').values({
    guid: 'GRANT-RCPT-0001', message_type: 'CEB622', business_key: COP_NO, company_id: companyId, bill_id: bill.id,
    return_status: '2', return_time: '20261207120000000', return_info: '', keys: JSON.stringify({ copNo: COP_NO }), xml: '<CEB622Message/>',
  } as never).returning('id').executeTakeFirstOrThrow();
  const sign = await db.insertInto('sign_records').values({
    company_id: companyId, message_id: message.id, cop_no: COP_NO, type: 'CEB621Message', purpose: 'declare', wait_sign_data: '<x/>', state: 'SIGNED',
  } as never).returning('id').executeTakeFirstOrThrow();
  ids = { bill: Number(bill.id), message: Number(message.id), receipt: Number(receipt.id), sign: Number(sign.id) };
}, 120_000);
afterAll(() => t?.close());

/** Each bill-keyed route with a payload naming the import inventory's record. */
const calls = (): Record<string, unknown> => ({
  '/api/receipter/timeline': { billId: ids.bill },
  '/api/receipter/raw': { kind: 'message', id: ids.message },
  '/api/receipter/messageFindByBill': { messageType: 'CEB622Message', copNo: COP_NO },
  '/api/enterprise/sign/signData/findById': { id: ids.sign },
});
const rawReceipt = () => ({ kind: 'receipt', id: ids.receipt });
const saveGrants = (grants: GrantPair[]) => call(t.app, '/api/enterprise/user/saveGrants', { id: userId, grants }, admin.token);
const makeKey = async (grants: GrantPair[]) => (await call(t.app, '/api/enterprise/apiKey/save', { name: `k${Date.now()}`, grants }, admin.token)).body.data.secret as string;
const keyCall = async (url: string, data: unknown, secret: string) =>
  (await t.app.inject({ method: 'POST', url, headers: { 'x-api-key': secret }, payload: { data } })).json() as { code: number; message: string };

describe('bill-keyed routes check the bill type’s grant', () => {
  it('marks every route reading a bill’s records as bill-keyed (the sweep below covers each)', () => {
    const keyed = t.app.routeTable.filter((r) => r.billKeyed).map((r) => r.url).sort();
    expect(keyed).toEqual(['/api/enterprise/sign/signData/findById', '/api/receipter/raw', '/api/receipter/timeline']);
    for (const url of keyed) expect(Object.keys(calls())).toContain(url);
  });

  it('refuses a sub-account granted only 出口订单 (and the sign records) every record of an import inventory', async () => {
    expect((await saveGrants([page(ORDER), page(SIGN)])).body.code).toBe(0);
    for (const [url, data] of [...Object.entries(calls()), ['/api/receipter/raw', rawReceipt()] as const]) {
      expect((await call(t.app, url, data, user.token)).body, url).toMatchObject({ code: -1, message: serverText.noPermission });
    }
  });

  it('lets the same sub-account read them once it holds 进口清单', async () => {
    expect((await saveGrants([page(ORDER), page(SIGN), page(INVENTORY)])).body.code).toBe(0);
    for (const [url, data] of [...Object.entries(calls()), ['/api/receipter/raw', rawReceipt()] as const]) {
      const body = (await call(t.app, url, data, user.token)).body;
      expect(body.code, `${url} ${JSON.stringify(body)}`).toBe(0);
    }
    const found = await call(t.app, '/api/receipter/messageFindByBill', calls()['/api/receipter/messageFindByBill'], user.token);
    expect(found.body.data).toHaveLength(1);
  });

  it('refuses an API key granted only 出口订单 the same, and lets one with 进口清单 through', async () => {
    const orderKey = await makeKey([page(ORDER), page(SIGN)]);
    const inventoryKey = await makeKey([page(INVENTORY), page(SIGN)]);
    for (const [url, data] of Object.entries(calls())) {
      expect(await keyCall(url, data, orderKey), url).toMatchObject({ code: -1, message: serverText.noPermission });
      expect((await keyCall(url, data, inventoryKey)).code, url).toBe(0);
    }
  });

  it('keeps another company’s ids not found, whatever the grants', async () => {
    const other = await login(t.app, demo.other.username, demo.other.password);
    expect((await call(t.app, '/api/receipter/timeline', { billId: ids.bill }, other.token)).body.message).not.toBe(serverText.noPermission);
    expect((await call(t.app, '/api/receipter/raw', { kind: 'message', id: ids.message }, other.token)).body.code).toBe(-1);
  });
});
