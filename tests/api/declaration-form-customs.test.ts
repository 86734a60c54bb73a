// 报关单 through the customs pipeline (issue 5): declared with /expuDeclaration/declarationList, it
// leaves the outbox as a 单一窗口 DecMessage (unsigned: the client signs DecSign), the embedded
// customs answers with the import response (统一编号) and 报关单回执 DEC_DATA (7, L with the 报关单号,
// P), which move the bill, fill seqNo and entryId, and show in the 回执 dialog's lookup. A refusal
// (CHANNEL E, with the reason) and a refused import (ResponseCode 1) move it too; a released one
// cannot be declared again; an answer no bill has the 统一编号 of is kept unmatched; the demo data
// holds a released 报关单 with its answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDeclarationForm } from '../../domain/bills/export-declaration-form.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { buildDeclaration, enqueueDeclaration } from '../../server/customs/declaration.ts';
import { seedDemoBills } from '../../server/db/seed/demo-bills.ts';
import { call, demo, openDemoSuite, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => ({ t, admin, other } = await openDemoSuite({ env: { CUSTOMS_POLL_MS: '0' } })));
afterAll(() => t.close());

const db = () => t.handle.db;
const post = (key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${exportDeclarationForm.api[key]}`, data, token);
const findByBill = (data: unknown, token = admin.token) => call(t.app, '/api/receipter/messageFindByBill', data, token);
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const receiptsOf = (id: number) => db().selectFrom('customs_receipts').selectAll().where('bill_id', '=', id).orderBy('id').execute();
const messagesOf = (id: number) => db().selectFrom('customs_messages').selectAll().where('bill_id', '=', id).orderBy('id').execute();

const goods = (gno: number, extra: Record<string, unknown> = {}) => ({
  id: `temp${gno}`, gno, gname: gno === 1 ? '白茶' : '真丝围巾', codeTs: gno === 1 ? '0902109000' : '6214100000', gmodel: gno === 1 ? '宁波白茶礼盒/250克' : '真丝/180×60cm',
  exgNo: gno === 1 ? 'NB-TEA-001' : 'NB-SILK-012', gqty: 5, gunit: '140', firstQty: 1.25, firstUnit: '035', declPrice: 168, declTotal: 840, tradeCurr: '142',
  originCountry: '142', destinationCountry: '502', ...extra,
});
const form = (copNo: string, details = [goods(1), goods(2, { gqty: 3, gunit: '015', firstQty: 3, firstUnit: '015', declPrice: 239, declTotal: 717 })]) => ({
  copNo, customMaster: '3105', contrNo: 'HT20260320', tradeCode: '3302961A2B', tradeName: '宁波跨境优选供应链管理有限公司',
  ownerName: '宁波跨境优选供应链管理有限公司', tradeMode: '9610', tradeCountry: '502', distinatePort: '502', packNo: 3, grossWet: 12.5, netWt: 11,
  insurCurr: '142', insurMark: '3', trafMode: '5', wrapType: '22', tradeAreaCode: '502', specDeclFlag: '0000000', details,
});

async function saved(copNo: string, data = form(copNo), token = admin.token) {
  const r = await post('save', { ...data, copNo }, token);
  expect(r.body).toMatchObject({ code: 0 });
  return r.body.data.id as number;
}

async function declare(id: number, token = admin.token) {
  const r = await post('apply', { ids: [id] }, token);
  expect(r.body.code).toBe(0);
  return r.body.data as { total: number; succeeded: number; failed: { id: number; message: string; errors?: { field: string; message: string }[] }[] };
}

/** A saved 报关单 queued as it is, bypassing the bill routes' checks (an ERP writing the outbox, an older console). */
async function queuedPastTheConsole(id: number) {
  const head = (await post('detail', { id })).body.data as Record<string, unknown>;
  const lines = (await post('lines', { id })).body.data as Record<string, unknown>[];
  await db().transaction().execute(async (trx) => {
    await trx.updateTable('bill_heads').set({ state: 'DECLARING' }).where('id', '=', id).execute();
    const declaration = buildDeclaration(exportDeclarationForm, { ...head, appTime: new Date() }, lines, { appStatus: '2' });
    await enqueueDeclaration(trx, { companyId: admin.userInfo.companyId, billId: id, declaration });
  });
}

describe('报关单 declared through the customs pipeline', () => {
  let released: number;
  let seqNo: string;

  it('goes out as a DecMessage, is answered by the import response and DEC_DATA, and ends 放行 with its numbers', async () => {
    released = await saved('DEC-API-0001');
    expect(await declare(released)).toMatchObject({ total: 1, succeeded: 1, failed: [] });
    await t.app.customs.drain();

    const [message] = await messagesOf(released);
    expect(message).toMatchObject({ message_type: 'DEC', status: 'sent', attempts: 1 });
    expect(message!.xml).toContain('<DecMessage xmlns="http://www.chinaport.gov.cn/dec" Version="3.1">');
    expect(message!.xml).toContain('<ClientSeqNo>DEC-API-0001</ClientSeqNo>');
    // the 单一窗口 client signs DecSign: the console adds no XML-DSig and keeps no sign record
    expect(message!.xml).not.toContain('Signature');
    expect(await db().selectFrom('sign_records').select('id').where('message_id', '=', message!.id).execute()).toEqual([]);

    const b = await bill(released);
    expect(b).toMatchObject({ state: '800', return_status: '800', return_info: '报关单已放行' });
    const detail = (await post('detail', { id: released })).body.data;
    expect(detail).toMatchObject({ state: '800', stateName: '放行' });
    seqNo = detail.seqNo;
    expect(seqNo).toMatch(/^E\d{17}$/);
    expect(detail.entryId).toMatch(/^3105\d{4}0\d{9}$/);

    const receipts = await receiptsOf(released);
    expect(receipts.map((r) => [r.message_type, r.return_status])).toEqual([['DEC_IMPORT', '2'], ['DEC_DATA', '3'], ['DEC_DATA', '120'], ['DEC_DATA', '800']]);
    expect(receipts[0]!.keys).toMatchObject({ copNo: 'DEC-API-0001', seqNo, responseCode: '0' });
    expect(receipts[2]!.keys).toMatchObject({ seqNo, entryId: detail.entryId, channel: 'L', customMaster: '3105' });
    expect(receipts[2]!.xml).toContain('<CHANNEL>L</CHANNEL>');

    // the 回执 dialog asks with the receipt's root and the row's keys: every answer, newest first
    const dialog = await findByBill({ messageType: 'DEC_DATA', seqNo, copNo: 'DEC-API-0001' });
    expect(dialog.body.code).toBe(0);
    expect(dialog.body.data.map((r: { returnStatusName: string; returnInfo: string }) => [r.returnStatusName, r.returnInfo])).toEqual([
      ['放行', '报关单已放行'], ['海关入库', '入库成功！'], ['发送海关成功', `${seqNo}直接申报成功`], ['电子口岸申报中', ''],
    ]);
    expect(dialog.body.data[0].returnTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    // another company sees none of it
    expect((await findByBill({ messageType: 'DEC_DATA', seqNo, copNo: 'DEC-API-0001' }, other.token)).body.data).toEqual([]);
  });

  it('cannot be declared again once released, and stays as it is', async () => {
    const answer = await declare(released);
    expect(answer).toMatchObject({ total: 1, succeeded: 0 });
    expect(answer.failed[0]!.message).toBe('企业内部编号 DEC-API-0001 当前状态为放行，不能申报');
    await t.app.customs.drain();
    expect((await messagesOf(released)).length).toBe(1);
    expect((await bill(released)).state).toBe('800');
  });

  it('a total that is not quantity × price: refused by customs (E → 海关退单) with the reason, then declared again with its 统一编号', async () => {
    const id = await saved('DEC-API-0002', form('DEC-API-0002', [goods(1, { declTotal: 800 })]));
    // the console refuses it first, on the line's total (customs' rule R111) …
    expect(await declare(id)).toMatchObject({ succeeded: 0, failed: [{ id, errors: [{ field: 'lines.0.declTotal' }] }] });
    // … so it reaches customs by another path: queued as it is, straight into the outbox
    await queuedPastTheConsole(id);
    await t.app.customs.drain();
    const refused = await bill(id);
    expect(refused).toMatchObject({ state: '100', return_status: '100' });
    expect(refused.return_info).toBe('海关退单：第1项商品的总价（800）与成交数量×单价（840）不一致');
    const detail = (await post('detail', { id })).body.data;
    expect(detail.seqNo).toMatch(/^E\d{17}$/);
    expect(detail.entryId ?? null).toBeNull();

    // fixed and declared again: the message carries the 统一编号, so customs takes it as a change
    const lines = (await post('lines', { id })).body.data as { id: number }[];
    expect((await post('saveLines', { headId: id, ...goods(1), id: lines[0]!.id })).body.code).toBe(0);
    expect(await declare(id)).toMatchObject({ succeeded: 1 });
    await t.app.customs.drain();
    const messages = await messagesOf(id);
    expect(messages[1]!.xml).toContain(`<SeqNo>${detail.seqNo}</SeqNo>`);
    expect(await bill(id)).toMatchObject({ state: '800' });
    expect((await post('detail', { id })).body.data.seqNo).toBe(detail.seqNo);
  });

  it('an import the 单一窗口 refuses (a ClientSeqNo it holds, without its 统一编号): 申报异常 with the error message', async () => {
    // another company declares the same agent and client number
    const id = await saved('DEC-API-0001', { ...form('DEC-API-0001'), agentCode: '3302961A2B' } as ReturnType<typeof form>, other.token);
    await declare(id, other.token);
    await t.app.customs.drain();
    const b = await bill(id);
    expect(b).toMatchObject({ state: 'ERROR', return_status: '-1' });
    expect(b.return_info).toBe('客户端报关单编号[ClientSeqNo]已存在，不能重复导入；修改后重新申报请带统一编号');
    // without a 统一编号 the dialog finds the refusal by the client number alone
    const dialog = await findByBill({ messageType: 'DEC_DATA', copNo: 'DEC-API-0001', seqNo: '' }, other.token);
    expect(dialog.body.data).toEqual([expect.objectContaining({ returnStatus: '-1', returnStatusName: '申报异常', returnInfo: b.return_info })]);
    expect((await findByBill({ messageType: 'DEC_DATA', copNo: '', seqNo: '' }, other.token)).body).toMatchObject({ code: -1, message: '请提供统一编号' });
  });

  it('keeps a 报关单回执 no bill has the 统一编号 of, listed among the unmatched receipts', async () => {
    const xml = `<DEC_DATA><DEC_RESULT><CUS_CIQ_NO>E20269999999999999</CUS_CIQ_NO><ENTRY_ID></ENTRY_ID><NOTICE_DATE>2026-03-20T10:24:36</NOTICE_DATE>
<CHANNEL>L</CHANNEL><NOTE>入库成功！</NOTE></DEC_RESULT><RESULT_INFO/></DEC_DATA>`;
    expect(await t.app.customs.ingestReceiptXml(xml, { companyId: admin.userInfo.companyId })).toMatchObject({ messageType: 'DEC_DATA', stored: 1, unmatched: 1 });
    const unmatched = await call(t.app, '/api/receipter/unmatched', { messageType: 'DEC_DATA' }, admin.token);
    expect(unmatched.body.data.datas).toEqual([expect.objectContaining({
      messageType: 'DEC_DATA', messageTypeName: '报关单回执', returnStatus: '120', returnStatusName: '海关入库', keys: { seqNo: 'E20269999999999999', channel: 'L' },
    })]);
  });

  it('without goods lines it is refused before anything is queued', async () => {
    const id = await saved('DEC-API-0003', form('DEC-API-0003', []));
    const answer = await declare(id);
    expect(answer.failed[0]!.message).toContain('表体至少需要1行');
    expect(await messagesOf(id)).toEqual([]);
    expect((await bill(id)).state).toBe('DRAFT');
  });

  it('the demo data holds a 报关单 customs released, with its numbers and answers', async () => {
    // what a first start seeds (server/start.ts); the test template holds the reference data only
    await seedDemoBills(t.handle.db, admin.userInfo.companyId);
    const demoForm = await db().selectFrom('bill_heads').selectAll()
      .where('bill_key', '=', 'declarationForm').where('company_id', '=', admin.userInfo.companyId).where('cop_no', 'like', 'DEC%901')
      .executeTakeFirstOrThrow();
    expect(demoForm).toMatchObject({ state: '800', return_info: '报关单已放行', pre_no: expect.stringMatching(/^E\d{17}$/) });
    expect((await post('detail', { id: demoForm.id })).body.data.entryId).toMatch(/^3105\d{4}0\d{9}$/);
    expect((await receiptsOf(demoForm.id)).map((r) => r.return_status)).toEqual(['2', '3', '120', '800']);
  });
});
