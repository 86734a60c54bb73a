/**
 * Every message customs sends the console (ceb-messages §1, §4), as data.
 *
 * - receiptTypes: the 19 receipts answering a declaration (CEB304 … CEB712). A receipt type is its
 *   root, its return element, the business fields between guid and returnStatus in the element
 *   order of its XSD (ceb-export.xsd / ceb-import.xsd, checked against both), the fields that
 *   identify the bill, and the declaration it answers. A new bill definition finds its receipt
 *   here (definition.message.receipt must equal the row, tests/customs/receipts.test.ts checks it);
 *   it never needs a new row.
 * - issuedTypes: the four customs-issued messages that are not simple returns (CEB792 汇总结果单,
 *   CEB816 电子税单, CEB818 电子税单状态, CEB900 报文格式校验回执), read by issued.ts.
 *
 * Keys follow the "Keys to match" column of §4, first alternative. Two choices where it offers
 * a weaker one: CEB514 is keyed logisticsCode + logisticsNo like CEB512 (a waybill number is unique
 * per carrier only), CEB702 by copNo (sumNo arrives only with the receipt).
 */
import { billDefinitions } from '../../../domain/bills/index.ts';
import { DXP_OTHER, DXP_REP } from '../../../domain/customs/dxp-codes.ts';
import { receiptText } from '../../../domain/texts/receipts.ts';
import { formatReceiptsOf } from '../../../domain/bills/message-receipts.ts';
import type { ReceiptFormat } from '../../../domain/bills/types.ts';

export type CebSchema = 'export' | 'import';

export interface ReceiptField {
  name: string;
  label: string;
  optional?: boolean;
}

export interface ReceiptType {
  /** CEB304 (customs_receipts.message_type) */
  type: string;
  /** CEB304Message */
  root: string;
  /** the schema that defines it; absent for a receipt described by its definition (`format`) */
  schema?: CebSchema;
  /** the declaration it answers: CEB303 */
  answers: string;
  /** 出口订单回执 */
  label: string;
  /** the repeated return element: OrderReturn */
  element: string;
  /** business fields in element order (after guid, before returnStatus/returnTime/returnInfo) */
  fields: readonly ReceiptField[];
  /** the fields that identify the bill (matched against the head fields of the same element name) */
  keys: readonly string[];
  /** not a CEB receipt: read by its definition's words (报关单's DEC_IMPORT, DEC_DATA; format.ts) */
  format?: ReceiptFormat;
}

/** A receipt of the CEB schemas (the catalogue's rows). */
export interface CebReceiptType extends ReceiptType {
  schema: CebSchema;
}

const field = (name: string, label: string) => ({ name, label }) as const satisfies ReceiptField;
const optional = (f: ReceiptField): ReceiptField => ({ ...f, optional: true });

const ebpCode = field('ebpCode', '电商平台代码');
const ebcCode = field('ebcCode', '电商企业代码');
const orderNo = field('orderNo', '订单编号');
const logisticsCode = field('logisticsCode', '物流企业代码');
const logisticsNo = field('logisticsNo', '物流运单编号');
const operatorCode = field('operatorCode', '监管场所经营人代码');
const agentCode = field('agentCode', '申报企业代码');
const customsCode = field('customsCode', '申报口岸');
const copNo = field('copNo', '企业内部编号');
const coElNo = field('coElNo', '企业内部编号');
const preNo = field('preNo', '预录入编号');
const invtNo = field('invtNo', '清单编号');
const billNo = field('billNo', '提运单号');
const msgSeqNo = field('msgSeqNo', '报文序号');

export const receiptTypes: readonly CebReceiptType[] = [
  // ── export (ceb-export.xsd) ────────────────────────────────────────────────────────────────
  {
    type: 'CEB304', root: 'CEB304Message', schema: 'export', answers: 'CEB303', label: '出口订单回执', element: 'OrderReturn',
    fields: [ebpCode, ebcCode, orderNo], keys: ['ebpCode', 'orderNo'],
  },
  {
    type: 'CEB404', root: 'CEB404Message', schema: 'export', answers: 'CEB403', label: '收款单回执', element: 'ReceiptsReturn',
    fields: [ebcCode, orderNo, optional(field('payNo', '支付交易编号'))], keys: ['ebcCode', 'orderNo'],
  },
  {
    type: 'CEB506', root: 'CEB506Message', schema: 'export', answers: 'CEB505', label: '出口运单回执', element: 'LogisticsReturn',
    fields: [logisticsCode, logisticsNo], keys: ['logisticsCode', 'logisticsNo'],
  },
  {
    type: 'CEB508', root: 'CEB508Message', schema: 'export', answers: 'CEB507', label: '运抵单回执', element: 'ArrivalReturn',
    fields: [operatorCode, logisticsCode, preNo, copNo, billNo, msgSeqNo], keys: ['copNo', 'msgSeqNo'],
  },
  {
    type: 'CEB510', root: 'CEB510Message', schema: 'export', answers: 'CEB509', label: '离境单回执', element: 'DepartureReturn',
    fields: [logisticsCode, copNo, preNo, msgSeqNo], keys: ['copNo', 'msgSeqNo'],
  },
  {
    type: 'CEB604', root: 'CEB604Message', schema: 'export', answers: 'CEB603', label: '出口清单回执', element: 'InventoryReturn',
    fields: [agentCode, copNo, preNo, invtNo, ebcCode, ebpCode, orderNo, field('statisticsFlag', '申报业务类型')],
    keys: ['copNo'],
  },
  {
    type: 'CEB606', root: 'CEB606Message', schema: 'export', answers: 'CEB605', label: '出口撤销申请单回执', element: 'InvtCancelReturn',
    fields: [agentCode, copNo, preNo, invtNo], keys: ['copNo'],
  },
  {
    type: 'CEB608', root: 'CEB608Message', schema: 'export', answers: 'CEB607', label: '总分单回执', element: 'WayBillReturn',
    fields: [agentCode, logisticsCode, copNo, preNo, billNo, msgSeqNo], keys: ['copNo', 'msgSeqNo'],
  },
  {
    type: 'CEB214', root: 'CEB214Message', schema: 'export', answers: 'CEB213', label: '出口退货申请单回执', element: 'RefundReturn',
    fields: [optional(ebpCode), optional(ebcCode), agentCode, coElNo, optional(preNo), invtNo], keys: ['coElNo'],
  },
  {
    type: 'CEB216', root: 'CEB216Message', schema: 'export', answers: 'CEB215', label: '理货明细单回执', element: 'InvtRefundDetailReturn',
    fields: [operatorCode, logisticsCode, logisticsNo, coElNo, optional(preNo)], keys: ['coElNo'],
  },
  {
    type: 'CEB702', root: 'CEB702Message', schema: 'export', answers: 'CEB701', label: '汇总申请单回执', element: 'SummaryReturn',
    fields: [agentCode, ebcCode, copNo, preNo, optional(field('sumNo', '汇总申请编号')), msgSeqNo], keys: ['copNo'],
  },
  // ── import (ceb-import.xsd) ────────────────────────────────────────────────────────────────
  {
    type: 'CEB312', root: 'CEB312Message', schema: 'import', answers: 'CEB311', label: '进口订单回执', element: 'OrderReturn',
    fields: [ebpCode, ebcCode, orderNo], keys: ['ebpCode', 'orderNo'],
  },
  {
    type: 'CEB412', root: 'CEB412Message', schema: 'import', answers: 'CEB411', label: '支付单回执', element: 'PaymentReturn',
    fields: [field('payCode', '支付企业代码'), field('payTransactionId', '支付交易编号')], keys: ['payCode', 'payTransactionId'],
  },
  {
    type: 'CEB512', root: 'CEB512Message', schema: 'import', answers: 'CEB511', label: '进口运单回执', element: 'LogisticsReturn',
    fields: [logisticsCode, logisticsNo], keys: ['logisticsCode', 'logisticsNo'],
  },
  {
    type: 'CEB514', root: 'CEB514Message', schema: 'import', answers: 'CEB513', label: '运单状态回执', element: 'LogisticsStatusReturn',
    fields: [logisticsCode, logisticsNo, field('logisticsStatus', '物流签收状态')], keys: ['logisticsCode', 'logisticsNo'],
  },
  {
    type: 'CEB622', root: 'CEB622Message', schema: 'import', answers: 'CEB621', label: '进口清单回执', element: 'InventoryReturn',
    fields: [optional(customsCode), optional(ebpCode), optional(ebcCode), optional(agentCode), copNo, preNo, optional(invtNo)],
    keys: ['copNo'],
  },
  {
    type: 'CEB624', root: 'CEB624Message', schema: 'import', answers: 'CEB623', label: '进口撤销申请单回执', element: 'InvtCancelReturn',
    fields: [optional(customsCode), optional(agentCode), optional(ebpCode), optional(ebcCode), copNo, preNo, optional(invtNo)],
    keys: ['copNo'],
  },
  {
    type: 'CEB626', root: 'CEB626Message', schema: 'import', answers: 'CEB625', label: '进口退货申请单回执', element: 'InvtRefundReturn',
    fields: [optional(customsCode), optional(agentCode), optional(ebpCode), optional(ebcCode), copNo, preNo, optional(invtNo)],
    keys: ['copNo'],
  },
  {
    type: 'CEB712', root: 'CEB712Message', schema: 'import', answers: 'CEB711', label: '入库明细单回执', element: 'DeliveryReturn',
    fields: [optional(customsCode), optional(operatorCode), optional(copNo), optional(preNo), optional(field('rkdNo', '入库单编号'))],
    keys: ['copNo'],
  },
];

/** The message code of a root or type name: CEB304Message, CEB304, or a root spelt without "Message" (the official CEB214 sample). */
export function messageCodeOf(name: string): string | undefined {
  return /^(CEB\d{3})(?:Message)?$/i.exec(name.trim())?.[1]?.toUpperCase();
}

/** By 'CEB304', 'CEB304Message' or 'CEB214' as a root. */
/**
 * The schema of a declaration type ('CEB303' or 'CEB303Message'), read from the receipt that answers
 * it: every declaration customs answers is in this catalogue, so nothing else lists import codes.
 */
export function declarationSchemaOf(name: string): CebSchema | undefined {
  const code = messageCodeOf(name);
  return code ? receiptTypes.find((t) => t.answers === code)?.schema : undefined;
}

/**
 * Receipts outside the CEB catalogue, as their bill definitions describe them (message.receipt /
 * message.answers with `format`: the 报关单's DecImportResponse and DEC_DATA). Fields are read under
 * the bill's field names; only the keys are required.
 */
export const formatReceiptTypes: readonly ReceiptType[] = formatReceiptsOf(billDefinitions).map(({ receipt, def }) => ({
  type: receipt.type,
  root: receipt.root,
  answers: def.message!.type,
  label: receipt.format.label,
  element: receipt.element,
  fields: receipt.format.fields.map((f) => (receipt.keys.includes(f.name) ? { name: f.name, label: f.label } : { name: f.name, label: f.label, optional: true })),
  keys: receipt.keys,
  format: receipt.format,
}));

/** By 'CEB304', 'CEB304Message' or 'CEB214' as a root; a `format` receipt by its type, root or (a bare answer) element. */
export function findReceiptType(name: string): ReceiptType | undefined {
  const code = messageCodeOf(name);
  if (code) return receiptTypes.find((t) => t.type === code);
  const n = name.trim();
  return formatReceiptTypes.find((t) => t.type === n || t.root === n || t.element === n);
}

/** The receipt types answering the same message as `type` (报关单: DEC_IMPORT and DEC_DATA), itself first. */
export function siblingReceiptTypes(type: ReceiptType): ReceiptType[] {
  return [type, ...[...receiptTypes, ...formatReceiptTypes].filter((t) => t !== type && t.answers === type.answers)];
}

// ── customs-issued messages ─────────────────────────────────────────────────────────────────

export interface IssuedType {
  type: 'CEB792' | 'CEB816' | 'CEB818' | 'CEB900';
  root: string;
  schema: CebSchema;
  label: string;
  /** the repeated element under the root (Tax, SummaryResult, MessageReturn) */
  element: string;
  /** its head element; omitted = the element is flat (MessageReturn) */
  head?: string;
  /** its list element (SummaryResultList, TaxListRd) */
  line?: string;
  /** head fields in XSD order (the element that carries guid excluded), stored as the receipt's keys */
  fields: readonly ReceiptField[];
  /** list fields in XSD order */
  lineFields?: readonly ReceiptField[];
  /** head fields that, with status and time, make one stored receipt (the business key) */
  identity: readonly string[];
  /** where its status and time are (decState/opDate, status/returnTime …) */
  status: string;
  time: string;
  /** its free text, when it has one */
  info?: string;
  /**
   * the bills it belongs to: bills of the definitions sending `message`, whose head fields equal
   * `keys`. CEB900 has none: it is matched to the outbox message by oriCopMsgId.
   */
  belongsTo?: { message: string; keys: readonly string[] };
}

export const issuedTypes: readonly IssuedType[] = [
  {
    type: 'CEB792', root: 'CEB792Message', schema: 'export', label: '汇总结果单',
    element: 'SummaryResult', head: 'SummaryResultHead', line: 'SummaryResultList',
    fields: [
      customsCode, field('sumNo', '汇总申请编号'), field('opDate', '汇总处理时间'), field('declSeqNo', '汇总统一编号'),
      optional(field('decTmpNo', '报关单暂存编号')), optional(field('decPreNo', '报关单预录入编号')), optional(field('entryId', '报关单编号')),
      field('decState', '报关单状态'), agentCode, field('agentName', '申报企业名称'), ebcCode, field('ebcName', '收发货人名称'),
      field('declAgentCode', '报关单位代码'), field('declAgentName', '报关单位名称'), field('grossWeight', '毛重'), field('netWeight', '净重'),
      field('msgCount', '报文总数'), msgSeqNo, optional(field('note', '备注')),
    ],
    // The official sample has gnum but no gseqno, which the XSD requires: read gseqno as optional.
    lineFields: [invtNo, logisticsNo, optional(field('gseqno', '汇总结果单顺序号')), field('gnum', '商品序号'), field('gcode', '商品编码')],
    identity: ['sumNo', 'declSeqNo', 'msgSeqNo'],
    status: 'decState', time: 'opDate', info: 'note',
    belongsTo: { message: 'CEB701', keys: ['sumNo'] },
  },
  {
    type: 'CEB816', root: 'CEB816Message', schema: 'import', label: '电子税单',
    element: 'Tax', head: 'TaxHeadRd', line: 'TaxListRd',
    fields: [
      field('returnTime', '回执时间'), invtNo, field('taxNo', '电子税单编号'), field('customsTax', '应征关税'),
      field('valueAddedTax', '应征增值税'), field('consumptionTax', '应征消费税'), field('status', '税单状态'),
      optional(field('entDutyNo', '缴款书编号')), optional(field('note', '备注')), optional(field('assureCode', '担保企业代码')),
      optional(ebcCode), optional(logisticsCode), optional(agentCode), optional(customsCode),
      // in the PDF, not in the XSD: kept when customs sends them
      optional(orderNo), optional(field('logisticNo', '物流运单编号')),
    ],
    lineFields: [
      field('gnum', '商品项号'), field('gcode', '商品编码'), field('taxPrice', '完税总价格'), field('customsTax', '应征关税'),
      field('valueAddedTax', '应征增值税'), field('consumptionTax', '应征消费税'),
    ],
    identity: ['invtNo', 'taxNo'],
    status: 'status', time: 'returnTime', info: 'note',
    belongsTo: { message: 'CEB621', keys: ['invtNo'] },
  },
  {
    type: 'CEB818', root: 'CEB818Message', schema: 'import', label: '电子税单状态',
    element: 'Tax', head: 'TaxHeadStatus',
    fields: [
      field('returnTime', '回执时间'), invtNo, field('taxNo', '电子税单编号'), field('status', '税单状态'),
      optional(field('entDutyNo', '缴款书编号')), optional(field('assureCode', '担保企业代码')),
    ],
    identity: ['invtNo', 'taxNo'],
    status: 'status', time: 'returnTime',
    belongsTo: { message: 'CEB621', keys: ['invtNo'] },
  },
  {
    type: 'CEB900', root: 'CEB900Message', schema: 'import', label: '报文格式校验回执',
    element: 'MessageReturn',
    fields: [
      // returnInfo, oriCopMsgId and oriMessageType may be empty (minLength 0): customs could not read the envelope
      field('returnStatus', '回执状态'), optional(field('returnInfo', '回执信息')), field('returnTime', '回执时间'),
      optional(field('oriCopMsgId', '原始报文传输编号')), optional(field('oriMessageType', '原始报文类型')), optional(field('oriBizMessage', '原始报文内容')),
    ],
    identity: ['oriCopMsgId'],
    status: 'returnStatus', time: 'returnTime', info: 'returnInfo',
  },
];

export function findIssuedType(name: string): IssuedType | undefined {
  const code = messageCodeOf(name);
  return code ? issuedTypes.find((t) => t.type === code) : undefined;
}

/** The name of any message customs sends (receipt or issued), for lists: 出口订单回执 …; undefined when unknown. */
export function customsMessageLabel(type: string): string | undefined {
  if (type === DXP_REP) return receiptText.transferLabel;
  if (type === DXP_OTHER) return receiptText.otherDxpLabel;
  return (findReceiptType(type) ?? findIssuedType(type))?.label;
}
