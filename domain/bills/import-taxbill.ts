/**
 * 税单 — the electronic tax bill customs issues for a released import inventory (CEB816 TaxHeadRd /
 * TaxListRd), its status moved by CEB818 (bills §3 "Tax bill", ceb-messages §4). Read-only: nobody
 * declares it; the receipt pipeline fills it through `issued`. The buyer and the goods' names,
 * quantities and prices are not in the message: they come from the 进口清单 it belongs to (by
 * invtNo). Amounts per tax are the message's; taxAmount adds them up; the rates shown are the
 * effective ones (tax ÷ dutiable value), since customs sends amounts, not rates.
 *
 * The list's line 税款总额 … 元 人民币 (bills §2) adds taxAmount over the list's conditions
 * (/invtTax/queryTotalTax). Paths: bills §7 (queryPageList, queryById, queryListByHeadId, export,
 * sendReceipt), plus queryStateCount for the state filter every bill list has.
 */
import { issuedBillActions } from './actions.ts';
import { money, note, orderNo } from './fields.ts';
import { search } from './lists.ts';
import { gcode, gname } from './goods.ts';
import { importInvtNo } from './import-fields.ts';
import { readOnlyBillList } from './readonly-lists.ts';
import type { BillDefinition, FieldDef } from './types.ts';
import { billText } from '../texts/bills.ts';

const ro = { readOnly: true } as const;
const amount = (name: string, label: string): FieldDef => money(name, label, ro);
const taxes = ['customsTax', 'valueAddedTax', 'consumptionTax'] as const;

export const importTaxbill: BillDefinition = {
  key: 'taxbill',
  mode: 'import',
  label: '税单',
  states: { mode: 'INVT', billType: 'InvtTaxState' },
  titleField: 'taxNo',
  issuedBy: 'customs',
  issued: [
    {
      message: 'CEB816', per: 'element', creates: true, identity: ['invtNo', 'taxNo'], state: 'status',
      head: {
        taxNo: 'taxNo', invtNo: 'invtNo',
        orderNo: [{ related: 'orderNo' }, 'orderNo'],
        buyerIdNumber: { related: 'buyerIdNumber' }, buyerName: { related: 'buyerName' },
        releaseTime: { time: true },
        taxAmount: { sum: taxes }, exciseAmount: 'consumptionTax', vatAmount: 'valueAddedTax', customsAmount: 'customsTax',
        entDutyNo: 'entDutyNo', assureCode: 'assureCode',
        ebcCode: [{ related: 'ebcCode' }, 'ebcCode'], agentCode: [{ related: 'agentCode' }, 'agentCode'],
        customsCode: [{ related: 'customsCode' }, 'customsCode'], note: 'note',
      },
      lines: {
        gnum: 'gnum', gcode: 'gcode',
        gname: { relatedLine: 'gname' }, qty: { relatedLine: 'qty' }, price: { relatedLine: 'price' },
        taxPrice: 'taxPrice',
        exciseRate: { percent: ['consumptionTax', 'taxPrice'] }, exciseAmount: 'consumptionTax',
        vatRate: { percent: ['valueAddedTax', 'taxPrice'] }, vatAmount: 'valueAddedTax',
        customsRate: { percent: ['customsTax', 'taxPrice'] }, customsAmount: 'customsTax',
        taxAmount: { sum: taxes },
      },
    },
    // 电子税单状态: the status (已生成 → 已汇总, or 作废) of a tax bill already received
    {
      message: 'CEB818', per: 'element', creates: false, identity: ['invtNo', 'taxNo'], state: 'status',
      head: { invtNo: 'invtNo', taxNo: 'taxNo', entDutyNo: 'entDutyNo', assureCode: 'assureCode' },
    },
  ],
  head: [
    { name: 'taxNo', label: '电子税单编号', kind: 'text', maxLength: 50, ...ro },
    { ...importInvtNo, ...ro },
    { ...orderNo, ...ro },
    { name: 'buyerIdNumber', label: '订购人证件号码', kind: 'text', maxLength: 60, ...ro },
    { name: 'buyerName', label: '订购人姓名', kind: 'text', maxLength: 60, ...ro },
    { name: 'releaseTime', label: '税单生成时间', kind: 'datetime', ...ro },
    amount('taxAmount', '应征税款合计'),
    amount('exciseAmount', '应征消费税'),
    amount('vatAmount', '应征增值税'),
    amount('customsAmount', '应征关税'),
    { name: 'entDutyNo', label: '缴款书编号', kind: 'text', maxLength: 50, ...ro },
    { name: 'assureCode', label: '担保企业代码', kind: 'text', maxLength: 30, ...ro },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, column: 'ebc_code', ...ro },
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, column: 'agent_code', ...ro },
    { name: 'customsCode', label: '申报地海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, column: 'customs_code', ...ro },
    { ...note, ...ro },
  ],
  lines: {
    fields: [
      { name: 'gnum', label: '商品项号', kind: 'integer', digits: 4, ...ro },
      { ...gcode, ...ro },
      { ...gname, ...ro },
      amount('qty', '数量'),
      amount('price', '单价'),
      amount('taxPrice', '完税价格'),
      amount('exciseRate', '消费税率(%)'),
      amount('exciseAmount', '消费税'),
      amount('vatRate', '增值税率(%)'),
      amount('vatAmount', '增值税'),
      amount('customsRate', '关税率(%)'),
      amount('customsAmount', '关税'),
      amount('taxAmount', '税额合计'),
    ],
  },
  list: readOnlyBillList(
    [
      { field: 'taxNo', navigate: true, width: 200 },
      { field: 'invtNo', sortable: true, width: 180 },
      { field: 'orderNo', width: 180 },
      { field: 'buyerName', width: 110 },
      { field: 'taxAmount', width: 120 },
      { field: 'customsAmount', width: 100 },
      { field: 'vatAmount', width: 100 },
      { field: 'exciseAmount', width: 100 },
      { field: 'releaseTime', width: 170 },
      { field: 'stateName', label: '税单状态', width: 100, place: 'pinned' },
    ],
    search({ taxNo: 'like', invtNo: 'like', orderNo: 'like', buyerName: 'like' }, { field: 'appTime', termType: 'btw', label: '税单生成时间' }),
    { summary: { api: 'summary', label: billText.taxTotalLabel, sum: 'taxAmount' } },
  ),
  actions: issuedBillActions,
  api: {
    pageList: '/invtTax/queryPageList',
    queryStateCount: '/invtTax/queryStateCount',
    detail: '/invtTax/queryById',
    lines: '/invtTax/queryListByHeadId',
    export: '/invtTax/export',
    sendReceipt: '/invtTax/sendReceipt',
    summary: '/invtTax/queryTotalTax',
  },
};
