// The exchange's transfer receipts (DxpRep) through the folder transport on a real server: a
// success is read (not refused to error/) and shows on the bill's 回执记录 as 传输回执; a failure
// the exchange may get over (3xxx) sends the message again, and once CUSTOMS_MAX_ATTEMPTS
// deliveries failed the bill shows 发送失败 with the exchange's text; a failure a resend cannot
// cure (1001 签名无效) fails it at once; the same file twice changes nothing; a DXP document
// nothing here reads is kept and listed among its company's 未匹配回执; a 2018-edition CEB506
// 120 moves the waybill to 海关入库.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportWaybill } from '../../domain/bills/export-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { dxpRepXml } from '../helpers/dxp-rep.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
const exchange = folderExchange('cbec-dxprep-');
const { dir, list } = exchange;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({
    env: exchange.env({
      CUSTOMS_MAX_ATTEMPTS: '2',
      // a retry is due at once: drain() delivers it
      CUSTOMS_RETRY_BASE_MS: '0',
    }),
  });
  [admin, other] = await Promise.all([login(t.app, demo.admin.username, demo.admin.password), login(t.app, demo.other.username, demo.other.password)]);
});
afterAll(async () => {
  await t.close();
  exchange.remove();
});

interface Event { kind: string; messageType: string; [k: string]: unknown }

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const messageOf = async (id: number) => (await db().selectFrom('customs_messages').selectAll().where('bill_id', '=', id).orderBy('id').execute())[0]!;
const until = <T>(check: () => Promise<T>) => vi.waitFor(async () => { const v = await check(); if (!v) throw new Error('not yet'); return v; }, { timeout: 15_000, interval: 30 });
const timeline = async (billId: number) => (await call(t.app, '/api/receipter/timeline', { billId }, admin.token)).body.data as { state: string; events: Event[] };

let fileNo = 0;
/** Drops a file into the inbox and waits until the transport moved it to done. */
async function receive(xml: string, name = `DxpRep_${++fileNo}.xml`): Promise<void> {
  await writeFile(join(dir('receive'), name), xml);
  await until(async () => (await list('done')).includes(name));
  expect(await list('error')).toEqual([]);
}

const order = (orderNo: string) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'YX-SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
});

async function declaredOrder(orderNo: string): Promise<{ id: number; guid: string }> {
  const r = await post(exportOrder, 'saveAndApply', order(orderNo));
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  const id = r.body.data.id as number;
  await t.app.customs.drain();
  const m = await messageOf(id);
  expect(m).toMatchObject({ status: 'sent', attempts: 1 });
  return { id, guid: m.guid };
}

describe('DxpRep through the folder transport', () => {
  it('a success is read, not refused, and shows on the timeline as 传输回执', async () => {
    const { id, guid } = await declaredOrder('YX-DXPREP-0001');
    await receive(dxpRepXml({ copMsgId: guid, code: '0', info: '成功', nodeId: '00000002' }));
    expect(await messageOf(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(await bill(id)).toMatchObject({ state: 'DECLARING' });
    const { events } = await timeline(id);
    expect(events.map((e) => [e.kind, e.messageType])).toEqual([['message', 'CEB303'], ['receipt', 'DxpRep']]);
    expect(events[1]).toMatchObject({
      messageTypeName: '传输回执', returnStatus: '0', returnStatusName: '传输成功', returnInfo: '成功',
      explain: { meaning: '交换平台已接收报文并转发给接收方' },
    });
    expect(events[1]!.unrecognised).toBeUndefined();
    const raw = await call(t.app, '/api/receipter/raw', { kind: 'receipt', id: events[1]!.id }, admin.token);
    expect(raw.body.data.xml).toContain('<DxpRep');
    // another company cannot read it
    expect((await call(t.app, '/api/receipter/raw', { kind: 'receipt', id: events[1]!.id }, other.token)).body.code).toBe(-1);
  });

  it('a failure the exchange may get over is delivered again; after CUSTOMS_MAX_ATTEMPTS the bill shows 发送失败 with its text', async () => {
    const { id, guid } = await declaredOrder('YX-DXPREP-0002');
    const first = dxpRepXml({ copMsgId: guid, code: '3002', info: '远程连接异常', noticeTime: '2026-03-18' });
    await receive(first);
    // the message is due again, its reason kept; the bill still waits
    expect(await messageOf(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'DXP 传输失败（3002）：远程连接异常' });
    expect(await bill(id)).toMatchObject({ state: 'DECLARING' });

    // the same file read again is a duplicate: nothing is failed twice
    await receive(first);
    expect(await messageOf(id)).toMatchObject({ status: 'pending', attempts: 1 });

    await t.app.customs.drain();
    expect(await messageOf(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(await list('send')).toContain(`CEB303Message_${guid}.xml`);

    await receive(dxpRepXml({ copMsgId: guid, code: '3003', info: '远程连接超时', noticeTime: '2026-03-19' }));
    expect(await messageOf(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'DXP 传输失败（3003）：远程连接超时' });
    expect(await bill(id)).toMatchObject({ state: 'SEND_FAILED', return_info: '报文发送失败（已尝试2次）：DXP 传输失败（3003）：远程连接超时' });

    const { state, events } = await timeline(id);
    expect(state).toBe('SEND_FAILED');
    const transfers = events.filter((e) => e.messageType === 'DxpRep');
    expect(transfers.map((e) => [e.returnStatusName, e.returnInfo])).toEqual([['传输失败(3002)', '远程连接异常'], ['传输失败(3003)', '远程连接超时']]);
    expect(transfers[0]!.explain).toMatchObject({ meaning: '远程连接异常：远程连接失败', cause: '网络或对端系统不可用' });
    const message = events.find((e) => e.kind === 'message')!;
    expect(message).toMatchObject({ statusName: '发送失败', lastError: 'DXP 传输失败（3003）：远程连接超时', attempts: 2 });

    // 发送失败 is the user's to declare again: the message leaves once more
    const again = await post(exportOrder, 'saveAndApply', { ...order('YX-DXPREP-0002'), id, version: (await bill(id)).version });
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  });

  it('a failure a resend cannot cure (1001 签名无效) fails the message at once', async () => {
    const { id, guid } = await declaredOrder('YX-DXPREP-0003');
    await receive(dxpRepXml({ copMsgId: guid, code: '1001', info: '报文签名无效' }));
    expect(await messageOf(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'DXP 传输失败（1001）：报文签名无效' });
    expect(await bill(id)).toMatchObject({ state: 'SEND_FAILED', return_info: '报文被拒收：DXP 传输失败（1001）：报文签名无效' });
    const transfer = (await timeline(id)).events.find((e) => e.messageType === 'DxpRep')!;
    expect(transfer.explain).toMatchObject({ meaning: '签名无效：报文签名无效' });
    expect((transfer.explain as { fix: string }).fix).toContain('重发同一报文不会成功');
  });

  it('a DxpRep for no message of ours, and a DXP document nothing reads, are kept and listed for the company their DXP id names', async () => {
    const dxpId = (await db().selectFrom('companies').select('dxp_id').where('id', '=', admin.userInfo.companyId).executeTakeFirstOrThrow()).dxp_id!;
    await receive(dxpRepXml({ copMsgId: 'NOT-A-MESSAGE-OF-OURS', code: '0', info: '成功', receiverId: dxpId }));
    const notice = `<?xml version="1.0" encoding="UTF-8"?>
<DxpNotice ver="1.0" xmlns="http://www.chinaport.gov.cn/dxp"><ReceiverId>${dxpId}</ReceiverId><Text>交换平台维护通知</Text></DxpNotice>`;
    await receive(notice, 'DxpNotice_1.xml');
    const mine = (await call(t.app, '/api/receipter/unmatched', { pageSize: 50 }, admin.token)).body.data;
    const types = mine.datas.map((r: { messageType: string }) => r.messageType);
    expect(types).toEqual(expect.arrayContaining(['DxpRep', 'DXP']));
    expect(mine.datas.find((r: { messageType: string }) => r.messageType === 'DXP')).toMatchObject({
      messageTypeName: '其它DXP报文', returnStatusName: '未识别', keys: { root: 'DxpNotice' },
      returnInfo: '未识别的 DXP 报文（DxpNotice），已保存未处理',
    });
    const filtered = (await call(t.app, '/api/receipter/unmatched', { messageType: 'DXP' }, admin.token)).body.data;
    expect(filtered.total).toBe(1);
    const theirs = (await call(t.app, '/api/receipter/unmatched', { pageSize: 50 }, other.token)).body.data;
    expect(theirs.datas.map((r: { messageType: string }) => r.messageType)).not.toContain('DXP');
    expect(await readFile(join(dir('done'), 'DxpNotice_1.xml'), 'utf8')).toBe(notice);
  });
});

describe('2018 edition statuses', () => {
  it('a CEB506 120 (海关入库, 2018 edition) moves the export waybill to 海关入库', async () => {
    const r = await post(exportWaybill, 'saveAndApply', {
      // the demo company as the carrier: a bare receipt goes to the company its codes name
      logisticsCode: '3302961A2B', logisticsName: '杭州云途国际物流有限公司', logisticsNo: 'YT2603181430120001', freight: 35.5, grossWeight: 0.85, packNo: 1,
      goodsInfo: '茶叶礼盒', billNo: 'MAWB-2026-0318', consignee: 'Tan Mei Ling', consigneeTelephone: '+60 12 345 6789',
      consigneeAddress: 'Jalan Ampang 1, Kuala Lumpur', orderNo: 'YX-DXPREP-0001',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
    const id = r.body.data.id as number;
    await t.app.customs.drain();
    const { guid } = await messageOf(id);
    const receipt = (status: string, info: string, at: Date) => buildReceiptXml(findReceiptType('CEB506')!, guid, [{
      guid, fields: { logisticsCode: '3302961A2B', logisticsNo: 'YT2603181430120001' }, returnStatus: status, returnTime: returnTimeOf(at), returnInfo: info,
    }]);
    await receive(receipt('2', `新增申报成功[${guid}]`, new Date(Date.now() - 2000)), 'CEB506_1.xml');
    await receive(receipt('120', '海关入库成功', new Date(Date.now() - 1000)), 'CEB506_2.xml');
    expect(await bill(id)).toMatchObject({ state: '120', return_status: '120', return_info: '海关入库成功' });
    const { events } = await timeline(id);
    const stored = events.find((e) => e.messageType === 'CEB506' && e.returnStatus === '120');
    expect(stored).toMatchObject({ returnStatusName: '海关入库' });
    expect(stored!.unrecognised).toBeUndefined();
    const states = (await call(t.app, '/api/enterprise/state/list', { mode: 'EXPU', billType: 'ExpuLogisticsState' }, admin.token)).body.data;
    expect(states.map((s: { state: string }) => s.state)).toContain('120');
  });
});
