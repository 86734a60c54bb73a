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
import { appFields, money, note, orderNo, transferFields } from './fields.ts';
import { headOnlyBillActions, withoutCodes } from './actions.ts';
import { rmb } from './import-fields.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { ebpCodeName, payCodeName } from './parties.ts';
import type { BillDefinition } from './types.ts';

export const importPayment: BillDefinition = {
  key: 'receipt',
  mode: 'import',
  label: '支付单',
  states: { mode: 'INVT', billType: 'InvtPaymentState' },
  titleField: 'payTransactionId',
  uniqueBy: ['payCode', 'payTransactionId'],
  head: [
    ...appFields,
    ...payCodeName({ required: true, ownCompany: true }),
    { name: 'payTransactionId', label: '支付交易编号', kind: 'text', maxLength: 60, required: true },
    { ...orderNo, requiredToDeclare: true },
    ...ebpCodeName({ requiredToDeclare: true }),
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
    columns(
      ['payTransactionId', 200], { field: 'orderNo', sortable: true, width: 190 }, 'payName', 'ebpName', ['payerName', 110], ['amountPaid', 110],
      { field: 'payTime', sortable: true, width: 170 },
    ),
    search({ payTransactionId: 'like', orderNo: 'like', ebpCode: 'eq', payerName: 'like' }),
  ),
  // The page seeds the head-only edit set (edit, save, saveDeclare, refresh): no 暂存.
  actions: withoutCodes(headOnlyBillActions, 'temporary'),
  // bills §7 (spelling included); delete → deleteByIds as for /expu_receipt (docs/decisions/bill-type-definitions-beyond-first-slice.md).
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
