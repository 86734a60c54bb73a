/**
 * The receipts the console reads (ceb-messages §4, element order per the 202205 export XSD).
 * Data only: a receipt type is its root, its return element, the business fields between guid
 * and returnStatus, and the keys that identify the bill. Growing to every receipt (CEB312, 412,
 * 508, 604 …) is a row here; the reader, the store and the lookup route follow.
 */
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
  /** the repeated return element: OrderReturn */
  element: string;
  /** business fields in element order (after guid, before returnStatus/returnTime/returnInfo) */
  fields: readonly ReceiptField[];
  /** the fields that identify the bill (matched against the head fields of the same element name) */
  keys: readonly string[];
}

const ebpCode: ReceiptField = { name: 'ebpCode', label: '电商平台代码' };
const ebcCode: ReceiptField = { name: 'ebcCode', label: '电商企业代码' };
const orderNo: ReceiptField = { name: 'orderNo', label: '订单编号' };

export const receiptTypes: readonly ReceiptType[] = [
  { type: 'CEB304', root: 'CEB304Message', element: 'OrderReturn', fields: [ebpCode, ebcCode, orderNo], keys: ['ebpCode', 'orderNo'] },
  {
    type: 'CEB404', root: 'CEB404Message', element: 'ReceiptsReturn',
    fields: [ebcCode, orderNo, { name: 'payNo', label: '支付交易编号', optional: true }],
    keys: ['ebcCode', 'orderNo'],
  },
  {
    type: 'CEB506', root: 'CEB506Message', element: 'LogisticsReturn',
    fields: [{ name: 'logisticsCode', label: '物流企业代码' }, { name: 'logisticsNo', label: '物流运单编号' }],
    keys: ['logisticsCode', 'logisticsNo'],
  },
];

/** By 'CEB304', 'CEB304Message' or a root spelt without "Message" (the official CEB214 sample). */
export function findReceiptType(name: string): ReceiptType | undefined {
  const code = /^(CEB\d{3})(?:Message)?$/i.exec(name.trim())?.[1]?.toUpperCase();
  return code ? receiptTypes.find((t) => t.type === code) : undefined;
}
