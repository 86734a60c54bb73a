// SIGN_MODE=external with SIGN_ALGORITHM=rsa (RSA cards; SM2 cards: sign-records-sm2.test.ts) on a
// real server: a declaration waits as a sign record, the signing client
// fetches the data to sign and posts the signature back, the message continues to the simulator;
// wrong signatures are refused with nothing changed; the 签名记录 screens list, show and export.
import { sign as rsaSign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { loadOrCreateSoftwareKey, type SoftwareKey } from '../../server/customs/sign/software-key.ts';
import { verifySignature } from '../../server/customs/sign/verify.ts';
import { declareWaiting as declareWaitingFor } from '../helpers/sign-waiting.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
/** The "UKey": an RSA key and certificate, as the card's client would hold them. */
let ukey: SoftwareKey;
let otherCard: SoftwareKey;
const keys = mkdtempSync(join(tmpdir(), 'cbec-ukey-'));

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0', SIGN_MODE: 'external', SIGN_ALGORITHM: 'rsa' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
  await initCustomsSchemas();
  [ukey, otherCard] = await Promise.all([loadOrCreateSoftwareKey(join(keys, 'a')), loadOrCreateSoftwareKey(join(keys, 'b'))]);
});
afterAll(async () => {
  await t.close();
  rmSync(keys, { recursive: true, force: true });
});

const db = () => t.handle.db;
const post = (url: string, data: unknown, token = admin.token) => call(t.app, url, data, token);
const record = (id: number) => db().selectFrom('sign_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const message = (id: number) => db().selectFrom('customs_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const signWith = (key: SoftwareKey, data: string) => rsaSign('sha1', Buffer.from(data, 'utf8'), key.privateKey).toString('base64');
const certOf = (key: SoftwareKey) => key.certificate.keyInfo.certificate;

const declareWaiting = (orderNo: string) => declareWaitingFor(db(), admin, orderNo, 'rsa');

describe('the external signing client', () => {
  it('a bill declared through the API waits for the card: the worker holds its message as a sign record', async () => {
    const line = { gnum: 1, itemNo: 'SKU-1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 1, price: 100, totalPrice: 100 };
    const saved = await post(`/api/enterprise${exportOrder.api.saveAndApply}`, { orderNo: 'YX-SIGN-API-1', ebpCode: '3302960E8F', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0, details: [line] });
    expect(saved.body.code).toBe(0);
    const billId = saved.body.data.id as number;
    await t.app.customs.drain();
    const m = await db().selectFrom('customs_messages').selectAll().where('bill_id', '=', billId).executeTakeFirstOrThrow();
    expect(m).toMatchObject({ status: 'signing' });
    expect(m.xml).not.toContain('ds:Signature');
    const waiting = await db().selectFrom('sign_records').selectAll().where('message_id', '=', m.id).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ state: 'WAIT', cop_no: 'YX-SIGN-API-1', type: 'CEB303Message' });
    expect((await bill(billId)).state).toBe('DECLARING');
    // a second pass does not make a second record
    await t.app.customs.drain();
    expect(await db().selectFrom('sign_records').select('id').where('message_id', '=', m.id).execute()).toHaveLength(1);

    const done = await post('/api/sign/client/complete', { id: waiting.id, signature: signWith(ukey, waiting.wait_sign_data), certificate: certOf(ukey) });
    expect(done.body.code).toBe(0);
    await t.app.customs.drain();
    expect(await message(m.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(verifySignature((await message(m.id)).xml)).toMatchObject({ ok: true });
  });

  it('a waiting message is not delivered; the client gets the data to sign; its signature sends the message on', async () => {
    const { billId, messageId, recordId } = await declareWaiting('YX-SIGN-0001');
    expect(await message(messageId)).toMatchObject({ status: 'signing' });
    await t.app.customs.drain();
    expect(await message(messageId)).toMatchObject({ status: 'signing', attempts: 0 });

    const pending = await post('/api/sign/client/pending', {});
    expect(pending.body.code).toBe(0);
    const mine = pending.body.data.find((r: { id: number }) => r.id === recordId);
    expect(mine).toMatchObject({ copNo: 'YX-SIGN-0001', type: 'CEB303Message', typeName: '出口电子订单', purpose: '出口电子订单申报加签' });
    expect(mine.waitSignData).toMatch(/^<ds:SignedInfo xmlns:ceb="http:\/\/www.chinaport.gov.cn\/ceb" xmlns:ds="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(mine.waitSignData).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"></ds:SignatureMethod>');

    const done = await post('/api/sign/client/complete', { id: recordId, signature: signWith(ukey, mine.waitSignData), certificate: certOf(ukey) });
    expect(done.body).toMatchObject({ code: 0, data: { id: recordId, state: 'SIGNED' } });

    const signed = await message(messageId);
    expect(verifySignature(signed.xml)).toMatchObject({ ok: true });
    expect(validateCebXml('export', signed.xml)).toEqual([]);
    expect(signed.xml).toContain(`<ds:KeyName>${ukey.certificate.keyInfo.keyName}</ds:KeyName>`);
    expect(await record(recordId)).toMatchObject({ state: 'SIGNED', sign_result: signWith(ukey, mine.waitSignData), certificate: certOf(ukey) });
    expect((await post('/api/sign/client/pending', {})).body.data.some((r: { id: number }) => r.id === recordId)).toBe(false);

    await t.app.customs.drain();
    expect(await message(messageId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await bill(billId)).state).not.toBe('DECLARING');
  });

  it('a signature posted for the wrong record is refused with a clear error and nothing is lost', async () => {
    const a = await declareWaiting('YX-SIGN-0002');
    const b = await declareWaiting('YX-SIGN-0003');
    const before = { record: await record(b.recordId), message: await message(b.messageId) };
    const dataOfA = (await record(a.recordId)).wait_sign_data;
    expect(dataOfA).not.toBe(before.record.wait_sign_data);

    const wrong = await post('/api/sign/client/complete', { id: b.recordId, signature: signWith(ukey, dataOfA), certificate: certOf(ukey) });
    expect(wrong.body.code).toBe(-1);
    expect(wrong.body.message).toBe('签名与该签名记录的待签名数据不符（可能提交到了其他签名记录，或签名所用证书与提交的证书不一致），签名记录未作修改');
    expect(await record(b.recordId)).toEqual(before.record);
    expect(await message(b.messageId)).toEqual(before.message);

    // signed by one card, posted with another card's certificate
    const mismatch = await post('/api/sign/client/complete', { id: b.recordId, signature: signWith(ukey, before.record.wait_sign_data), certificate: certOf(otherCard) });
    expect(mismatch.body.message).toContain('签名与该签名记录的待签名数据不符');
    expect(await record(b.recordId)).toEqual(before.record);

    // both still complete with their own signatures afterwards
    for (const x of [a, b]) {
      const data = (await record(x.recordId)).wait_sign_data;
      const r = await post('/api/sign/client/complete', { id: x.recordId, signature: signWith(ukey, data), certificate: certOf(ukey) });
      expect(r.body.code).toBe(0);
    }
  });

  it('refuses garbage, a second signature, another company\'s record and an unknown record', async () => {
    const w = await declareWaiting('YX-SIGN-0004');
    const data = (await record(w.recordId)).wait_sign_data;
    const good = signWith(ukey, data);

    expect((await post('/api/sign/client/complete', { id: w.recordId, signature: '不是签名', certificate: certOf(ukey) })).body.message).toBe('签名值不是有效的 Base64 编码');
    const badCert = await post('/api/sign/client/complete', { id: w.recordId, signature: good, certificate: 'QUJD' });
    expect(badCert.body.message).toMatch(/^证书无法读取（应为 Base64 编码的 DER 或 PEM 格式 X.509 证书）/);
    // the PEM form of the certificate is accepted too, but only by the record's own company
    const pem = ukey.certificate.x509.toString();
    const foreign = await post('/api/sign/client/complete', { id: w.recordId, signature: good, certificate: pem }, other.token);
    expect(foreign.body).toMatchObject({ code: -1, message: '签名记录不存在或无权访问' });
    expect((await post('/api/sign/client/pending', {}, other.token)).body.data).toEqual([]);
    expect((await record(w.recordId)).state).toBe('WAIT');

    expect((await post('/api/sign/client/complete', { id: w.recordId, signature: good, certificate: pem })).body.code).toBe(0);
    const again = await post('/api/sign/client/complete', { id: w.recordId, signature: good, certificate: pem });
    expect(again.body).toMatchObject({ code: -1, message: '该签名记录当前状态为“已签名”，不能再提交签名' });
    expect((await post('/api/sign/client/complete', { id: 99999999, signature: good, certificate: pem })).body.message).toBe('签名记录不存在或无权访问');
    expect((await post('/api/sign/client/complete', { id: w.recordId })).status).toBe(400);
  });

  it('a client that cannot sign fails the record, the message and the bill (SEND_FAILED) with its reason', async () => {
    const w = await declareWaiting('YX-SIGN-0005');
    const r = await post('/api/sign/client/fail', { id: w.recordId, reason: '未插入UKey' });
    expect(r.body).toMatchObject({ code: 0, data: { state: 'FAILED' } });
    expect(await record(w.recordId)).toMatchObject({ state: 'FAILED', return_info: '签名失败：未插入UKey' });
    expect(await message(w.messageId)).toMatchObject({ status: 'failed', last_error: '签名失败：未插入UKey' });
    expect(await bill(w.billId)).toMatchObject({ state: 'SEND_FAILED', return_info: '签名失败：未插入UKey' });
    const late = await post('/api/sign/client/complete', { id: w.recordId, signature: signWith(ukey, (await record(w.recordId)).wait_sign_data), certificate: certOf(ukey) });
    expect(late.body.message).toBe('该签名记录当前状态为“签名失败”，不能再提交签名');
  });
});

describe('the 签名记录 screens', () => {
  it('list: paged rows of the caller\'s company, latest update first, filtered by state and copNo', async () => {
    await declareWaiting('YX-SIGN-LIST');
    const all = await post('/api/enterprise/sign/signData/list', { pageIndex: 0, pageSize: 50 });
    expect(all.body.code).toBe(0);
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
    const rows = all.body.data.datas as { id: number; createTime: string; updateTime: string }[];
    expect(rows[0]).toEqual({
      id: expect.any(Number), copNo: 'YX-SIGN-LIST', customsRegistCode: admin.userInfo.companyCode, companyName: admin.userInfo.companyName,
      type: 'CEB303Message', typeName: '出口电子订单', purpose: '出口电子订单申报加签', note: null, state: 'WAIT', stateName: '待签名',
      returnInfo: null, createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), updateTime: expect.any(String),
    });
    // acc §9: the latest update first
    const updated = rows.map((r) => r.updateTime);
    expect(updated).toEqual([...updated].sort().reverse());

    const failed = await post('/api/enterprise/sign/signData/list', { terms: [{ column: 'state', termType: 'eq', value: 'FAILED' }] });
    expect(failed.body.data.datas.map((r: { copNo: string }) => r.copNo)).toEqual(['YX-SIGN-0005']);
    const some = await post('/api/enterprise/sign/signData/list', { terms: [{ column: 'cop_no', termType: 'in', value: ['YX-SIGN-0002', 'YX-SIGN-0003'] }], sorts: [{ name: 'cop_no', order: 'asc' }] });
    expect(some.body.data).toMatchObject({ total: 2, datas: [{ copNo: 'YX-SIGN-0002', state: 'SIGNED' }, { copNo: 'YX-SIGN-0003', state: 'SIGNED' }] });
    const page = await post('/api/enterprise/sign/signData/list', { pageIndex: 1, pageSize: 2 });
    expect(page.body.data.datas).toHaveLength(2);
    expect(page.body.data.datas[0].id).toBe(rows[2]!.id);

    const bad = await post('/api/enterprise/sign/signData/list', { terms: [{ column: 'wait_sign_data', termType: 'eq', value: 'x' }] });
    expect(bad.body.code).toBe(-1);
    expect((await post('/api/enterprise/sign/signData/list', {}, other.token)).body.data).toEqual({ total: 0, datas: [] });
  });

  it('list: by default the record updated last comes first, whenever it was created (acc §9)', async () => {
    const list = async () => (await post('/api/enterprise/sign/signData/list', { pageIndex: 0, pageSize: 50 })).body.data.datas as { id: number; updateTime: string }[];
    const first = await declareWaiting('YX-SIGN-ORDER-1');
    await declareWaiting('YX-SIGN-ORDER-2');
    expect((await list())[0]!.id).not.toBe(first.recordId);
    // the older record is signed (or fails) later: its update time is the latest
    await db().updateTable('sign_records').set({ update_time: sql`now() + interval '1 hour'` }).where('id', '=', first.recordId).execute();
    const after = await list();
    expect(after[0]!.id).toBe(first.recordId);
    expect(after.map((r) => r.updateTime)).toEqual(after.map((r) => r.updateTime).sort().reverse());
  });

  it('findById: the record with the data to sign, the result and the message pretty-printed', async () => {
    const list = await post('/api/enterprise/sign/signData/list', { terms: [{ column: 'cop_no', termType: 'eq', value: 'YX-SIGN-0001' }] });
    const id = list.body.data.datas[0].id as number;
    const r = await post('/api/enterprise/sign/signData/findById', { id });
    expect(r.body.code).toBe(0);
    const d = r.body.data;
    expect(d).toMatchObject({ id, copNo: 'YX-SIGN-0001', state: 'SIGNED', stateName: '已签名', messageStatus: 'sent', certificate: certOf(ukey) });
    expect(d.waitSignData).toBe((await record(id)).wait_sign_data);
    expect(d.signResult).toBe((await record(id)).sign_result);
    // pretty-printed: the Signature, on one line in the message, is indented element by element
    expect(d.xml).toMatch(/\n {2}<ds:Signature xmlns:ds="http:\/\/www.w3.org\/2000\/09\/xmldsig#">\n {4}<ds:SignedInfo>\n/);
    expect(d.xml).toContain('<ceb:orderNo>YX-SIGN-0001</ceb:orderNo>');
    // the data to sign for reading: one element a line, the exact bytes kept in waitSignData
    expect(d.waitSignDataPretty).toMatch(/^<ds:SignedInfo [^>]*>\n {2}<ds:CanonicalizationMethod [^>]*\/>\n {2}<ds:SignatureMethod /);
    expect(d.waitSignDataPretty.replace(/>\s+</g, '><')).not.toBe(d.waitSignDataPretty);

    expect((await post('/api/enterprise/sign/signData/findById', { id }, other.token)).body).toMatchObject({ code: -1, message: '签名记录不存在或无权访问' });
  });

  it('exportData and downloadQueryTemplate answer downloads with the rows and the copNo column', async () => {
    const ex = await post('/api/enterprise/sign/signData/exportData', { terms: [{ column: 'state', termType: 'eq', value: 'SIGNED' }] });
    expect(ex.body.code).toBe(0);
    const file = await t.app.inject({ method: 'GET', url: ex.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '企业内部编号', '海关注册编码', '企业名称', '签名类型', '用途', '状态', '提示信息', '备注', '创建时间', '更新时间']);
    const copNos = sheet.getColumn(1).values.slice(2);
    expect([...copNos].sort()).toEqual(['YX-SIGN-0001', 'YX-SIGN-0002', 'YX-SIGN-0003', 'YX-SIGN-0004', 'YX-SIGN-API-1']);
    expect(sheet.getRow(2).getCell(6).value).toBe('已签名');

    const tpl = await post('/api/enterprise/sign/signData/downloadQueryTemplate', undefined);
    expect(tpl.body.code).toBe(0);
    const tfile = await t.app.inject({ method: 'GET', url: tpl.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
    const tbook = new ExcelJS.Workbook();
    await tbook.xlsx.load(tfile.rawPayload as never);
    expect(tbook.worksheets[0]!.getCell('A1').value).toBe('企业内部编号');
  });

  it('批量查询: a filled query template becomes an in-term on cop_no that the list takes', async () => {
    const upload = async (rows: string[][], name = 'sign_query.xlsx') => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('S');
      for (const r of rows) sheet.addRow(r);
      const boundary = 'cbecSignBoundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        Buffer.from(await book.xlsx.writeBuffer()), Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${admin.token}` } });
      return res.json().data[0].uri as string;
    };
    const parse = (data: unknown, token = admin.token) => post('/api/enterprise/bills/export/signRecord/parseQueryTemplate', data, token);
    const a = await upload([['企业内部编号'], ['YX-SIGN-0002'], ['YX-SIGN-0003'], ['YX-SIGN-0002']]);
    const b = await upload([['企业内部编号'], ['YX-SIGN-0004']]);
    const r = await parse({ filePaths: [a, b] });
    expect(r.body).toEqual({ code: 0, message: expect.any(String), data: { column: 'cop_no', values: ['YX-SIGN-0002', 'YX-SIGN-0003', 'YX-SIGN-0004'] } });
    const listed = await post('/api/enterprise/sign/signData/list', { terms: [{ column: 'cop_no', termType: 'in', value: r.body.data.values }] });
    expect(listed.body.data.total).toBe(3);

    expect((await parse({ filePath: await upload([['订单编号'], ['SO1']]) })).body).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    expect((await parse({ filePath: await upload([['企业内部编号']]) })).body).toMatchObject({ code: -1, message: '文件数据为空或格式不正确！' });
    expect((await parse({})).body.code).toBe(-1);
    // another company cannot read this company's upload
    expect((await parse({ filePath: a }, other.token)).body.code).toBe(-1);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/enterprise/sign/signData/list', payload: { data: {} } });
    expect(res.statusCode).toBe(401);
    const client = await t.app.inject({ method: 'POST', url: '/api/sign/client/pending', payload: { data: {} } });
    expect(client.statusCode).toBe(401);
  });
});
