/**
 * What the 单一窗口 answers a 报关单 (DecMessage) with, as data: the import response and the 报关单回执
 * (DEC_DATA › DEC_RESULT), their elements, and how their status codes map onto the lifecycle's
 * customs codes (machines/bill-lifecycle.ts), which the 报关单's state dictionary
 * (ExpuDeclarationState) names.
 *
 * Sources: public integrations of the 单一窗口 client (element names of DecImportResponse and
 * DEC_RESULT, ResponseCode 0 = taken, the CHANNEL letters with their Chinese names below). The
 * official CHANNEL list is not in ../shared and was not found whole: the letters are those several
 * integrations agree on, and the mapping onto lifecycle codes is ours (docs/decisions/customs-issued-bills-and-archive.md). A letter
 * not listed is stored and shown, and leaves the bill as it is.
 */
import type { MessageReceiptDef } from './types.ts';

export const DEC_NAMESPACE = 'http://www.chinaport.gov.cn/dec';

/**
 * DEC_RESULT CHANNEL → lifecycle code. Names as the integrations give them:
 *   7 申报成功 (申报到海关预录入系统成功)               → 3   发送海关成功
 *   L 海关已接收 / 入库成功                              → 120 海关入库
 *   G 报关单已审结, J 通关无纸化审结, W 无纸验放通知（审结）→ 399 海关审结
 *   C 查验通知                                          → 500 查验
 *   P 海关已放行, I 无纸放行通知, K 通关无纸化担保放行,
 *   B 担保放行, F 放行交单                               → 800 放行
 *   R 已结关                                            → 899 结关
 *   E 海关退单/不受理, Z 退回修改, Y 申报失败              → 100 海关退单
 * Not mapped (stored, state kept): A/D 删单, H 挂起, M 重审, T 需交税费, X 准予进港, S 施检 …
 */
export const decChannelCodes: Readonly<Record<string, string>> = {
  '7': '3',
  L: '120',
  G: '399', J: '399', W: '399',
  C: '500',
  P: '800', I: '800', K: '800', B: '800', F: '800',
  R: '899',
  E: '100', Z: '100', Y: '100',
};

/** DecImportResponse ResponseCode: 0 = the 单一窗口 took the file (统一编号 assigned); anything else refuses it. */
export const decImportCodes: Readonly<Record<string, string>> = { '0': '2' };
/** the lifecycle code of a refused import (申报异常: the 单一窗口 did not take it, nothing reached customs) */
export const DEC_IMPORT_REFUSED = '-1';

/** The import response: matched by ClientSeqNo (企业内部编号); it brings the 统一编号. */
export const decImportResponse: MessageReceiptDef = {
  type: 'DEC_IMPORT',
  root: 'DecImportResponse',
  element: 'DecImportResponse',
  keys: ['copNo'],
  format: {
    label: '报关单导入回执',
    namespace: DEC_NAMESPACE,
    fields: [
      { element: 'ResponseCode', name: 'responseCode', label: '导入结果' },
      { element: 'ClientSeqNo', name: 'copNo', label: '企业内部编号' },
      { element: 'SeqNo', name: 'seqNo', label: '统一编号' },
      { element: 'TrnPreId', name: 'trnPreId', label: '转关单统一编号' },
    ],
    status: 'ResponseCode',
    info: 'ErrorMessage',
    statusMap: decImportCodes,
    otherwise: DEC_IMPORT_REFUSED,
    issues: ['seqNo'],
  },
};

/** The 报关单回执: matched by CUS_CIQ_NO (统一编号; SEQ_NO in older files); it brings the 报关单号. */
export const decResult: MessageReceiptDef = {
  type: 'DEC_DATA',
  root: 'DEC_DATA',
  element: 'DEC_RESULT',
  keys: ['seqNo'],
  format: {
    label: '报关单回执',
    namespace: '',
    fields: [
      { element: 'CUS_CIQ_NO', also: ['SEQ_NO'], name: 'seqNo', label: '统一编号' },
      { element: 'ENTRY_ID', name: 'entryId', label: '报关单号' },
      { element: 'CHANNEL', name: 'channel', label: '处理结果' },
      { element: 'CUSTOM_MASTER', also: ['DECL_PORT'], name: 'customMaster', label: '申报地海关' },
    ],
    status: 'CHANNEL',
    time: 'NOTICE_DATE',
    info: 'NOTE',
    statusMap: decChannelCodes,
    issues: ['seqNo', 'entryId'],
  },
};
