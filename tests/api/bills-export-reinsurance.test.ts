// 清单总分单's own actions (bills §4): 批量离境 with leaveTime and 撤销 with a note reason, and its
// cancellation list 总分单撤销 (/expuInventryReinsuranceCancel/*).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBillOfLading } from '../../domain/bills/export-bill-of-lading.ts';
import { exportBillTotalOrderCancellation } from '../../domain/bills/export-bill-total-order-cancellation.ts';
import { exportDepartureForm } from '../../domain/bills/export-departure-form.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { newGuid } from '../../server/customs/declaration.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp();
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => {
  await t.close();
});

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const bol = exportBillOfLading;
const cancellation = exportBillTotalOrderCancellation;

const master = (copNo: string) => ({
  copNo, customsCode: '3105', trafMode: '5', trafName: 'CA1234', voyageNo: 'CA1234', billNo: `999-${copNo}`, grossWeight: 12.5,
  logisticsCode: '3302980001', logisticsName: '宁波顺达国际物流有限公司', msgCount: 1, msgSeqNo: 1,
  details: [
    { id: 'temp1', gnum: 1, totalPackageNo: 'PK1', logisticsNo: `${copNo}-A`, invtNo: '31052026E000000101' },
    { id: 'temp2', gnum: 2, totalPackageNo: 'PK1', logisticsNo: `${copNo}-B`, invtNo: '31052026E000000102' },
  ],
});
async function heldMaster(copNo: string, state: string): Promise<number> {
  const r = await post(bol, 'save', master(copNo));
  expect(r.body, copNo).toMatchObject({ code: 0 });
  await t.handle.db.updateTable('bill_heads').set({ state, return_status: state, return_time: '20260318102440123' }).where('id', '=', r.body.data.id).execute();
  return r.body.data.id as number;
}
const messagesOf = (billId: number) => t.handle.db.selectFrom('customs_messages').select(['message_type', 'xml']).where('bill_id', '=', billId).execute();
const newest = async (key: string) => (await t.handle.db.selectFrom('bill_heads').select('id').where('bill_key', '=', key).orderBy('id', 'desc').limit(1).executeTakeFirst())?.id;

describe('批量离境', () => {
  it('needs leaveTime, then declares a 离境单 of each accepted 清单总分单\'s parcels', async () => {
    const taken = await heldMaster('ZFL001', '120');
    const draft = await heldMaster('ZFL002', 'DRAFT');
    expect((await post(bol, 'leave', { ids: [taken], leaveTime: '' })).body).toMatchObject({ code: -1, message: '请选择离境时间' });
    const r = await post(bol, 'leave', { ids: [taken, draft], leaveTime: '2026-03-20 22:15:00' });
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 1, failed: [{ id: draft, title: 'ZFL002', message: '企业内部编号 ZFL002 当前状态为暂存，不能批量离境' }] });
    const id = r.body.data.created[0].id as number;
    const departure = (await post(exportDepartureForm, 'detail', { id })).body.data;
    expect(departure).toMatchObject({ billNo: '999-ZFL001', voyageNo: 'CA1234', leaveTime: '2026-03-20 22:15:00', state: 'DECLARING' });
    const lines = (await post(exportDepartureForm, 'lines', { id, pageIndex: 1, pageSize: 10 })).body.data;
    expect(lines.datas.map((l: Record<string, unknown>) => [l.gnum, l.logisticsNo, l.totalPackageNo])).toEqual([[1, 'ZFL001-A', 'PK1'], [2, 'ZFL001-B', 'PK1']]);
    expect((await messagesOf(id)).map((m) => m.message_type)).toEqual(['CEB509']);
  });
});

describe('撤销 and 总分单撤销', () => {
  it('needs the reason, then declares the bill again as a deletion (appType 3) with the reason as its note', async () => {
    const id = await heldMaster('ZFC001', '120');
    expect((await post(bol, 'cancel', { ids: [id], note: ' ' })).body).toMatchObject({ code: -1, message: '请输入撤销原因' });
    const before = await newest('billTotalOrderCancellation');
    const r = await post(bol, 'cancel', { ids: [id], note: '航班取消' });
    expect(r.body.data).toMatchObject({ total: 1, succeeded: 1, failed: [] });
    const made = await newest('billTotalOrderCancellation');
    expect(made).not.toBe(before);
    const head = (await post(cancellation, 'detail', { id: made })).body.data;
    expect(head).toMatchObject({ copNo: 'ZFC001', appType: '3', note: '航班取消', grossWeight: 12.5, state: 'DECLARING', stateName: '申报中' });
    const lines = (await post(cancellation, 'lines', { id: made, pageIndex: 1, pageSize: 10 })).body.data;
    expect(lines.total).toBe(2);
    const [message] = await messagesOf(made!);
    expect(message!.message_type).toBe('CEB607');
    expect(message!.xml).toContain('<ceb:appType>3</ceb:appType>');
    expect(message!.xml).toContain('<ceb:note>航班取消</ceb:note>');
    // once per 清单总分单
    expect((await post(bol, 'cancel', { ids: [id], note: '再次撤销' })).body.data.failed[0].message).toBe('企业内部编号 ZFC001 已有总分单撤销，不能重复撤销');
    // its list, and another company's view of it
    const list = await post(cancellation, 'pageList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'cop_no', termType: 'eq', value: 'ZFC001' }] });
    expect(list.body.data).toMatchObject({ total: 1, datas: [{ id: made, copNo: 'ZFC001' }] });
    expect((await post(cancellation, 'detail', { id: made }, other.token)).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
    // 删除: only one customs refused or never got
    expect((await post(cancellation, 'delete', { ids: [made] })).body.data.failed[0].message).toContain('当前状态为申报中，不能删除');
    await t.handle.db.updateTable('bill_heads').set({ state: '100', return_status: '100' }).where('id', '=', made!).execute();
    expect((await post(cancellation, 'delete', { ids: [made] })).body.data).toMatchObject({ succeeded: 1 });
  });

  it('takes the CEB608 answers of a cancelled 清单总分单 on the cancellation, and the earlier ones on the bill', async () => {
    const type = findReceiptType('CEB608')!;
    const receipt = (copNo: string, returnStatus: string, returnTime: string) => buildReceiptXml(type, newGuid(), [{
      guid: newGuid(), fields: { agentCode: admin.userInfo.companyCode!, logisticsCode: '3302980001', copNo, preNo: '', billNo: `999-${copNo}`, msgSeqNo: '1' },
      returnStatus, returnTime, returnInfo: '处理成功',
    }]);
    const id = await heldMaster('ZFR001', 'DECLARING');
    await t.app.customs.ingestReceiptXml(receipt('ZFR001', '120', '20260318110000000'), { companyId: admin.userInfo.companyId });
    expect((await post(bol, 'detail', { id })).body.data.state).toBe('120');
    expect((await post(bol, 'cancel', { ids: [id], note: '改配航班' })).body.data.succeeded).toBe(1);
    const made = await newest('billTotalOrderCancellation');
    await t.app.customs.ingestReceiptXml(receipt('ZFR001', '120', '20260318120000000'), { companyId: admin.userInfo.companyId });
    expect((await post(cancellation, 'detail', { id: made })).body.data.state).toBe('120');
    expect((await post(bol, 'detail', { id })).body.data.state).toBe('120');
  });
});
