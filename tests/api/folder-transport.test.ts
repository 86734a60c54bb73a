// The folder transport on a real server (CUSTOMS_TRANSPORT=folder): an order declared through the
// API leaves as CEB303Message_<guid>.xml (a DxpMsg) in the outbox; the receipts customs writes for
// it, dropped into the inbox bare or DxpMsg-wrapped, move the bill and end up in done; a malformed file ends up in error and moves
// nothing; an outbox that cannot be written fails the bill with the reason.
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { loadConfig } from '../../server/config.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas, validateDxpXml } from '../../server/customs/schemas.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
const exchange = folderExchange('cbec-exchange-');
const { dir, list } = exchange;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({
    env: exchange.env({ CUSTOMS_MAX_ATTEMPTS: '1' }),
  });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
  exchange.remove();
});

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const messagesOf = (id: number) => db().selectFrom('customs_messages').selectAll().where('bill_id', '=', id).orderBy('id').execute();
const until = <T>(check: () => Promise<T>) => vi.waitFor(async () => { const v = await check(); if (!v) throw new Error('not yet'); return v; }, { timeout: 10_000, interval: 30 });

const order = (orderNo: string) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'YX-SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
});

/** The CEB document inside an outbox file: base64 in the DxpMsg's Data. */
const cebOf = (content: string) => Buffer.from(/<Data>([^<]+)<\/Data>/.exec(content)![1]!, 'base64').toString('utf8');
const field = (xml: string, name: string) => new RegExp(`<ceb:${name}>([^<]*)</ceb:${name}>`).exec(xml)?.[1];

/** What customs answers to a CEB303, written the way it writes it. */
function orderReceipt(ceb: string, returnStatus: string, returnInfo: string, time = new Date()): string {
  const guid = /<ceb:CEB303Message[^>]*\bguid="([^"]+)"/.exec(ceb)![1]!;
  return buildReceiptXml(findReceiptType('CEB304')!, guid, [{
    guid,
    fields: { ebpCode: field(ceb, 'ebpCode')!, ebcCode: field(ceb, 'ebcCode')!, orderNo: field(ceb, 'orderNo')! },
    returnStatus, returnTime: returnTimeOf(time), returnInfo,
  }]);
}

/** A receipt as the DXP platform delivers it: a terminal-node DxpMsg, Data = base64 of the CEB document. */
const dxpFromCustoms = (ceb: string, receiverId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<DxpMsg ver="1.0" xmlns="http://www.chinaport.gov.cn/dxp">
  <TransInfo>
    <CopMsgId>${randomUUID()}</CopMsgId>
    <SenderId>DXPEDCCEB0000003</SenderId>
    <ReceiverIds><ReceiverId>${receiverId}</ReceiverId></ReceiverIds>
    <CreatTime>2026-03-18T10:25:00</CreatTime>
    <MsgType>CEB304Message</MsgType>
  </TransInfo>
  <Data>${Buffer.from(ceb, 'utf8').toString('base64')}</Data>
</DxpMsg>
`;

describe('CUSTOMS_TRANSPORT=folder', () => {
  it('reads its folders from the environment, by default under DATA_DIR, done and error beside the inbox', () => {
    expect(t.app.customs.transport.name).toBe('folder');
    const c = loadConfig({ DATA_DIR: '/srv/cbec', CUSTOMS_TRANSPORT: 'folder' });
    expect(c).toMatchObject({
      customsTransport: 'folder',
      customsOutboxDir: '/srv/cbec/customs/outbox', customsInboxDir: '/srv/cbec/customs/inbox',
      customsDoneDir: '/srv/cbec/customs/done', customsErrorDir: '/srv/cbec/customs/error',
      customsInboxPollMs: 1000, customsInboxSettleMs: 2000,
    });
    expect(loadConfig({ CUSTOMS_INBOX_DIR: '/x/receive' })).toMatchObject({ customsTransport: 'simulator', customsDoneDir: '/x/done', customsErrorDir: '/x/error' });
    expect(() => loadConfig({ CUSTOMS_TRANSPORT: 'ftp' })).toThrow('CUSTOMS_TRANSPORT 无效: ftp（可选 simulator, folder）');
  });

  it('round-trips an order: declaration file out, receipt files in, the bill moved, the files in done', async () => {
    const r = await post(exportOrder, 'saveAndApply', order('YX-FOLDER-0001'));
    expect(r.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
    const id = r.body.data.id as number;
    await t.app.customs.drain();

    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(await bill(id)).toMatchObject({ state: 'DECLARING', return_info: '报文已发送，等待海关回执' });
    const name = `CEB303Message_${message!.guid}.xml`;
    expect(await list('send')).toEqual([name]);
    const content = await readFile(join(dir('send'), name), 'utf8');
    // a DxpMsg (terminal node) to customs' export id, carrying its own file name
    expect(validateDxpXml(content)).toEqual([]);
    expect(content).toContain(`<CopMsgId>${message!.guid}</CopMsgId>`);
    expect(content).toContain('<ReceiverId>DXPEDCCEB0000003</ReceiverId>');
    expect(content).toContain('<MsgType>CEB303Message</MsgType>');
    expect(content).toContain(`<FileName>${name}</FileName>`);
    const ceb = cebOf(content);
    expect(ceb).toBe(message!.xml);
    expect(field(ceb, 'orderNo')).toBe('YX-FOLDER-0001');
    expect(content).toContain(`<SenderId>${field(ceb, 'dxpId')}</SenderId>`);

    // 2 电子口岸已暂存 …
    const declared = orderReceipt(ceb, '2', `新增申报成功[${message!.guid}]`, new Date(Date.now() - 1000));
    await writeFile(join(dir('receive'), `CEB304Message_${message!.guid}_1.xml`), declared);
    await until(async () => (await bill(id)).state === '2');
    expect(await bill(id)).toMatchObject({ state: '2', return_status: '2', return_info: `新增申报成功[${message!.guid}]` });
    await until(async () => (await list('done')).length === 1);

    // … then 120 海关入库, this time inside a DxpMsg from customs to the company
    const wrapped = dxpFromCustoms(orderReceipt(ceb, '120', '海关入库成功'), field(ceb, 'dxpId')!);
    await writeFile(join(dir('receive'), `CEB304Message_${message!.guid}_2.xml`), wrapped);
    await until(async () => (await bill(id)).state === '120');
    expect(await bill(id)).toMatchObject({ state: '120', return_status: '120', return_info: '海关入库成功' });
    await until(async () => (await list('done')).length === 2);
    expect(await list('done')).toEqual([`CEB304Message_${message!.guid}_1.xml`, `CEB304Message_${message!.guid}_2.xml`]);
    expect(await readFile(join(dir('done'), `CEB304Message_${message!.guid}_1.xml`), 'utf8')).toBe(declared);
    expect(await list('receive')).toEqual([]);
    expect(await list('error')).toEqual([]);

    const receipts = await db().selectFrom('customs_receipts').select(['return_status', 'company_id']).where('bill_id', '=', id).orderBy('return_time').execute();
    expect(receipts).toEqual([{ return_status: '2', company_id: admin.userInfo.companyId }, { return_status: '120', company_id: admin.userInfo.companyId }]);
  });

  it('the same receipt file dropped twice is stored once; its second copy gets its own name in done', async () => {
    const r = await post(exportOrder, 'saveAndApply', order('YX-FOLDER-0002'));
    const id = r.body.data.id as number;
    await t.app.customs.drain();
    const [message] = await messagesOf(id);
    const ceb = cebOf(await readFile(join(dir('send'), `CEB303Message_${message!.guid}.xml`), 'utf8'));
    const xml = orderReceipt(ceb, '2', `新增申报成功[${message!.guid}]`);
    const before = (await list('done')).length;
    for (let i = 1; i <= 2; i++) {
      await writeFile(join(dir('receive'), 'again.xml'), xml);
      await until(async () => (await list('done')).length === before + i);
    }
    expect(await list('done')).toEqual(expect.arrayContaining(['again.xml', 'again.2.xml']));
    const receipts = await db().selectFrom('customs_receipts').select('id').where('bill_id', '=', id).execute();
    expect(receipts).toHaveLength(1);
    expect(await bill(id)).toMatchObject({ state: '2' });
  });

  it('moves a malformed receipt file to error with the reason, and changes no bill', async () => {
    const countReceipts = async () => (await db().selectFrom('customs_receipts').select('id').execute()).length;
    const before = await countReceipts();
    await writeFile(join(dir('receive'), 'CEB304Message_broken.xml'), '<ceb:CEB304Message xmlns:ceb="http://www.chinaport.gov.cn/ceb"><ceb:OrderReturn>');
    await until(async () => (await list('error')).length === 2);
    expect(await list('error')).toEqual(['CEB304Message_broken.xml', 'CEB304Message_broken.xml.error.txt']);
    expect(await readFile(join(dir('error'), 'CEB304Message_broken.xml.error.txt'), 'utf8')).toContain('回执报文不是合法的 XML');
    expect(await countReceipts()).toBe(before);
  });

  it('fails the bill with the reason when the outbox cannot be written', async () => {
    await rm(dir('send'), { recursive: true });
    await writeFile(dir('send'), 'not a folder');
    try {
      const r = await post(exportOrder, 'saveAndApply', order('YX-FOLDER-0003'));
      const id = r.body.data.id as number;
      await t.app.customs.drain();
      expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
      const b = await bill(id);
      expect(b.state).toBe('SEND_FAILED');
      expect(b.return_info).toMatch(new RegExp(`^报文发送失败（已尝试1次）：无法写入发送目录 ${dir('send')}：(路径不是文件夹|路径已被同名文件占用)$`));
    } finally {
      await rm(dir('send'));
    }
  });
});
