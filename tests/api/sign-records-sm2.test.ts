// SIGN_MODE=external with the default SIGN_ALGORITHM=sm2 on a real server: a sign record offers the
// data to sign for an SM2 card and for an RSA card; an SM2 signature made by the openssl CLI (an
// independent implementation, not the product's signer) is verified and the message goes to the
// simulator (which verifies it again); wrong signatures are refused with the record left waiting;
// 查看报文 names the algorithm and whether the signature verifies.
import { sign as rsaSign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { RSA_SHA1_URI, SHA1_URI, SM2_SM3_URI, SM3_URI } from '../../server/customs/sign/dsig.ts';
import { derToRawSignature } from '../../server/customs/sign/sm2.ts';
import { loadOrCreateSoftwareKey, type SoftwareKey } from '../../server/customs/sign/software-key.ts';
import { verifySignature } from '../../server/customs/sign/verify.ts';
import { opensslSm2, type OpensslSm2 } from '../helpers/openssl.ts';
import { declareWaiting as declareWaitingFor } from '../helpers/sign-waiting.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
/** Two SM2 "UKeys" made by the openssl CLI, and an RSA card */
let card: OpensslSm2;
let otherCard: OpensslSm2;
let rsaCard: SoftwareKey;
const keys = mkdtempSync(join(tmpdir(), 'cbec-ukey-sm2-'));

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0', SIGN_MODE: 'external' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  await initCustomsSchemas();
  card = opensslSm2('/CN=宁波跨境优选 UKey/O=cbec-test');
  otherCard = opensslSm2('/CN=另一张卡/O=cbec-test');
  rsaCard = await loadOrCreateSoftwareKey(join(keys, 'rsa'));
});
afterAll(async () => {
  await t.close();
  card.close();
  otherCard.close();
  rmSync(keys, { recursive: true, force: true });
});

const db = () => t.handle.db;
const post = (url: string, data: unknown) => call(t.app, url, data, admin.token);
const record = (id: number) => db().selectFrom('sign_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const message = (id: number) => db().selectFrom('customs_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

interface SignData { algorithm: 'sm2' | 'rsa'; signatureMethod: string; digestMethod: string; data: string }
interface Pending { id: number; waitSignData: string; algorithm: string; signData: SignData[] }

async function pendingOf(recordId: number): Promise<Pending> {
  const pending = await post('/api/sign/client/pending', {});
  expect(pending.body.code).toBe(0);
  const mine = (pending.body.data as Pending[]).find((r) => r.id === recordId);
  expect(mine).toBeDefined();
  return mine!;
}
const dataFor = (p: Pending, algorithm: 'sm2' | 'rsa') => p.signData.find((d) => d.algorithm === algorithm)!.data;

const declareWaiting = (orderNo: string) => declareWaitingFor(db(), admin, orderNo, 'sm2');

describe('an SM2 UKey in external mode', () => {
  it('a bill declared through the API waits; the record offers SM2 data first and RSA data too; an openssl SM2 signature sends the message', async () => {
    const line = { gnum: 1, itemNo: 'SKU-1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 1, price: 100, totalPrice: 100 };
    const saved = await post(`/api/enterprise${exportOrder.api.saveAndApply}`, { orderNo: 'YX-SM2-API-1', ebpCode: '3302960E8F', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0, details: [line] });
    expect(saved.body.code).toBe(0);
    const billId = saved.body.data.id as number;
    await t.app.customs.drain();
    const m = await db().selectFrom('customs_messages').selectAll().where('bill_id', '=', billId).executeTakeFirstOrThrow();
    expect(m.status).toBe('signing');
    const waiting = await db().selectFrom('sign_records').selectAll().where('message_id', '=', m.id).executeTakeFirstOrThrow();

    const mine = await pendingOf(waiting.id);
    expect(mine.algorithm).toBe('sm2');
    expect(mine.signData.map((d) => [d.algorithm, d.signatureMethod, d.digestMethod])).toEqual([['sm2', SM2_SM3_URI, SM3_URI], ['rsa', RSA_SHA1_URI, SHA1_URI]]);
    expect(mine.waitSignData).toBe(mine.signData[0]!.data);
    expect(mine.waitSignData).toContain(`<ds:SignatureMethod Algorithm="${SM2_SM3_URI}"></ds:SignatureMethod>`);
    expect(dataFor(mine, 'rsa')).toContain(`<ds:SignatureMethod Algorithm="${RSA_SHA1_URI}"></ds:SignatureMethod>`);

    // the card (openssl) signs the SM2 data; its DER signature and PEM certificate are posted
    const done = await post('/api/sign/client/complete', { id: waiting.id, signature: card.sign(mine.waitSignData).toString('base64'), certificate: card.certificatePem });
    expect(done.body).toMatchObject({ code: 0, data: { id: waiting.id, state: 'SIGNED' } });
    const signed = await message(m.id);
    expect(verifySignature(signed.xml)).toMatchObject({ ok: true, algorithm: 'sm2' });
    expect(validateCebXml('export', signed.xml)).toEqual([]);
    // the message carries r ‖ s (64 bytes), the DER the card gave converted
    const value = /<ds:SignatureValue>([^<]+)</.exec(signed.xml)![1]!;
    expect(Buffer.from(value, 'base64')).toHaveLength(64);
    expect(await record(waiting.id)).toMatchObject({ state: 'SIGNED', sign_result: value });

    // the simulator (customs) verifies it again before taking it: a refused signature would leave it 'failed'
    await t.app.customs.drain();
    expect(await message(m.id)).toMatchObject({ status: 'sent', last_error: null });

    // 查看报文: the algorithm and the verdict
    const raw = await post('/api/receipter/raw', { kind: 'message', id: m.id });
    expect(raw.body.code).toBe(0);
    expect(raw.body.data.signature).toEqual({ signed: true, algorithm: 'sm2', signatureMethod: SM2_SM3_URI, ok: true });
    // and the 签名记录 detail, by the same verifier
    const detail = await post('/api/enterprise/sign/signData/findById', { id: waiting.id });
    expect(detail.body.data.signature).toEqual({ signed: true, algorithm: 'sm2', signatureMethod: SM2_SM3_URI, ok: true });
  });

  it('a signature already in r ‖ s form (64 bytes, as UKeys return it) is accepted too', async () => {
    const { messageId, recordId } = await declareWaiting('YX-SM2-0001');
    const mine = await pendingOf(recordId);
    const raw = derToRawSignature(card.sign(mine.waitSignData))!;
    const done = await post('/api/sign/client/complete', { id: recordId, signature: raw.toString('base64'), certificate: card.certificatePem.replace(/-----[^-]+-----|\s/g, '') });
    expect(done.body.code).toBe(0);
    expect(verifySignature((await message(messageId)).xml)).toMatchObject({ ok: true, algorithm: 'sm2' });
  });

  it('wrong signatures are refused with a clear reason; the record stays waiting and the message unsigned', async () => {
    const a = await declareWaiting('YX-SM2-0002');
    const b = await declareWaiting('YX-SM2-0003');
    const before = { record: await record(b.recordId), message: await message(b.messageId) };
    const dataOfA = (await pendingOf(a.recordId)).waitSignData;
    const dataOfB = (await pendingOf(b.recordId)).waitSignData;
    const unchanged = async () => {
      expect(await record(b.recordId)).toEqual(before.record);
      expect(await message(b.messageId)).toEqual(before.message);
    };

    // another record's data
    const wrongRecord = await post('/api/sign/client/complete', { id: b.recordId, signature: card.sign(dataOfA).toString('base64'), certificate: card.certificatePem });
    expect(wrongRecord.body).toMatchObject({ code: -1, message: '签名与该签名记录的待签名数据不符（可能提交到了其他签名记录，或签名所用证书与提交的证书不一致），签名记录未作修改' });
    await unchanged();

    // signed by one card, posted with another card's certificate
    const wrongCard = await post('/api/sign/client/complete', { id: b.recordId, signature: card.sign(dataOfB).toString('base64'), certificate: otherCard.certificatePem });
    expect(wrongCard.body.message).toContain('签名与该签名记录的待签名数据不符');
    await unchanged();

    // the RSA data signed by the SM2 card (the certificate decides the algorithm)
    const wrongAlgorithm = await post('/api/sign/client/complete', { id: b.recordId, signature: card.sign(dataFor(await pendingOf(b.recordId), 'rsa')).toString('base64'), certificate: card.certificatePem });
    expect(wrongAlgorithm.body.message).toContain('签名与该签名记录的待签名数据不符');
    await unchanged();

    // not an SM2 signature at all
    const garbage = await post('/api/sign/client/complete', { id: b.recordId, signature: Buffer.alloc(50, 7).toString('base64'), certificate: card.certificatePem });
    expect(garbage.body).toMatchObject({ code: -1, message: 'SM2 签名值应为 64 字节（r‖s）或其 DER 编码，收到 50 字节' });
    await unchanged();

    // the right one afterwards
    const right = await post('/api/sign/client/complete', { id: b.recordId, signature: card.sign(dataOfB).toString('base64'), certificate: card.certificatePem });
    expect(right.body.code).toBe(0);
    expect(await record(b.recordId)).toMatchObject({ state: 'SIGNED' });
  });

  it('an RSA card signs the record\'s RSA data: accepted, and the message goes out rsa-sha1', async () => {
    const { messageId, recordId } = await declareWaiting('YX-SM2-0004');
    const rsaData = dataFor(await pendingOf(recordId), 'rsa');
    const value = rsaSign('sha1', Buffer.from(rsaData, 'utf8'), rsaCard.privateKey).toString('base64');
    // the SM2 data signed with RSA does not verify
    const onSm2Data = rsaSign('sha1', Buffer.from((await record(recordId)).wait_sign_data, 'utf8'), rsaCard.privateKey).toString('base64');
    expect((await post('/api/sign/client/complete', { id: recordId, signature: onSm2Data, certificate: rsaCard.certificate.keyInfo.certificate })).body.code).toBe(-1);

    const done = await post('/api/sign/client/complete', { id: recordId, signature: value, certificate: rsaCard.certificate.keyInfo.certificate });
    expect(done.body.code).toBe(0);
    const signed = await message(messageId);
    expect(verifySignature(signed.xml)).toMatchObject({ ok: true, algorithm: 'rsa' });
    expect(signed.xml).toContain(`<ds:SignatureMethod Algorithm="${RSA_SHA1_URI}"/>`);
    // the record keeps what was actually signed
    expect(await record(recordId)).toMatchObject({ state: 'SIGNED', wait_sign_data: rsaData, sign_result: value });
  });

  it('查看报文 reports a signature that no longer verifies, with the reason, and an unsigned message as unsigned', async () => {
    const { messageId, recordId } = await declareWaiting('YX-SM2-0005');
    const unsigned = await post('/api/receipter/raw', { kind: 'message', id: messageId });
    expect(unsigned.body.data.signature).toEqual({ signed: false, ok: false });

    const data = (await pendingOf(recordId)).waitSignData;
    expect((await post('/api/sign/client/complete', { id: recordId, signature: card.sign(data).toString('base64'), certificate: card.certificatePem })).body.code).toBe(0);
    const xml = (await message(messageId)).xml;
    await db().updateTable('customs_messages').set({ xml: xml.replace('<ceb:orderNo>YX-SM2-0005<', '<ceb:orderNo>YX-SM2-0006<') }).where('id', '=', messageId).execute();
    const raw = await post('/api/receipter/raw', { kind: 'message', id: messageId });
    expect(raw.body.data.signature).toEqual({ signed: true, algorithm: 'sm2', signatureMethod: SM2_SM3_URI, ok: false, reason: '报文摘要不符：报文在加签后被修改' });
  });
});
