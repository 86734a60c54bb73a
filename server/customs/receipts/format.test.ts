// The 报关单's answers read by their definition's words (format.ts): the 单一窗口's import response
// and 报关单回执 DEC_DATA in the shapes integrations meet them, the CHANNEL letters mapped onto the
// lifecycle's codes, customs' second-precision times made orderable, and what is refused.
import { describe, expect, it } from 'vitest';
import { decChannelCodes, decImportCodes, DEC_IMPORT_REFUSED } from '../../../domain/bills/dec-receipts.ts';
import { lifecycleAccepts, lifecycleSnapshot } from '../../../machines/bill-lifecycle.ts';
import { nextStateOf } from '../bill-events.ts';
import { readCustomsXml } from './file.ts';
import { noticeTime } from './format.ts';
import { readReceiptXml } from './read.ts';
import { XmlReadError } from '../xml/read.ts';

const receivedAt = new Date('2026-03-20T02:24:36.789Z'); // 10:24:36.789 China time

const importResponse = (code: string, seqNo: string, error = '') => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<DecImportResponse xmlns="http://www.chinaport.gov.cn/dec">
  <ResponseCode>${code}</ResponseCode><ErrorMessage>${error}</ErrorMessage><ClientSeqNo>DEC2603200001</ClientSeqNo><SeqNo>${seqNo}</SeqNo><TrnPreId></TrnPreId>
</DecImportResponse>`;

const decData = (channel: string, noticeDate: string, numberElement = 'CUS_CIQ_NO') => `<?xml version="1.0" encoding="UTF-8"?>
<DEC_DATA>
  <DEC_RESULT>
    <${numberElement}>E20260000000000042</${numberElement}><ENTRY_ID>310520260000000042</ENTRY_ID><NOTICE_DATE>${noticeDate}</NOTICE_DATE>
    <CHANNEL>${channel}</CHANNEL><NOTE>入库成功！</NOTE><CUSTOM_MASTER>3105</CUSTOM_MASTER><I_E_DATE></I_E_DATE><D_DATE></D_DATE>
  </DEC_RESULT>
  <RESULT_INFO></RESULT_INFO>
</DEC_DATA>`;

describe('the import response (DecImportResponse)', () => {
  it('taken: the 统一编号 under the bill\'s field names, stamped when read, moving nothing', () => {
    const file = readReceiptXml(importResponse('0', 'E20260000000000042'), receivedAt);
    expect(file.type.type).toBe('DEC_IMPORT');
    expect(file.returns).toEqual([{
      guid: '', fields: { responseCode: '0', copNo: 'DEC2603200001', seqNo: 'E20260000000000042' },
      returnStatus: '2', returnTime: '20260320102436789', returnInfo: '', moves: false,
    }]);
  });

  it('refused: any other ResponseCode is 申报异常 (-1) with the error message, and moves the bill', () => {
    const [r] = readReceiptXml(importResponse('1', '', '报关单表头数据校验失败'), receivedAt).returns;
    expect(r).toEqual({ guid: '', fields: { responseCode: '1', copNo: 'DEC2603200001' }, returnStatus: '-1', returnTime: '20260320102436789', returnInfo: '报关单表头数据校验失败' });
  });
});

describe('the 报关单回执 (DEC_DATA)', () => {
  it('maps CHANNEL onto the lifecycle (L → 120) and keeps the numbers under the bill\'s names', () => {
    const file = readCustomsXml(decData('L', '2026-03-20T10:24:36'));
    expect(file).toMatchObject({ kind: 'receipt', messageType: 'DEC_DATA' });
    const r = file.kind === 'receipt' ? file.receipt.returns[0] : undefined;
    expect(r).toEqual({
      guid: '', fields: { seqNo: 'E20260000000000042', entryId: '310520260000000042', channel: 'L', customMaster: '3105' },
      returnStatus: '120', returnTime: '20260320102436120', returnInfo: '入库成功！',
    });
  });

  it.each([
    ['7', '3'], ['L', '120'], ['J', '399'], ['G', '399'], ['C', '500'], ['P', '800'], ['K', '800'], ['R', '899'], ['E', '100'], ['Z', '100'],
  ])('CHANNEL %s → %s', (channel, code) => {
    expect(readReceiptXml(decData(channel, '20260320T10243600')).returns[0]!.returnStatus).toBe(code);
  });

  it('keeps a letter it does not know as it came (stored, state kept)', () => {
    expect(readReceiptXml(decData('H', '2026-03-20T10:24:36')).returns[0]).toMatchObject({ returnStatus: 'H', returnTime: '20260320102436000' });
  });

  it('reads the older SEQ_NO, a bare DEC_RESULT and a DxpMsg around it', () => {
    expect(readReceiptXml(decData('P', '2026-03-20T10:24:36', 'SEQ_NO')).returns[0]!.fields.seqNo).toBe('E20260000000000042');
    const bare = decData('P', '2026-03-20T10:24:36').replace(/[\s\S]*(<DEC_RESULT>[\s\S]*<\/DEC_RESULT>)[\s\S]*/, '$1');
    expect(readReceiptXml(bare).returns[0]).toMatchObject({ returnStatus: '800', fields: { seqNo: 'E20260000000000042' } });
    const data = Buffer.from(decData('R', '2026-03-20T10:24:36')).toString('base64');
    const wrapped = `<DxpMsg xmlns="http://www.chinaport.gov.cn/dxp" ver="1.0"><TransInfo><CopMsgId>1</CopMsgId><SenderId>DXPEDCCEB0000003</SenderId>
<ReceiverIds><ReceiverId>DXPENT0000458763</ReceiverId></ReceiverIds><CreatTime>2026-03-20T10:24:37</CreatTime><MsgType>DEC_DATA</MsgType></TransInfo><Data>${data}</Data></DxpMsg>`;
    const file = readCustomsXml(wrapped);
    expect(file.transInfo?.receiverIds).toEqual(['DXPENT0000458763']);
    expect(file.kind === 'receipt' && file.receipt.returns[0]!.returnStatus).toBe('899');
  });

  it('refuses an answer without its CHANNEL or with a time it cannot read', () => {
    expect(() => readReceiptXml(decData('L', '2026-03-20T10:24:36').replace(/<CHANNEL>L<\/CHANNEL>/, ''))).toThrow(new XmlReadError('第1条回执缺少 CHANNEL'));
    expect(() => readReceiptXml(decData('L', '下午三点'))).toThrow(new XmlReadError('第1条回执的回执时间格式不正确：下午三点'));
  });
});

describe('the status maps and the lifecycle', () => {
  const sent = { id: 1, company_id: 1, bill_key: 'declarationForm', mode: 'export', state: 'DECLARING', return_status: null, return_time: null };
  it('move a declared 报关单 to the state named by each mapped code', () => {
    for (const [status, code] of Object.entries({ ...decChannelCodes, ...decImportCodes })) {
      const event = { type: 'customs.receipt', returnStatus: code, returnTime: '20260320102436120' } as const;
      expect(lifecycleAccepts(lifecycleSnapshot('DECLARING'), event), status).toBe(true);
      expect(nextStateOf(sent, event), status).toBe(code);
    }
    expect(nextStateOf(sent, { type: 'customs.receipt', returnStatus: DEC_IMPORT_REFUSED, returnTime: '20260320102436120' })).toBe('ERROR');
  });
});

describe('noticeTime', () => {
  it('completes customs\' second-precision time with the mapped code, so 入库 then 放行 in one second stay in order', () => {
    expect(noticeTime('2026-03-20T10:24:36', '120')).toBe('20260320102436120');
    expect(noticeTime('2026-03-20T10:24:36', '800')).toBe('20260320102436800');
    expect(noticeTime('2026-03-20T10:24:36', '-1')).toBe('20260320102436000');
    expect(noticeTime('2026-03-20T10:24:36', undefined)).toBe('20260320102436000');
    // finer times are customs' own
    expect(noticeTime('20180208T15032200', '3')).toBe('20180208150322000');
    expect(noticeTime('2026-03-20T10:24:36.123', '800')).toBe('20260320102436123');
    expect(noticeTime('2026-03-20', '800')).toBeUndefined();
  });
});
