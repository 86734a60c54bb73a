// 报关单 with the 单一窗口 client (CUSTOMS_TRANSPORT=folder) and SIGN_MODE=external: the DecMessage
// is written bare to the send folder as the client takes it (no DxpMsg, no sign record: the client
// signs DecSign with the operator's card), and the client's answers dropped into the receive folder
// — the import response, then 报关单回执 written to the second, two of them in one second — move the
// bill in customs' order and fill its numbers; 重新发送回执 keeps to customs' own latest answer.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportDeclarationForm } from '../../domain/bills/export-declaration-form.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
const exchange = folderExchange('cbec-dec-exchange-');
const { dir, list } = exchange;

beforeAll(async () => {
  t = await createTestApp({
    env: exchange.env({ SIGN_MODE: 'external', CUSTOMS_MAX_ATTEMPTS: '1' }),
  });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
  exchange.remove();
});

const db = () => t.handle.db;
const post = (key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${exportDeclarationForm.api[key]}`, data, admin.token);
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const until = (check: () => Promise<boolean>) => vi.waitFor(async () => { if (!(await check())) throw new Error('not yet'); }, { timeout: 10_000, interval: 30 });

/** The receipts kept without a bill that carry this 统一编号. */
const waitingWith = (seqNo: string) => db().selectFrom('customs_receipts').select(['return_status', 'company_id'])
  .where('bill_id', 'is', null).where(sql<boolean>`keys->>'seqNo' = ${seqNo}`).orderBy('return_time').execute();

/** A 报关单 saved and declared: its DecMessage is in the send folder. */
async function declared(copNo: string): Promise<number> {
  const saved = await post('save', {
    copNo, customMaster: '3105', contrNo: 'HT20260320', tradeCode: '3302961A2B', tradeName: '宁波跨境优选供应链管理有限公司',
    ownerName: '宁波跨境优选供应链管理有限公司', tradeMode: '9610', tradeCountry: '502', distinatePort: '502', packNo: 1, grossWet: 2, netWt: 1.5,
    insurCurr: '142', insurMark: '3', trafMode: '5', wrapType: '22', tradeAreaCode: '502',
    details: [{ id: 'temp1', gno: 1, gname: '白茶', codeTs: '0902109000', gmodel: '礼盒', exgNo: 'NB-TEA-001', firstUnit: '035', declPrice: 168, declTotal: 168, originCountry: '142' }],
  });
  const id = saved.body.data.id as number;
  expect((await post('apply', { ids: [id] })).body.data).toMatchObject({ succeeded: 1 });
  await t.app.customs.drain();
  return id;
}

/** The 单一窗口's import response taking the file: the 统一编号. */
const importResponse = (copNo: string, seqNo: string) => `<?xml version="1.0" encoding="UTF-8"?>
<DecImportResponse xmlns="http://www.chinaport.gov.cn/dec"><ResponseCode>0</ResponseCode><ErrorMessage></ErrorMessage>
<ClientSeqNo>${copNo}</ClientSeqNo><SeqNo>${seqNo}</SeqNo><TrnPreId></TrnPreId></DecImportResponse>`;

/** A 报关单回执, written to the second as customs writes it. */
const decResult = (seqNo: string, entryId: string, channel: string, note: string, time = '2026-03-20T10:24:36') => `<?xml version="1.0" encoding="UTF-8"?>
<DEC_DATA><DEC_RESULT><SEQ_NO>${seqNo}</SEQ_NO><ENTRY_ID>${entryId}</ENTRY_ID><NOTICE_DATE>${time}</NOTICE_DATE>
<CHANNEL>${channel}</CHANNEL><NOTE>${note}</NOTE><DECL_PORT>3105</DECL_PORT></DEC_RESULT><RESULT_INFO></RESULT_INFO></DEC_DATA>`;

const SEQ_NO = 'E20260000000123456';
const ENTRY_ID = '310520260000004711';

describe('报关单 through the 单一窗口 client folders', () => {
  it('writes the bare DecMessage, unsigned, and takes the client\'s answers in customs\' order', async () => {
    const id = await declared('DEC-FOLDER-0001');

    const [message] = await db().selectFrom('customs_messages').selectAll().where('bill_id', '=', id).execute();
    expect(message).toMatchObject({ message_type: 'DEC', status: 'sent' });
    expect(await db().selectFrom('sign_records').select('id').execute()).toEqual([]);
    expect(await list('send')).toEqual([`DecMessage_${message!.guid}.xml`]);
    const file = await readFile(join(dir('send'), `DecMessage_${message!.guid}.xml`), 'utf8');
    expect(file).toBe(message!.xml);
    expect(file).toMatch(/<DecSign>\s*<OperType>C<\/OperType>\s*<ClientSeqNo>DEC-FOLDER-0001<\/ClientSeqNo>\s*<\/DecSign>/);

    // the import response: the 统一编号, the bill still 申报中 (an untimed success moves nothing)
    await writeFile(join(dir('receive'), 'Successed_DEC-FOLDER-0001.xml'), importResponse('DEC-FOLDER-0001', SEQ_NO));
    await until(async () => (await bill(id)).pre_no === SEQ_NO);
    expect((await bill(id)).state).toBe('DECLARING');

    // 入库 and 放行 written to the same second (customs writes seconds only): both apply, in the flow's order
    const result = (channel: string, note: string) => decResult(SEQ_NO, ENTRY_ID, channel, note);
    await writeFile(join(dir('receive'), 'Receipt_1.xml'), result('L', '入库成功！'));
    await until(async () => (await bill(id)).state === '120');
    await writeFile(join(dir('receive'), 'Receipt_2.xml'), result('P', '报关单已放行'));
    await until(async () => (await bill(id)).state === '800');
    // a late copy of the 入库 answer moves nothing back
    await writeFile(join(dir('receive'), 'Receipt_1_again.xml'), result('L', '入库成功！'));
    await until(async () => (await list('done')).length === 4);
    const b = await bill(id);
    expect(b).toMatchObject({ state: '800', return_info: '报关单已放行', return_time: '20260320102436800' });
    expect((await post('detail', { id })).body.data).toMatchObject({ seqNo: SEQ_NO, entryId: ENTRY_ID, stateName: '放行' });
    const receipts = await db().selectFrom('customs_receipts').select(['message_type', 'return_status', 'return_time']).where('bill_id', '=', id).orderBy('return_time').execute();
    expect(receipts.map((r) => [r.message_type, r.return_status, r.return_time.slice(14)])).toEqual([
      ['DEC_DATA', '120', '120'], ['DEC_DATA', '800', '800'], ['DEC_IMPORT', '2', expect.any(String)],
    ]);
    expect(await list('error')).toEqual([]);

    // 重新发送回执 delivers customs' latest answer again, not the import response stamped after it
    expect((await post('sendReceipt', { ids: [id] })).body).toMatchObject({ code: 0, data: { succeeded: 1 } });
    expect(await bill(id)).toMatchObject({ state: '800', return_status: '800', return_info: '报关单已放行' });
  });

  it('a 报关单回执 read before the import response waits unmatched, then moves the bill once the 统一编号 comes', async () => {
    const id = await declared('DEC-FOLDER-0002');
    const seqNo = 'E20260000000123457';
    const entryId = '310520260000004712';
    const done = (await list('done')).length;
    // the client hands over 入库 and 放行 first: no bill has that 统一编号 yet
    await writeFile(join(dir('receive'), 'Receipt_early_1.xml'), decResult(seqNo, entryId, 'L', '入库成功！', '2026-03-21T09:00:00'));
    await writeFile(join(dir('receive'), 'Receipt_early_2.xml'), decResult(seqNo, entryId, 'P', '报关单已放行', '2026-03-21T09:30:00'));
    await until(async () => (await list('done')).length === done + 2);
    expect(await bill(id)).toMatchObject({ state: 'DECLARING', pre_no: null });
    // a bare file names no company: kept without a bill and without a company
    expect((await waitingWith(seqNo)).map((r) => [r.return_status, r.company_id])).toEqual([['120', null], ['800', null]]);

    await writeFile(join(dir('receive'), 'Successed_DEC-FOLDER-0002.xml'), importResponse('DEC-FOLDER-0002', seqNo));
    await until(async () => (await bill(id)).state === '800');
    expect(await bill(id)).toMatchObject({ pre_no: seqNo, return_status: '800', return_info: '报关单已放行', return_time: '20260321093000800' });
    expect((await post('detail', { id })).body.data).toMatchObject({ seqNo, entryId, stateName: '放行' });
    const receipts = await db().selectFrom('customs_receipts').select(['message_type', 'return_status', 'company_id']).where('bill_id', '=', id).orderBy('return_time').execute();
    expect(receipts.map((r) => [r.message_type, r.return_status, r.company_id])).toEqual([
      ['DEC_DATA', '120', admin.userInfo.companyId], ['DEC_DATA', '800', admin.userInfo.companyId], ['DEC_IMPORT', '2', admin.userInfo.companyId],
    ]);
    expect(await waitingWith(seqNo)).toEqual([]);
  });
});
