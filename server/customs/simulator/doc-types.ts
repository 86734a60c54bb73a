/**
 * What the simulated customs knows of each declaration it accepts, as data (ceb-messages §1, §3,
 * §5): the body layout, the fields that identify the document at customs, the receipts it answers
 * with on the way to its final state, the numbers customs issues, the business fields that must not
 * be blank, and which cross-document matches (三单比对) apply; the checks of a document are the rows
 * of customs' rule table for its message (domain/customs/rules, shared with the console).
 *
 * Deliberately independent of the console's bill definitions: a definition bug must show up as a
 * refusal, as it would with real customs. Negative codes follow ceb-messages §5.3 where it names
 * them; where it gives only a range, the code is the range's pattern and docs/decisions/customs-simulator.md says so.
 */
import type { SchemaName } from '../schemas.ts';
import { decDocType } from './dec.ts';

export interface RequiredField { name: string; label: string }

/** One receipt customs sends after 2 申报中 when it takes the document. */
export interface PathStep {
  status: string;
  /** key of simulatorText.stepInfo */
  info: 'accepted' | 'concluded' | 'released' | 'cleared' | 'cancelled' | 'refunded';
  /** the receipt's text when it is not stepInfo's (报关单 NOTE: 入库成功！) */
  text?: string;
}

/** preNo … of CEB receipts; seqNo (统一编号) and entryId (报关单号) of the 报关单's answers. */
export type IssuedNumber = 'preNo' | 'invtNo' | 'sumNo' | 'rkdNo' | 'seqNo' | 'entryId';

/** Another document that must already be held by customs (三单比对). */
export interface MatchRule {
  /** CEB303 … */
  type: string;
  /** their field ← my field */
  by: Readonly<Record<string, string>>;
  /** statuses of theirs that count (default: taken by customs: 120, 399, 800, 899) */
  states?: readonly string[];
  /** key of simulatorText.matchMissing */
  missing: 'order' | 'payment' | 'receipt' | 'waybill' | 'inventory';
  /** fields that must be equal: [mine, theirs, label] */
  equal?: readonly (readonly [string, string, string])[];
}

export interface CustomsDocType {
  type: string;
  root: string;
  /** the schema the message is checked against first; absent = none (报关单: read as well-formed XML only) */
  schema?: SchemaName;
  /** the repeated document element; absent = the root is the one document (DecMessage) */
  body?: string;
  head?: string;
  line?: string;
  /** the element wrapping the lines (DecLists) */
  lineGroup?: string;
  /** a block whose elements belong to the head (DecSign: ClientSeqNo) */
  block?: string;
  /** signed by the 单一窗口 client, not XML-DSig: no signature check here */
  signedByClient?: boolean;
  /** the line element numbering the goods in refusal texts (default gnum; 报关单 GNo) */
  lineNumber?: string;
  /** the element whose presence makes a declaration a change (报关单: SeqNo); absent: appType says */
  changeWhen?: string;
  /** the head element holding the customs office for the numbers issued (default customsCode) */
  customsField?: string;
  /** head elements the replies carry (default: the receipt's fields) */
  replyFields?: readonly string[];
  /** the answers of a taken declaration before its path (default: 2 申报中 新增申报成功[guid]) */
  received?: readonly { status: string; text: string }[];
  /** the status of a refusal after `received` (default 100 海关退单) */
  refusal?: string;
  /** how the answers are written: CEB receipts (default), or the 单一窗口's import response and DEC_DATA */
  writer?: 'dec';
  /** the receipt type that answers it */
  receipt: string;
  /** fields identifying the document at customs (across companies) */
  key: readonly string[];
  path: readonly PathStep[];
  /** an appType 1 declaration of a document customs already holds */
  duplicate: { status: string; info: string };
  /** an appType 2/3 declaration of a document customs does not hold */
  unknown: { status: string; info: string };
  required: readonly RequiredField[];
  lineRequired?: readonly RequiredField[];
  matches?: readonly MatchRule[];
  /** numbers customs writes into the receipt at a status and keeps for the document */
  issues?: readonly { field: IssuedNumber; at: string }[];
  /** what a taken declaration of this type does to the document it refers to */
  settles?: { type: string; by: Readonly<Record<string, string>>; status: string };
}

const f = (name: string, label: string): RequiredField => ({ name, label });
const taken: PathStep = { status: '120', info: 'accepted' };
const concluded: PathStep = { status: '399', info: 'concluded' };
const released: PathStep = { status: '800', info: 'released' };

/** Negative codes of ceb-messages §5.3 (−301010 …) or, where only a range is named, its pattern. */
const dup = (status: string, info: string) => ({ status, info });

const orderLines = [f('gnum', '序号'), f('itemName', '企业商品名称'), f('unit', '计量单位'), f('qty', '数量'), f('price', '单价'), f('totalPrice', '总价')];
const inventoryLines = [f('gnum', '序号'), f('gcode', '商品编码'), f('gname', '商品名称'), f('unit', '计量单位'), f('qty', '数量'), f('price', '单价'), f('totalPrice', '总价')];

export const customsDocTypes: readonly CustomsDocType[] = [
  // ── export ────────────────────────────────────────────────────────────────────────────────
  {
    type: 'CEB303', root: 'CEB303Message', schema: 'export', body: 'Order', head: 'OrderHead', line: 'OrderList', receipt: 'CEB304',
    key: ['ebpCode', 'orderNo'], path: [taken],
    duplicate: dup('-301010', '订单编号已存在'), unknown: dup('-301009', '申报类型与已存在的订单不符'),
    required: [f('orderType', '订单类型'), f('orderNo', '订单编号'), f('ebpCode', '电商平台代码'), f('ebpName', '电商平台名称'),
      f('ebcCode', '电商企业代码'), f('ebcName', '电商企业名称'), f('goodsValue', '商品金额'), f('freight', '运杂费'), f('currency', '币制')],
    lineRequired: [f('itemNo', '企业商品货号'), ...orderLines, f('currency', '币制')],
  },
  {
    type: 'CEB403', root: 'CEB403Message', schema: 'export', body: 'Receipts', receipt: 'CEB404',
    key: ['ebcCode', 'orderNo'], path: [taken],
    duplicate: dup('-401010', '收款单已存在'), unknown: dup('-401009', '申报类型与已存在的收款单不符'),
    required: [f('ebpCode', '电商平台代码'), f('ebpName', '电商平台名称'), f('ebcCode', '电商企业代码'), f('ebcName', '电商企业名称'),
      f('orderNo', '订单编号'), f('payName', '支付企业名称'), f('charge', '收款金额'), f('currency', '币制'), f('accountingDate', '到账时间')],
  },
  {
    type: 'CEB505', root: 'CEB505Message', schema: 'export', body: 'Logistics', receipt: 'CEB506',
    // CEB506 carries no 120 (ceb-messages §5.2): a waybill ends at 399 海关审结
    key: ['logisticsCode', 'logisticsNo'], path: [concluded],
    duplicate: dup('-504010', '物流运单编号已存在'), unknown: dup('-504009', '申报类型与已存在的运单不符'),
    required: [f('logisticsCode', '物流企业代码'), f('logisticsName', '物流企业名称'), f('logisticsNo', '物流运单编号'), f('freight', '运杂费'),
      f('insuredFee', '保价费'), f('currency', '币制'), f('grossWeight', '毛重'), f('packNo', '件数'), f('goodsInfo', '主要货物信息')],
  },
  {
    type: 'CEB507', root: 'CEB507Message', schema: 'export', body: 'Arrival', head: 'ArrivalHead', line: 'ArrivalList', receipt: 'CEB508',
    key: ['operatorCode', 'copNo', 'msgSeqNo'], path: [concluded], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-507010', '运抵单已存在'), unknown: dup('-507009', '申报类型与已存在的运抵单不符'),
    required: [f('customsCode', '申报地海关代码'), f('copNo', '企业内部编号'), f('operatorCode', '监管场所经营人代码'), f('operatorName', '监管场所经营人名称'),
      f('logisticsCode', '物流企业代码'), f('logisticsName', '物流企业名称')],
    lineRequired: [f('logisticsNo', '物流运单编号')],
  },
  {
    type: 'CEB509', root: 'CEB509Message', schema: 'export', body: 'Departure', head: 'DepartureHead', line: 'DepartureList', receipt: 'CEB510',
    key: ['logisticsCode', 'copNo', 'msgSeqNo'], path: [concluded], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-509010', '离境单已存在'), unknown: dup('-509009', '申报类型与已存在的离境单不符'),
    required: [f('customsCode', '申报地海关代码'), f('copNo', '企业内部编号'), f('logisticsCode', '物流企业代码'), f('logisticsName', '物流企业名称'),
      f('leaveTime', '离境时间')],
    lineRequired: [f('logisticsNo', '物流运单编号')],
  },
  {
    type: 'CEB603', root: 'CEB603Message', schema: 'export', body: 'Inventory', head: 'InventoryHead', line: 'InventoryList', receipt: 'CEB604',
    key: ['agentCode', 'copNo'], path: [taken, concluded, released],
    issues: [{ field: 'preNo', at: '2' }, { field: 'invtNo', at: '120' }],
    duplicate: dup('-603004', '清单已申报，不能重复申报'), unknown: dup('-603009', '申报类型与已存在的清单不符'),
    required: [f('customsCode', '申报地海关代码'), f('ebpCode', '电商平台代码'), f('orderNo', '订单编号'), f('logisticsCode', '物流企业代码'),
      f('logisticsNo', '物流运单编号'), f('copNo', '企业内部编号'), f('agentCode', '申报企业代码'), f('ebcCode', '电商企业代码'),
      f('tradeMode', '贸易方式'), f('grossWeight', '毛重'), f('netWeight', '净重')],
    lineRequired: [f('itemNo', '企业商品货号'), ...inventoryLines],
    matches: [
      { type: 'CEB303', by: { ebpCode: 'ebpCode', orderNo: 'orderNo' }, missing: 'order', equal: [['ebcCode', 'ebcCode', '电商企业代码']] },
      { type: 'CEB403', by: { ebcCode: 'ebcCode', orderNo: 'orderNo' }, missing: 'receipt' },
      { type: 'CEB505', by: { logisticsCode: 'logisticsCode', logisticsNo: 'logisticsNo' }, missing: 'waybill' },
    ],
  },
  {
    type: 'CEB605', root: 'CEB605Message', schema: 'export', body: 'InvtCancel', receipt: 'CEB606',
    key: ['agentCode', 'copNo'], path: [concluded], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-605010', '撤销申请单已存在'), unknown: dup('-605009', '申报类型与已存在的撤销申请单不符'),
    required: [f('customsCode', '申报地海关代码'), f('copNo', '企业内部编号'), f('invtNo', '清单编号'), f('reason', '撤单原因'), f('agentCode', '申报企业代码')],
    matches: [{ type: 'CEB603', by: { invtNo: 'invtNo' }, states: ['120', '399', '800'], missing: 'inventory' }],
    settles: { type: 'CEB603', by: { invtNo: 'invtNo' }, status: 'cancelled' },
  },
  {
    type: 'CEB607', root: 'CEB607Message', schema: 'export', body: 'WayBill', head: 'WayBillHead', line: 'WayBillList', receipt: 'CEB608',
    key: ['agentCode', 'copNo', 'msgSeqNo'], path: [taken], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-607010', '清单总分单已存在'), unknown: dup('-607009', '申报类型与已存在的清单总分单不符'),
    required: [f('customsCode', '申报地海关代码'), f('copNo', '企业内部编号'), f('agentCode', '申报企业代码'), f('billNo', '提运单号'),
      f('logisticsCode', '物流企业代码'), f('grossWeight', '毛重')],
    lineRequired: [f('logisticsNo', '物流运单编号')],
  },
  {
    type: 'CEB213', root: 'CEB213Message', schema: 'export', body: 'InvtRefund', head: 'InvtRefundHead', line: 'InvtRefundList', receipt: 'CEB214',
    key: ['agentCode', 'coElNo'], path: [taken, released], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-213010', '退货申请单已存在'), unknown: dup('-213009', '申报类型与已存在的退货申请单不符'),
    required: [f('customsCode', '申报地海关代码'), f('coElNo', '企业内部标识'), f('invtNo', '清单编号'), f('reason', '退货原因'), f('agentCode', '申报企业代码')],
    matches: [{ type: 'CEB603', by: { invtNo: 'invtNo' }, states: ['800', '899'], missing: 'inventory' }],
  },
  {
    type: 'CEB215', root: 'CEB215Message', schema: 'export', body: 'InvtRefundDetail', receipt: 'CEB216',
    key: ['operatorCode', 'coElNo'], path: [concluded], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-215010', '理货明细单已存在'), unknown: dup('-215009', '申报类型与已存在的理货明细单不符'),
    required: [f('customsCode', '申报地海关代码'), f('operatorCode', '监管场所经营人代码'), f('logisticsNo', '物流运单编号'), f('coElNo', '企业内部标识')],
  },
  {
    type: 'CEB701', root: 'CEB701Message', schema: 'export', body: 'SummaryApply', head: 'SummaryApplyHead', line: 'SummaryApplyList', receipt: 'CEB702',
    key: ['agentCode', 'copNo', 'msgSeqNo'], path: [concluded], issues: [{ field: 'preNo', at: '2' }, { field: 'sumNo', at: '399' }],
    duplicate: dup('-701010', '汇总申请单已存在'), unknown: dup('-701009', '申报类型与已存在的汇总申请单不符'),
    required: [f('customsCode', '申报地海关代码'), f('copNo', '企业内部编号'), f('agentCode', '申报企业代码'), f('ebcCode', '电商企业代码'),
      f('declAgentCode', '报关单位代码'), f('summaryFlag', '收发货人汇总标志')],
  },
  // ── import ────────────────────────────────────────────────────────────────────────────────
  {
    type: 'CEB311', root: 'CEB311Message', schema: 'import', body: 'Order', head: 'OrderHead', line: 'OrderList', receipt: 'CEB312',
    key: ['ebpCode', 'orderNo'], path: [taken],
    duplicate: dup('-301010', '订单编号已存在'), unknown: dup('-301009', '申报类型与已存在的订单不符'),
    required: [f('orderNo', '订单编号'), f('ebpCode', '电商平台代码'), f('ebcCode', '电商企业代码'), f('goodsValue', '商品金额'),
      f('acturalPaid', '实际支付金额'), f('buyerName', '订购人姓名'), f('buyerIdNumber', '订购人证件号码'), f('consignee', '收货人姓名')],
    lineRequired: [...orderLines, f('country', '原产国')],
  },
  {
    type: 'CEB411', root: 'CEB411Message', schema: 'import', body: 'Payment', head: 'PaymentHead', receipt: 'CEB412',
    key: ['payCode', 'payTransactionId'], path: [taken],
    duplicate: dup('-401010', '支付交易编号已存在'), unknown: dup('-401009', '申报类型与已存在的支付单不符'),
    required: [f('payCode', '支付企业代码'), f('payTransactionId', '支付交易编号'), f('orderNo', '订单编号'), f('ebpCode', '电商平台代码'),
      f('payerIdNumber', '支付人证件号码'), f('payerName', '支付人姓名'), f('amountPaid', '支付金额'), f('payTime', '支付时间')],
  },
  {
    type: 'CEB511', root: 'CEB511Message', schema: 'import', body: 'Logistics', head: 'LogisticsHead', receipt: 'CEB512',
    key: ['logisticsCode', 'logisticsNo'], path: [taken],
    duplicate: dup('-504010', '物流运单编号已存在'), unknown: dup('-504009', '申报类型与已存在的运单不符'),
    required: [f('logisticsCode', '物流企业代码'), f('logisticsNo', '物流运单编号'), f('orderNo', '订单编号'), f('weight', '毛重'),
      f('consignee', '收货人姓名'), f('consigneeAddress', '收货地址'), f('consigneeTelephone', '收货人电话')],
  },
  {
    type: 'CEB513', root: 'CEB513Message', schema: 'import', body: 'LogisticsStatus', receipt: 'CEB514',
    key: ['logisticsCode', 'logisticsNo', 'logisticsStatus'], path: [taken],
    duplicate: dup('-505010', '运单状态已存在'), unknown: dup('-505009', '申报类型与已存在的运单状态不符'),
    required: [f('logisticsCode', '物流企业代码'), f('logisticsNo', '物流运单编号'), f('logisticsStatus', '物流签收状态'), f('logisticsTime', '物流状态时间')],
    matches: [{ type: 'CEB511', by: { logisticsCode: 'logisticsCode', logisticsNo: 'logisticsNo' }, missing: 'waybill' }],
  },
  {
    type: 'CEB621', root: 'CEB621Message', schema: 'import', body: 'Inventory', head: 'InventoryHead', line: 'InventoryList', receipt: 'CEB622',
    key: ['agentCode', 'copNo'], path: [taken, concluded, released],
    issues: [{ field: 'preNo', at: '2' }, { field: 'invtNo', at: '120' }],
    duplicate: dup('-621004', '清单已申报，不能重复申报'), unknown: dup('-621011', '清单当前状态不允许修改'),
    required: [f('orderNo', '订单编号'), f('ebpCode', '电商平台代码'), f('ebcCode', '电商企业代码'), f('logisticsNo', '物流运单编号'),
      f('logisticsCode', '物流企业代码'), f('assureCode', '担保企业编号'), f('customsCode', '申报地海关代码'), f('buyerIdNumber', '订购人证件号码'),
      f('buyerName', '订购人姓名'), f('agentCode', '申报企业代码'), f('tradeMode', '贸易方式'), f('grossWeight', '毛重'), f('netWeight', '净重')],
    lineRequired: inventoryLines,
    matches: [
      {
        type: 'CEB311', by: { ebpCode: 'ebpCode', orderNo: 'orderNo' }, missing: 'order',
        equal: [['ebcCode', 'ebcCode', '电商企业代码'], ['buyerIdNumber', 'buyerIdNumber', '订购人证件号码'], ['buyerName', 'buyerName', '订购人姓名']],
      },
      { type: 'CEB411', by: { ebpCode: 'ebpCode', orderNo: 'orderNo' }, missing: 'payment' },
      { type: 'CEB511', by: { logisticsCode: 'logisticsCode', logisticsNo: 'logisticsNo' }, missing: 'waybill', equal: [['orderNo', 'orderNo', '订单编号']] },
    ],
  },
  {
    type: 'CEB623', root: 'CEB623Message', schema: 'import', body: 'InvtCancel', receipt: 'CEB624',
    key: ['agentCode', 'invtNo'], path: [taken, concluded], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-623004', '撤销申请单已存在'), unknown: dup('-623009', '申报类型与已存在的撤销申请单不符'),
    required: [f('customsCode', '申报地海关代码'), f('orderNo', '订单编号'), f('invtNo', '清单编号'), f('reason', '撤单原因'), f('agentCode', '申报企业代码')],
    // customs withdraws a released import inventory only, before it is closed (−623005; the console's
    // user.cancelReleased)
    matches: [{ type: 'CEB621', by: { invtNo: 'invtNo' }, states: ['800'], missing: 'inventory' }],
    settles: { type: 'CEB621', by: { invtNo: 'invtNo' }, status: 'cancelled' },
  },
  {
    type: 'CEB625', root: 'CEB625Message', schema: 'import', body: 'InvtRefund', head: 'InvtRefundHead', line: 'InvtRefundList', receipt: 'CEB626',
    key: ['agentCode', 'invtNo'], path: [taken, concluded], issues: [{ field: 'preNo', at: '2' }],
    duplicate: dup('-625004', '退货申请单已存在'), unknown: dup('-625009', '申报类型与已存在的退货申请单不符'),
    required: [f('customsCode', '申报地海关代码'), f('orderNo', '订单编号'), f('invtNo', '清单编号'), f('reason', '退货原因'), f('agentCode', '申报企业代码')],
    matches: [{ type: 'CEB621', by: { invtNo: 'invtNo' }, states: ['800', '899'], missing: 'inventory' }],
  },
  {
    type: 'CEB711', root: 'CEB711Message', schema: 'import', body: 'Delivery', head: 'DeliveryHead', line: 'DeliveryList', receipt: 'CEB712',
    key: ['operatorCode', 'copNo'], path: [taken, concluded], issues: [{ field: 'preNo', at: '2' }, { field: 'rkdNo', at: '120' }],
    duplicate: dup('-800004', '入库明细单已存在'), unknown: dup('-800005', '申报类型与已存在的入库明细单不符'),
    required: [f('customsCode', '申报地海关代码'), f('operatorCode', '监管场所经营人代码'), f('logisticsCode', '物流企业代码')],
    lineRequired: [f('logisticsNo', '物流运单编号')],
  },
  // ── 报关单 (单一窗口 货物申报, dec.ts) ─────────────────────────────────────────────────────────
  decDocType,
];

export const findCustomsDocType = (type: string): CustomsDocType | undefined => customsDocTypes.find((t) => t.type === type);
