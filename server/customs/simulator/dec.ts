/**
 * The 报关单 as the embedded 单一窗口 and customs know it, by their own element names (independent of
 * the console's definition, like the CEB rows of doc-types.ts, so a definition bug shows as a
 * refusal): a DecMessage is one document — DecHead, DecLists/DecList, DecSign (ClientSeqNo) — keyed
 * by the declaring agent and the client's number, and answered first by the 单一窗口's import
 * response, then by 报关单回执 (DEC_DATA) as customs moves it:
 *
 *   taken     import response ResponseCode 0 with the 统一编号 (SeqNo, 18), then CHANNEL 7 直接申报成功,
 *             L 入库成功！ with the 报关单号 (ENTRY_ID, 18), P 报关单已放行
 *   refused   import response 0 (SeqNo), 7, then CHANNEL E with the reason in NOTE (a blank required
 *             element, amounts that do not add up, a code outside the customs tables, SIMULATOR_REJECT_RATE)
 *   not taken import response ResponseCode 1 with ErrorMessage: a ClientSeqNo customs holds declared
 *             again without its SeqNo, or a SeqNo customs does not know
 *
 * Reply statuses are written as `import:<ResponseCode>` for the import response and the bare
 * CHANNEL letter for DEC_DATA (customs_sim_replies.return_status); decReplyXml writes either.
 */
import { decText } from '../../../domain/texts/dec.ts';
import type { CustomsDocType, RequiredField } from './doc-types.ts';

const DEC_NS = 'http://www.chinaport.gov.cn/dec';
const IMPORT = 'import:';

const f = (name: string, label: string): RequiredField => ({ name, label });

export const decDocType: CustomsDocType = {
  type: 'DEC', root: 'DecMessage', head: 'DecHead', lineGroup: 'DecLists', line: 'DecList', block: 'DecSign',
  receipt: 'DEC_DATA', signedByClient: true, writer: 'dec', lineNumber: 'GNo',
  key: ['AgentCode', 'ClientSeqNo'],
  changeWhen: 'SeqNo',
  customsField: 'CustomMaster',
  replyFields: ['ClientSeqNo', 'AgentCode', 'CustomMaster', 'SeqNo'],
  received: [{ status: `${IMPORT}0`, text: '' }, { status: '7', text: decText.declared('{seqNo}') }],
  refusal: 'E',
  path: [{ status: 'L', info: 'accepted', text: decText.stored }, { status: 'P', info: 'released', text: decText.released }],
  issues: [{ field: 'seqNo', at: `${IMPORT}0` }, { field: 'entryId', at: 'L' }],
  duplicate: { status: `${IMPORT}1`, info: decText.duplicate },
  unknown: { status: `${IMPORT}1`, info: decText.unknownSeqNo },
  required: [
    f('ClientSeqNo', '客户端报关单编号'), f('AgentCode', '申报单位代码'), f('AgentName', '申报单位名称'), f('CustomMaster', '申报地海关'),
    f('TradeCode', '境内发货人代码'), f('TradeName', '境内发货人名称'), f('TradeMode', '监管方式'), f('TradeCountry', '运抵国（地区）'),
    f('DistinatePort', '指运港'), f('PackNo', '件数'), f('GrossWet', '毛重'), f('NetWt', '净重'), f('TrafMode', '运输方式'), f('WrapType', '包装种类'),
  ],
  lineRequired: [
    f('GNo', '项号'), f('CodeTS', '商品编号'), f('GName', '商品名称'), f('GModel', '规格型号'), f('DeclPrice', '单价'), f('DeclTotal', '总价'),
    f('OriginCountry', '原产国（地区）'),
  ],
};

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const put = (name: string, value: string | undefined, pad = '  ') => (value ? `${pad}<${name}>${escapeText(value)}</${name}>\n` : `${pad}<${name}/>\n`);

/** yyyyMMddHHmmssSSS → 2026-03-20T10:24:36.123 (the simulator keeps its milliseconds; customs often writes seconds only). */
const noticeDate = (t: string) => `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}.${t.slice(14, 17)}`;

/**
 * One answer as the 单一窗口 writes it: a DecImportResponse (status `import:<code>`), or DEC_DATA
 * with one DEC_RESULT (status = CHANNEL). `fields`: the reply's head elements and issued numbers
 * (seqNo, entryId); `{seqNo}` in the text stands for the 统一编号.
 */
export function decReplyXml(status: string, fields: Readonly<Record<string, string>>, time: string, info: string): string {
  const seqNo = fields.seqNo ?? fields.SeqNo ?? '';
  const text = info.replace('{seqNo}', seqNo);
  if (status.startsWith(IMPORT)) {
    const code = status.slice(IMPORT.length);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<DecImportResponse xmlns="${DEC_NS}">\n${put('ResponseCode', code)}${put('ErrorMessage', text)}`
      + `${put('ClientSeqNo', fields.ClientSeqNo)}${put('SeqNo', code === '0' ? seqNo : '')}${put('TrnPreId', '')}</DecImportResponse>`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<DEC_DATA>\n  <DEC_RESULT>\n${put('CUS_CIQ_NO', seqNo, '    ')}${put('ENTRY_ID', fields.entryId, '    ')}`
    + `${put('NOTICE_DATE', noticeDate(time), '    ')}${put('CHANNEL', status, '    ')}${put('NOTE', text, '    ')}`
    + `${put('CUSTOM_MASTER', fields.CustomMaster, '    ')}${put('I_E_DATE', '', '    ')}${put('D_DATE', '', '    ')}  </DEC_RESULT>\n  <RESULT_INFO/>\n</DEC_DATA>`;
}
