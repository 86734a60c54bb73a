/**
 * 收款单 — CEB403 Receipts (flat: no head/list elements), answered by CEB404 ReceiptsReturn
 * (bills §3 "Payment slip", ceb-messages §3.2).
 *
 * guid and appStatus are message elements the customs module fills (a fresh guid per message,
 * appStatus 2 when declaring); they are not fields a person edits. Lengths: the XSD's where the
 * field is sent, the spec's for the payer fields customs never sees (xml: false).
 * Required: the spec marks payName, currency, payerIdNumber, charge, payTime and accountingDate;
 * orderNo identifies the bill (title, unique); the XSD also demands ebpCode/ebpName, asked for
 * when declaring only.
 */
import { appFields, currency, money, note, orderNo, transferFields } from './fields.ts';
import { headOnlyBillActions } from './actions.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { ebcCodeName, ebpCodeName } from './parties.ts';
import type { BillDefinition } from './types.ts';

export const exportReceipt: BillDefinition = {
  key: 'receipt',
  mode: 'export',
  label: '收款单',
  states: { mode: 'EXPU', billType: 'ExpuReceoptState' },
  titleField: 'orderNo',
  uniqueBy: ['orderNo'],
  head: [
    ...appFields,
    ...ebpCodeName({ requiredToDeclare: true }),
    ...ebcCodeName({ required: true, ownCompany: true }),
    { ...orderNo, required: true },
    { name: 'payCode', label: '支付企业代码', kind: 'text', maxLength: 18, column: 'pay_code' },
    { name: 'payName', label: '支付企业名称', kind: 'text', maxLength: 100, required: true },
    { name: 'payNo', label: '支付交易编号', kind: 'text', maxLength: 60, column: 'pay_no' },
    money('charge', '收款金额', { required: true }),
    currency,
    { name: 'accountingDate', label: '到账时间', kind: 'datetime', required: true },
    // Kept for the enterprise's records; CEB403 has no element for them.
    { name: 'payTransactionId', label: '支付流水号', kind: 'text', maxLength: 60, xml: false },
    { name: 'payerName', label: '支付人姓名', kind: 'text', maxLength: 60, xml: false },
    { name: 'payerIdType', label: '支付人证件类型', kind: 'select', codeTable: 'id_type', maxLength: 1, xml: false },
    { name: 'payerIdNumber', label: '支付人证件号码', kind: 'text', maxLength: 60, required: true, xml: false },
    { name: 'telephone', label: '支付人电话', kind: 'text', maxLength: 60, xml: false },
    money('amountPaid', '支付金额', { xml: false }),
    { name: 'payTime', label: '支付时间', kind: 'datetime', required: true, xml: false },
    note,
    ...transferFields,
  ],
  list: declarableBillList(
    columns('orderNo', ['payNo', 170], 'ebpName', 'ebcName', 'payName', ['charge', 110], 'currency', { field: 'accountingDate', sortable: true, width: 170 }),
    search({ orderNo: 'like', payNo: 'like', ebpCode: 'eq', ebcName: 'like' }),
  ),
  // No body lines, so no line deletion.
  actions: headOnlyBillActions,
  // The spec lists only the import payment family (/invt_payment/…); the export paths mirror its
  // verbs under /expu_receipt (docs/decisions/bill-engine-paths.md, "Bill engine (server)").
  api: {
    pageList: '/expu_receipt/list',
    queryStateCount: '/expu_receipt/queryStateCount',
    detail: '/expu_receipt/detail',
    save: '/expu_receipt/save',
    saveAndApply: '/expu_receipt/saveAndapply',
    apply: '/expu_receipt/apply',
    delete: '/expu_receipt/deleteByIds',
    export: '/expu_receipt/exporRecpit',
    sendReceipt: '/expu_receipt/sendReceipt',
    downloadQueryTemplate: '/expu_receipt/downloadQueryTemplate',
  },
  message: {
    type: 'CEB403',
    root: 'CEB403Message',
    schema: 'export',
    body: 'Receipts',
    receipt: { type: 'CEB404', root: 'CEB404Message', element: 'ReceiptsReturn', keys: ['ebcCode', 'orderNo'] },
  },
};
