/**
 * Seed data of the bill state dictionaries served by POST /api/enterprise/state/list {mode, billType}
 * → [{state, stateName}] (bills.md §4, §7). The spec names the dictionaries but not their values.
 *
 * State scheme (docs/decisions/bill-states-scheme.md, "Bill states"):
 * - Local states, before or around delivery to the e-port, are upper-case words:
 *     DRAFT        暂存       saved in the console, never declared
 *     DECLARING    申报中     declared: the message is in the outbox or sent, no receipt yet
 *     SEND_FAILED  发送失败   the console could not deliver the message (signing or transport failure)
 *     WITHDRAWN    已撤单     (inventories) customs concluded the 撤销申请 made from it (BillDefinition.withdraws)
 * - Customs states are the receipt's returnStatus code as a string ('1' … '899', ceb-messages §5.1),
 *   named as customs names them. Each dictionary holds only the codes its receipt can carry
 *   (ceb-messages §5.2), so the state filter offers nothing that cannot happen.
 *     ERROR        申报异常   a receipt with a negative returnStatus (business or format error,
 *                             ceb-messages §5.3); the code and text stay on the receipt.
 * - A dictionary holds the codes of ceb-messages §5.2 and those an earlier edition documents for
 *   the receipt (earlierEditionCodes: 120 on CEB506/508/510, 2018 edition).
 * - A positive returnStatus outside the dictionary (an official sample shows 18) changes nothing:
 *   the receipt is stored and shown with its raw code, counted as 未识别状态 (isDocumentedStatus),
 *   and the bill keeps its state (receiptState returns undefined).
 * - Array order is the display order: local states, customs codes ascending (the lifecycle order),
 *   ERROR last.
 *
 * Which bill uses which dictionary (also as data: billStateRefs):
 *
 * | page                              | bill                               | message → receipt | mode/billType                        |
 * |-----------------------------------|------------------------------------|-------------------|--------------------------------------|
 * | /bill/export/order                | 出口订单                           | CEB303 → CEB304   | EXPU/ExpuOrderState                  |
 * | /bill/export/receipt              | 收款单                             | CEB403 → CEB404   | EXPU/ExpuReceoptState                |
 * | /bill/export/waybill              | 出口运单                           | CEB505 → CEB506   | EXPU/ExpuLogisticsState              |
 * | /bill/export/detailedList         | 出口清单                           | CEB603 → CEB604   | EXPU/ExpuInventoryState              |
 * | /bill/export/billCancellation     | 撤销申请                           | CEB605 → CEB606   | EXPU/ExpuCancelState                 |
 * | /bill/export/returnApplicationForm| 退货申请                           | CEB213 → CEB214   | EXPU/ExpuRefundState                 |
 * | /bill/export/tallying             | 理货明细单                         | CEB215 → CEB216   | EXPU/ExpuTallyingState               |
 * | /bill/export/arrivalNote          | 运抵单                             | CEB507 → CEB508   | EXPU/ExpuDeliveryState               |
 * | /bill/export/billOfLading         | 清单总分单 (inventory reinsurance) | CEB607 → CEB608   | EXPU/ExpuInventoryReinsuranceState   |
 * | /bill/export/listTotalScoreSheet  | 清单总分单明细 (CEB792 清单 rows)  | CEB792 (customs)  | EXPU/ExpuSummaryResultState (added)  |
 * | /bill/export/billTotalOrderCancellation | 总分单撤销                   | CEB607 appType 3 → CEB608 | EXPU/ExpuInventoryReinsuranceDelState |
 * | /bill/export/departureForm        | 离境单                             | CEB509 → CEB510   | EXPU/ExpuDepartureState              |
 * | /bill/export/summaryApplicationForm | 汇总申请                         | CEB701 → CEB702   | EXPU/ExpuSummaryApplyState           |
 * | /bill/export/summaryApplicationDetailList | 汇总申请明细 (its lines)   | —                 | EXPU/ExpuSummaryApplyState           |
 * | /bill/export/summaryResultSheet   | 汇总结果单                         | CEB792 (customs)  | EXPU/ExpuSummaryResultState (added)  |
 * | /bill/export/declarationForm      | 报关单                             | not CEB           | EXPU/ExpuDeclarationState            |
 * | /bill/export/signRecord           | 签名记录                           | —                 | EXPU/CbeSignState (type: SignType)   |
 * | /bill/import/order                | 进口订单                           | CEB311 → CEB312   | INVT/InvtOrderState                  |
 * | /bill/import/receipt              | 支付单                             | CEB411 → CEB412   | INVT/InvtPaymentState                |
 * | /bill/import/waybill              | 进口运单                           | CEB511 → CEB512   | INVT/InvtLogisticsState              |
 * | /bill/import/detailedList         | 进口清单                           | CEB621 → CEB622   | INVT/InvtInventoryState              |
 * | /bill/import/billCancellation     | 撤销申请                           | CEB623 → CEB624   | INVT/InvtCancelState                 |
 * | /bill/import/returnApplicationForm| 退货申请                           | CEB625 → CEB626   | INVT/InvtRefundState                 |
 * | /bill/import/warehousingDetails   | 入库明细单                         | CEB711 → CEB712   | INVT/InvtDeliveryState               |
 * | /bill/import/taxbill              | 税单                               | CEB816 (customs)  | INVT/InvtTaxState (added; not in §4) |
 * | /bill/import/operatorPort         | 运营商口岸                         | —                 | INVT/InvtOperatorPortState (added)   |
 */
import returnStatusTable from './code-tables/return_status.json' with { type: 'json' };

export type BillStateMode = 'EXPU' | 'INVT';

export interface BillState {
  state: string;
  stateName: string;
}

export interface BillStateDictionary {
  mode: BillStateMode;
  billType: string;
  states: BillState[];
  /** the customs receipt whose returnStatus codes make up the customs states, when there is one */
  receipt?: string;
}

export interface BillStateRef {
  mode: BillStateMode;
  billType: string;
}

export const LocalBillState = {
  draft: 'DRAFT',
  declaring: 'DECLARING',
  sendFailed: 'SEND_FAILED',
  error: 'ERROR',
  /** an inventory whose 撤销申请 customs concluded (399): withdrawn (issue 31; ceb-messages names no code for it) */
  withdrawn: 'WITHDRAWN',
} as const;

const localStates: BillState[] = [
  { state: LocalBillState.draft, stateName: '暂存' },
  { state: LocalBillState.declaring, stateName: '申报中' },
  { state: LocalBillState.sendFailed, stateName: '发送失败' },
];
const errorState: BillState = { state: LocalBillState.error, stateName: '申报异常' };
const withdrawnState: BillState = { state: LocalBillState.withdrawn, stateName: '已撤单' };

/** An inventory's dictionary: withdrawn once its 撤销申请 is concluded (BillDefinition.withdraws), before ERROR. */
const withWithdrawn = (d: BillStateDictionary): BillStateDictionary => ({ ...d, states: [...d.states.slice(0, -1), withdrawnState, ...d.states.slice(-1)] });

/**
 * returnStatus code → Chinese name: return_status.json (the union of the receipt lists), plus the
 * detention and return codes it lacks, from ceb-messages §5.1.
 */
export const returnStatusNames: Record<string, string> = {
  ...Object.fromEntries(returnStatusTable.map(({ value, name }) => [value, name])),
  '501': '扣留移送通关',
  '502': '扣留移送缉私',
  '503': '扣留移送法规',
  '599': '其它扣留',
  '700': '退运',
};

function statusName(code: string): string {
  const name = returnStatusNames[code];
  if (name === undefined) throw new Error(`no name for returnStatus ${code}`);
  return name;
}

/** A declared bill's dictionary: local states, the receipt's codes, ERROR. */
function declared(
  mode: BillStateMode,
  billType: string,
  receipt: string | undefined,
  codes: string[],
  names: Record<string, string> = {},
): BillStateDictionary {
  const states = [
    ...localStates,
    ...codes.map((code) => ({ state: code, stateName: names[code] ?? statusName(code) })),
    errorState,
  ];
  const dictionary: BillStateDictionary = { mode, billType, states };
  if (receipt !== undefined) dictionary.receipt = receipt;
  return dictionary;
}

// Receipt code sets of ceb-messages §5.2. Where the XSD text adds 399 to the PDF list, 399 is kept.
const ORDER_LIKE = ['1', '2', '3', '4', '100', '120', '399']; // CEB304, CEB404, CEB608, CEB624, CEB626, CEB712
const SHORT = ['1', '2', '3', '4', '100', '399']; // CEB606, CEB702, CEB216

/**
 * Codes customs documents for a receipt in an earlier edition of the message specification that the
 * 202205 lists (§5.2) dropped: the 2018 edition (海关总署公告2018年第113号) answers the export waybill,
 * 运抵单 and 离境单 with 120 海关入库 as well, and enterprises still receive it. A receipt's status
 * counts as documented when any edition documents it for that message.
 */
export const earlierEditionCodes: Readonly<Record<string, readonly string[]>> = {
  CEB506: ['120'],
  CEB508: ['120'],
  CEB510: ['120'],
};

/** The receipt's codes of ceb-messages §5.2, with those of earlier editions, in lifecycle order. */
function documented(receipt: string, codes: readonly string[]): string[] {
  const all = new Set([...codes, ...(earlierEditionCodes[receipt] ?? [])]);
  return [...all].sort((a, b) => Number(a) - Number(b));
}
const IMPORT_COMPANION = ['2', '3', '4', '100', '120', '399']; // CEB312, CEB412, CEB512 (no 暂存 receipt)

/** Signed declaration messages (enterprise to customs), for SignType. */
const signTypes: BillState[] = [
  { state: 'CEB303Message', stateName: '出口电子订单' },
  { state: 'CEB403Message', stateName: '出口收款单' },
  { state: 'CEB505Message', stateName: '出口物流运单' },
  { state: 'CEB507Message', stateName: '运抵单' },
  { state: 'CEB509Message', stateName: '离境单' },
  { state: 'CEB603Message', stateName: '出口申报清单' },
  { state: 'CEB605Message', stateName: '出口撤销申请单' },
  { state: 'CEB607Message', stateName: '清单总分单' },
  { state: 'CEB213Message', stateName: '零售出口退货申请单' },
  { state: 'CEB215Message', stateName: '出口退运理货明细单' },
  { state: 'CEB701Message', stateName: '汇总申请单' },
  { state: 'CEB311Message', stateName: '进口电子订单' },
  { state: 'CEB411Message', stateName: '支付凭证' },
  { state: 'CEB511Message', stateName: '进口物流运单' },
  { state: 'CEB513Message', stateName: '运单状态' },
  { state: 'CEB621Message', stateName: '进口清单' },
  { state: 'CEB623Message', stateName: '进口撤销申请单' },
  { state: 'CEB625Message', stateName: '进口退货申请单' },
  { state: 'CEB711Message', stateName: '入库明细单' },
];

export const billStateDictionaries: BillStateDictionary[] = [
  // ── export (EXPU) ────────────────────────────────────────────────────────────────────────
  declared('EXPU', 'ExpuOrderState', 'CEB304', ORDER_LIKE),
  declared('EXPU', 'ExpuReceoptState', 'CEB404', ORDER_LIKE),
  declared('EXPU', 'ExpuLogisticsState', 'CEB506', documented('CEB506', SHORT)),
  declared('EXPU', 'ExpuDeliveryState', 'CEB508', documented('CEB508', SHORT)),
  declared('EXPU', 'ExpuDepartureState', 'CEB510', documented('CEB510', SHORT)),
  withWithdrawn(declared('EXPU', 'ExpuInventoryState', 'CEB604', ['1', '2', '3', '4', '100', '120', '300', '399', '500', '800', '899'])),
  declared('EXPU', 'ExpuCancelState', 'CEB606', SHORT),
  declared('EXPU', 'ExpuInventoryReinsuranceState', 'CEB608', ORDER_LIKE),
  declared('EXPU', 'ExpuInventoryReinsuranceDelState', 'CEB608', ORDER_LIKE),
  declared('EXPU', 'ExpuRefundState', 'CEB214', ['1', '2', '3', '4', '100', '120', '300', '500', '505', '600', '800'], {
    '300': '待人工审核',
  }),
  declared('EXPU', 'ExpuTallyingState', 'CEB216', SHORT),
  declared('EXPU', 'ExpuSummaryApplyState', 'CEB702', SHORT),
  // The export declaration form is not a CEB message and no source lists its receipt codes; it uses
  // the CEB names of the milestones a customs declaration passes.
  declared('EXPU', 'ExpuDeclarationState', undefined, ['1', '2', '3', '4', '100', '120', '399', '500', '800', '899']),
  {
    mode: 'EXPU',
    billType: 'CbeSignState',
    states: [
      { state: 'WAIT', stateName: '待签名' },
      { state: 'SIGNED', stateName: '已签名' },
      { state: 'FAILED', stateName: '签名失败' },
    ],
  },
  { mode: 'EXPU', billType: 'SignType', states: signTypes },
  // Not among the names of bills.md §4: a CEB792 result customs issued (汇总结果单 and its 清单 rows).
  // Its decState values are customs' own (XSD: 具体返回值由海关确定): shown as a field, not a state.
  { mode: 'EXPU', billType: 'ExpuSummaryResultState', states: [{ state: 'ISSUED', stateName: '海关已下发' }] },

  // ── import (INVT) ────────────────────────────────────────────────────────────────────────
  declared('INVT', 'InvtOrderState', 'CEB312', IMPORT_COMPANION),
  declared('INVT', 'InvtPaymentState', 'CEB412', IMPORT_COMPANION),
  declared('INVT', 'InvtLogisticsState', 'CEB512', IMPORT_COMPANION),
  withWithdrawn(declared('INVT', 'InvtInventoryState', 'CEB622', [
    '1', '2', '3', '4', '100', '120', '300', '399', '500', '501', '502', '503', '599', '700', '800', '899',
  ])),
  declared('INVT', 'InvtCancelState', 'CEB624', ORDER_LIKE),
  declared('INVT', 'InvtRefundState', 'CEB626', ORDER_LIKE),
  declared('INVT', 'InvtDeliveryState', 'CEB712', ORDER_LIKE),
  // Not among the names of bills.md §4: the CEB816 tax bill status (ceb-messages §4), customs-issued.
  {
    mode: 'INVT',
    billType: 'InvtTaxState',
    states: [
      { state: '1', stateName: '已生成' },
      { state: '2', stateName: '已汇总' },
      { state: '3', stateName: '作废' },
    ],
  },
  // Not among the names of bills.md §4: 运营商口岸 rows kept by the platform.
  { mode: 'INVT', billType: 'InvtOperatorPortState', states: [{ state: 'ENABLED', stateName: '启用' }] },
];

/**
 * The states of a dictionary. An exact (mode, billType) match first; otherwise the dictionary of
 * that billType in the other mode (CbeSignState and SignType serve both directions). Undefined when
 * no dictionary has that billType.
 */
export function statesFor(mode: string, billType: string): BillState[] | undefined {
  const exact = billStateDictionaries.find((d) => d.mode === mode && d.billType === billType);
  if (exact) return exact.states;
  return billStateDictionaries.find((d) => d.billType === billType)?.states;
}

/**
 * The state a receipt moves a bill to: the returnStatus code when the dictionary holds it, ERROR for
 * a negative code, undefined for anything else (keep the bill's state, store the receipt).
 */
export function receiptState(mode: string, billType: string, returnStatus: string | number): string | undefined {
  const code = String(returnStatus).trim();
  if (/^-\d+$/.test(code)) return LocalBillState.error;
  return statesFor(mode, billType)?.some((s) => s.state === code) ? code : undefined;
}

/**
 * Whether a receipt's returnStatus is one customs documents for that receipt type (in any edition):
 * a code of a state dictionary answered by it, or a negative (error) code. False marks a status
 * the console cannot apply (stored and shown with its raw code, counted as 未识别状态). Receipts
 * without a dictionary (customs-issued messages, the 报关单's, the exchange's) name their own codes.
 */
export function isDocumentedStatus(receiptType: string, returnStatus: string | number): boolean {
  const code = String(returnStatus).trim();
  if (/^-\d+$/.test(code)) return true;
  const dictionaries = billStateDictionaries.filter((d) => d.receipt === receiptType);
  if (dictionaries.length === 0) return true;
  return dictionaries.some((d) => d.states.some((s) => s.state === code));
}

/** The state dictionary of each bill page, by direction and bill key; null where the page has none. */
export const billStateRefs: Record<'export' | 'import', Record<string, BillStateRef | null>> = {
  export: {
    order: { mode: 'EXPU', billType: 'ExpuOrderState' },
    receipt: { mode: 'EXPU', billType: 'ExpuReceoptState' },
    waybill: { mode: 'EXPU', billType: 'ExpuLogisticsState' },
    detailedList: { mode: 'EXPU', billType: 'ExpuInventoryState' },
    billCancellation: { mode: 'EXPU', billType: 'ExpuCancelState' },
    returnApplicationForm: { mode: 'EXPU', billType: 'ExpuRefundState' },
    tallying: { mode: 'EXPU', billType: 'ExpuTallyingState' },
    arrivalNote: { mode: 'EXPU', billType: 'ExpuDeliveryState' },
    billOfLading: { mode: 'EXPU', billType: 'ExpuInventoryReinsuranceState' },
    listTotalScoreSheet: { mode: 'EXPU', billType: 'ExpuSummaryResultState' },
    billTotalOrderCancellation: { mode: 'EXPU', billType: 'ExpuInventoryReinsuranceDelState' },
    departureForm: { mode: 'EXPU', billType: 'ExpuDepartureState' },
    summaryApplicationForm: { mode: 'EXPU', billType: 'ExpuSummaryApplyState' },
    summaryApplicationDetailList: { mode: 'EXPU', billType: 'ExpuSummaryApplyState' },
    summaryResultSheet: { mode: 'EXPU', billType: 'ExpuSummaryResultState' },
    declarationForm: { mode: 'EXPU', billType: 'ExpuDeclarationState' },
    signRecord: { mode: 'EXPU', billType: 'CbeSignState' },
  },
  import: {
    order: { mode: 'INVT', billType: 'InvtOrderState' },
    receipt: { mode: 'INVT', billType: 'InvtPaymentState' },
    waybill: { mode: 'INVT', billType: 'InvtLogisticsState' },
    detailedList: { mode: 'INVT', billType: 'InvtInventoryState' },
    billCancellation: { mode: 'INVT', billType: 'InvtCancelState' },
    returnApplicationForm: { mode: 'INVT', billType: 'InvtRefundState' },
    warehousingDetails: { mode: 'INVT', billType: 'InvtDeliveryState' },
    taxbill: { mode: 'INVT', billType: 'InvtTaxState' },
    operatorPort: { mode: 'INVT', billType: 'InvtOperatorPortState' },
  },
};
