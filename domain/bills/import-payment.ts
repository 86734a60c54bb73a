/**
 * 支付单 — CEB411 Payment/PaymentHead, answered by CEB412 PaymentReturn (bills §3 "Payment slip",
 * ceb-messages §3.12). Declared by the payment company: payCode/payName default to the company.
 *
 * The spec's payment slip is shared with the export 收款单; payNo, charge, accountingDate and the
 * ebc pair belong to CEB403 and have no element in CEB411, so this bill leaves them out. Customs
 * identifies a payment by payCode + payTransactionId (the CEB412 keys): both are required, the
 * pair is unique and payTransactionId names the bill. The spec marks payName, currency,
 * payerIdNumber and payTime R; the other elements the XSD demands are asked for when declaring.
 */
import { appTime, appType, company, money, note, transferFields } from './fields.ts';
import { headOnlyBillActions } from './actions.ts';
import { rmb, withoutCodes } from './import-fields.ts';
import { declarableBillList } from './lists.ts';
import type { BillDefinition } from './types.ts';

export const importPayment: BillDefinition = {
  key: 'payment',
  mode: 'import',
  label: '支付单',
  states: { mode: 'INVT', billType: 'InvtPaymentState' },
  titleField: 'payTransactionId',
  uniqueBy: ['payCode', 'payTransactionId'],
  head: [
    appType,
    appTime,
    { name: 'payCode', label: '支付企业代码', kind: 'text', maxLength: 18, required: true, default: company.code, column: 'pay_code' },
    { name: 'payName', label: '支付企业名称', kind: 'text', maxLength: 100, required: true, default: company.name },
    { name: 'payTransactionId', label: '支付交易编号', kind: 'text', maxLength: 60, required: true },
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, requiredToDeclare: true, column: 'order_no' },
    { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, requiredToDeclare: true, column: 'ebp_code' },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, requiredToDeclare: true, column: 'ebp_name' },
    { name: 'payerIdType', label: '支付人证件类型', kind: 'select', codeTable: 'id_type', maxLength: 1, default: '1', requiredToDeclare: true },
    { name: 'payerIdNumber', label: '支付人证件号码', kind: 'text', maxLength: 60, required: true },
    { name: 'payerName', label: '支付人姓名', kind: 'text', maxLength: 60, requiredToDeclare: true },
    { name: 'telephone', label: '支付人电话', kind: 'text', maxLength: 60 },
    // equals the order's acturalPaid (ceb-messages §10)
    money('amountPaid', '支付金额', { requiredToDeclare: true }),
    rmb,
    { name: 'payTime', label: '支付时间', kind: 'datetime', required: true },
    note,
    ...transferFields,
  ],
  list: declarableBillList(
    [
      { field: 'payTransactionId', navigate: true, sortable: true, width: 200 },
      { field: 'orderNo', sortable: true, width: 190 },
      { field: 'payName', width: 180 },
      { field: 'ebpName', width: 200 },
      { field: 'payerName', width: 110 },
      { field: 'amountPaid', width: 110 },
      { field: 'payTime', sortable: true, width: 170 },
    ],
    [
      { field: 'payTransactionId', termType: 'like' },
      { field: 'orderNo', termType: 'like' },
      { field: 'ebpCode', termType: 'eq' },
      { field: 'payerName', termType: 'like' },
    ],
  ),
  // The page seeds the head-only edit set (edit, save, saveDeclare, refresh): no 暂存.
  actions: withoutCodes(headOnlyBillActions, 'temporary'),
  // bills §7 (spelling included); delete → deleteByIds as for /expu_receipt (docs/decisions.md).
  api: {
    pageList: '/invt_payment/list',
    queryStateCount: '/invt_payment/queryStateCount',
    detail: '/invt_payment/detail',
    save: '/invt_payment/save',
    saveAndApply: '/invt_payment/saveAndapply',
    apply: '/invt_payment/apply',
    delete: '/invt_payment/deleteByIds',
    export: '/invt_payment/exporRecpit',
    sendReceipt: '/invt_payment/sendReceipt',
    downloadQueryTemplate: '/invt_payment/downloadQueryTemplate',
  },
  message: {
    type: 'CEB411',
    root: 'CEB411Message',
    schema: 'import',
    body: 'Payment',
    head: 'PaymentHead',
    receipt: { type: 'CEB412', root: 'CEB412Message', element: 'PaymentReturn', keys: ['payCode', 'payTransactionId'] },
  },
};
