// Issue 28, attribution: a receipt whose codes name one company is matched among that company's bills
// only; one whose codes name several goes to the one of them whose declared bill holds its keys (that
// company's own message answered), and otherwise is applied to none and listed among the 未匹配回执 of
// each company it names, with the reason — never given to one of them by the order its codes come in.
// A company none of its codes names never sees it. Bills are declared through the routes with the
// folder transport (the message leaves as a file and nobody answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { receiptText } from '../../domain/texts/receipts.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { claimUnmatchedReceipts } from '../../server/customs/receipts/claim.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { dxpEnvelope } from '../customs/samples/samples.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

type Who = 'admin' | 'other' | 'third';
let t: TestApp;
const users = {} as Record<Who, LoginAnswer>;
const codes = {} as Record<Who, string>;
const dxpIds = {} as Record<'admin' | 'other', string>;
const exchange = folderExchange('cbec-several-');

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({ env: exchange.env() });
  const db = t.handle.db;
  users.admin = await login(t.app, demo.admin.username, demo.admin.password);
  users.other = await login(t.app, demo.other.username, demo.other.password);
  for (const who of ['admin', 'other'] as const) {
    const c = await db.selectFrom('companies').select(['company_code', 'dxp_id']).where('id', '=', users[who].userInfo.companyId).executeTakeFirstOrThrow();
    codes[who] = c.company_code!;
    dxpIds[who] = c.dxp_id!;
  }
  // a third company, named by no code of the receipts here
  codes.third = '3302999S9C';
  const third = await db.insertInto('companies').values({ company_name: '宁波第三方测试有限公司', approve_state: 2, company_code: codes.third, customs_regist_code: codes.third, profile: '{}' })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ company_id: third.id, login_name: 'several3', user_name: '第三家', user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Several@2026pw') }).execute();
  users.third = await login(t.app, 'several3', 'Several@2026pw');
}, 60_000);
afterAll(async () => {
  await t.close();
  exchange.remove();
});

interface Listed { id: number; messageType: string; keys: Record<string, string>; returnStatus: string; reason?: string }

const db = () => t.handle.db;
const unmatched = async (who: Who) => {
  const r = await call(t.app, '/api/receipter/unmatched', { pageSize: 100 }, users[who].token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.data as { total: number; datas: Listed[] };
};
const listedFor = async (who: Who, orderNo: string) => (await unmatched(who)).datas.filter((x) => x.keys.orderNo === orderNo);
const bill = (id: number) => db().selectFrom('bill_heads').select(['state', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

/** An export order whose platform (ebpCode) is the other company and e-commerce enterprise (ebcCode) the admin's. */
const body = (orderNo: string, ebpCode = codes.other) => {
  const { appTime: _t, ...head } = exportOrderBill({ orderNo, ebpCode, ebcCode: codes.admin }).head;
  return { ...head, details: exportOrderBill().lines.map((l, i) => ({ ...l, id: `temp${i + 1}` })) };
};
async function declared(who: 'admin' | 'other', orderNo: string, ebpCode?: string): Promise<number> {
  const r = await call(t.app, `/api/enterprise${exportOrder.api.saveAndApply}`, body(orderNo, ebpCode), users[who].token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  await t.app.customs.drain();
  return r.body.data.id as number;
}

let clock = Date.now() - 3_600_000;
/** A CEB304 naming both companies: the platform (ebpCode) is the other's code, the e-commerce enterprise (ebcCode) the admin's. */
const bothNamed = (orderNo: string, returnStatus = '120') => {
  const guid = crypto.randomUUID().toUpperCase();
  return buildReceiptXml(findReceiptType('CEB304')!, guid, [{
    guid, fields: { ebpCode: codes.other, ebcCode: codes.admin, orderNo }, returnStatus, returnTime: returnTimeOf(new Date((clock += 1000))), returnInfo: '海关入库成功',
  }]);
};

describe('a receipt whose codes name two companies', () => {
  it('bare: moves neither company’s declared bill, is listed for both with the reason, and not for a third', async () => {
    const mine = await declared('admin', 'SC-ORDER-0001');
    const theirs = await declared('other', 'SC-ORDER-0001');
    const before = [await bill(mine), await bill(theirs)];
    expect(before.map((b) => b.state)).toEqual(['DECLARING', 'DECLARING']);

    expect(await t.app.customs.ingestReceiptXml(bothNamed('SC-ORDER-0001'))).toMatchObject({ stored: 1, applied: 0, unmatched: 1 });
    expect([await bill(mine), await bill(theirs)]).toEqual(before);
    expect(await db().selectFrom('customs_receipts').select('id').where('bill_id', 'in', [mine, theirs]).execute()).toEqual([]);

    for (const who of ['admin', 'other'] as const) {
      const listed = await listedFor(who, 'SC-ORDER-0001');
      expect(listed, who).toEqual([expect.objectContaining({ messageType: 'CEB304', returnStatus: '120', reason: receiptText.unmatchedReasons.severalCompanies })]);
      // its message is readable from the page by each company it names
      const raw = await call(t.app, '/api/receipter/raw', { kind: 'receipt', id: listed[0]!.id }, users[who].token);
      expect(raw.body, who).toMatchObject({ code: 0 });
      expect(raw.body.data.xml).toContain('SC-ORDER-0001');
    }
    const third = await unmatched('third');
    expect(third).toEqual({ total: 0, datas: [] });
    const id = (await listedFor('admin', 'SC-ORDER-0001'))[0]!.id;
    expect((await call(t.app, '/api/receipter/raw', { kind: 'receipt', id }, users.third.token)).body.code).not.toBe(0);
  });

  it('in a DXP envelope addressed to one of them: still applied to neither and listed for both', async () => {
    const mine = await declared('admin', 'SC-ORDER-0002');
    const theirs = await declared('other', 'SC-ORDER-0002');
    const before = [await bill(mine), await bill(theirs)];
    const wrapped = dxpEnvelope(bothNamed('SC-ORDER-0002'), { msgType: 'CEB304Message', receiverIds: [dxpIds.admin] });
    expect(await t.app.customs.ingestReceiptXml(wrapped)).toMatchObject({ stored: 1, applied: 0, unmatched: 1 });
    expect([await bill(mine), await bill(theirs)]).toEqual(before);
    for (const who of ['admin', 'other'] as const) expect((await listedFor(who, 'SC-ORDER-0002')).map((x) => x.reason), who).toEqual([receiptText.unmatchedReasons.severalCompanies]);
    expect((await listedFor('third', 'SC-ORDER-0002'))).toEqual([]);
  });

  it('is not applied by a later save of either company’s bill with its numbers (no claim by guess)', async () => {
    expect(await t.app.customs.ingestReceiptXml(bothNamed('SC-ORDER-0003'))).toMatchObject({ stored: 1, unmatched: 1 });
    const saved = await call(t.app, `/api/enterprise${exportOrder.api.save}`, body('SC-ORDER-0003'), users.admin.token);
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 0 });
    const id = saved.body.data.id as number;
    expect(await db().transaction().execute((trx) => claimUnmatchedReceipts(trx, [id]))).toBe(0);
    const timeline = (await call(t.app, '/api/receipter/timeline', { billId: id }, users.admin.token)).body.data.events as { kind: string }[];
    expect(timeline.filter((e) => e.kind === 'receipt')).toEqual([]);
    for (const who of ['admin', 'other'] as const) expect(await listedFor(who, 'SC-ORDER-0003'), who).toHaveLength(1);
  });

  it('goes to the one company named whose declared bill holds its keys (an agent declaring for another console company): its own message answered', async () => {
    const mine = await declared('admin', 'SC-ORDER-0005');
    // the other company's bill with the same numbers was never declared: it is no candidate
    const draft = await call(t.app, `/api/enterprise${exportOrder.api.save}`, body('SC-ORDER-0005'), users.other.token);
    expect(draft.body, JSON.stringify(draft.body)).toMatchObject({ code: 0 });
    const theirs = draft.body.data.id as number;
    const before = await bill(theirs);
    expect(await t.app.customs.ingestReceiptXml(bothNamed('SC-ORDER-0005'))).toMatchObject({ stored: 1, applied: 1, unmatched: 0 });
    expect(await bill(mine)).toMatchObject({ state: '120' });
    expect(await bill(theirs)).toEqual(before);
    for (const who of ['admin', 'other', 'third'] as const) expect(await listedFor(who, 'SC-ORDER-0005'), who).toEqual([]);
  });

  it('a receipt whose codes name one company is still matched among that company’s bills', async () => {
    const mine = await declared('admin', 'SC-ORDER-0004', '3302960E8F');
    const guid = crypto.randomUUID().toUpperCase();
    const xml = buildReceiptXml(findReceiptType('CEB304')!, guid, [{
      guid, fields: { ebpCode: '3302960E8F', ebcCode: codes.admin, orderNo: 'SC-ORDER-0004' }, returnStatus: '120', returnTime: returnTimeOf(new Date((clock += 1000))), returnInfo: '',
    }]);
    expect(await t.app.customs.ingestReceiptXml(xml)).toMatchObject({ stored: 1, applied: 1 });
    expect(await bill(mine)).toMatchObject({ state: '120' });
  });
});
