/**
 * 进口清单 — CEB621 Inventory/InventoryHead/InventoryList, answered by CEB622 InventoryReturn
 * (bills §3 "Inventory (invtInventory)", ceb-messages §3.14).
 *
 * copNo (企业内部编号, 20 on import) is the spec's R and what CEB622 is matched by: required, unique,
 * the bill's title. preNo and invtNo are issued by the e-port and customs (read-only). The spec
 * marks nothing else R, so every other element the XSD demands is asked for when declaring.
 * The declaring company (agent) defaults to the logged-in one. tradeMode is 9610 直购进口 or 1210
 * 保税进口, the only modes of an import inventory (the spec's trade_mode filter). Line itemNo is 20
 * characters: the XSD's InventoryList says 20 (the spec 30) and customs enforces the XSD.
 *
 * Not expressible yet (see the report): the page's 批量改为退单, 申请撤单 and 申请退货 create or change
 * other bills (CEB623/CEB625 with a prompted reason); the definition format has no api key for them.
 */
import { appTime, appType, company, customsCode, ieFlag, loctNo, money, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { buyerFields, importCopNo, rmb } from './import-fields.ts';
import { declarableBillList } from './lists.ts';
import type { BillDefinition } from './types.ts';

const toDeclare = { requiredToDeclare: true } as const;
/** States of a companion bill customs has taken (入库, 审结, 放行, 结关). */
const TAKEN = ['120', '399', '800', '899'] as const;

export const importDetailedList: BillDefinition = {
  key: 'detailedList',
  mode: 'import',
  label: '进口清单',
  states: { mode: 'INVT', billType: 'InvtInventoryState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    appType,
    appTime,
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, column: 'order_no', ...toDeclare },
    { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, column: 'ebp_code', ...toDeclare },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, column: 'ebp_name', ...toDeclare },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, column: 'ebc_code', ...toDeclare },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, column: 'ebc_name', ...toDeclare },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, column: 'logistics_no', ...toDeclare },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, column: 'logistics_code', ...toDeclare },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, column: 'logistics_name', ...toDeclare },
    importCopNo,
    preNo,
    // the platform, the e-commerce company or the logistics company guaranteeing the tax
    { name: 'assureCode', label: '担保企业编号', kind: 'text', maxLength: 30, ...toDeclare },
    { name: 'emsNo', label: '账册编号', kind: 'text', maxLength: 30 },
    { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 18, readOnly: true, column: 'invt_no' },
    ieFlag('I'),
    { name: 'declTime', label: '申报日期', kind: 'date', ...toDeclare },
    customsCode,
    { name: 'portCode', label: '口岸海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, ...toDeclare },
    { name: 'ieDate', label: '进口日期', kind: 'date' },
    ...buyerFields(toDeclare),
    { name: 'consigneeAddress', label: '收货地址', kind: 'text', maxLength: 200, span: 2, ...toDeclare },
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, default: company.code, column: 'agent_code', ...toDeclare },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, default: company.name, column: 'agent_name', ...toDeclare },
    { name: 'areaCode', label: '区内企业代码', kind: 'text', maxLength: 18 },
    { name: 'areaName', label: '区内企业名称', kind: 'text', maxLength: 100 },
    { name: 'tradeMode', label: '贸易方式', kind: 'select', maxLength: 4, column: 'trade_mode', ...toDeclare,
      options: [{ value: '9610', label: '9610 直购进口' }, { value: '1210', label: '1210 保税进口' }] },
    trafMode,
    // trafNo, voyageNo and billNo: required for 9610 direct purchase, left empty for 1210 bonded
    { name: 'trafNo', label: '运输工具编号', kind: 'text', maxLength: 100 },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32 },
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, column: 'bill_no' },
    loctNo,
    { name: 'licenseNo', label: '许可证号', kind: 'text', maxLength: 19 },
    { name: 'country', label: '起运国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...toDeclare },
    money('freight', '运杂费', { ...toDeclare, default: 0 }),
    money('insuredFee', '保价费', { ...toDeclare, default: 0 }),
    rmb,
    { name: 'wrapType', label: '包装种类', kind: 'select', codeTable: 'wrap_type', maxLength: 1 },
    { name: 'packNo', label: '件数', kind: 'integer', digits: 9, default: 1, ...toDeclare },
    money('grossWeight', '毛重（千克）', toDeclare),
    money('netWeight', '净重（千克）', toDeclare),
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 99,
    sequenceField: 'gnum',
    fields: [
      // one-to-one with the order's line numbers
      { name: 'gnum', label: '序号', kind: 'integer', digits: 4, required: true },
      { name: 'itemRecordNo', label: '账册备案料号', kind: 'text', maxLength: 30 },
      { name: 'itemNo', label: '企业商品货号', kind: 'text', maxLength: 20 },
      { name: 'itemName', label: '企业商品名称', kind: 'text', maxLength: 250 },
      { name: 'gcode', label: '商品编码', kind: 'text', maxLength: 10, ...toDeclare },
      { name: 'gname', label: '商品名称', kind: 'text', maxLength: 250, ...toDeclare },
      { name: 'gmodel', label: '规格型号', kind: 'text', maxLength: 510, ...toDeclare },
      { name: 'barCode', label: '条形码', kind: 'text', maxLength: 50 },
      { name: 'country', label: '原产国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...toDeclare },
      { name: 'tradeCountry', label: '贸易国（地区）', kind: 'select', codeTable: 'country', maxLength: 3 },
      rmb,
      money('qty', '数量', toDeclare),
      { name: 'unit', label: '计量单位', kind: 'select', codeTable: 'unit', maxLength: 3, ...toDeclare },
      money('qty1', '法定数量', toDeclare),
      { name: 'unit1', label: '法定计量单位', kind: 'select', codeTable: 'unit', maxLength: 3, ...toDeclare },
      money('qty2', '第二数量'),
      { name: 'unit2', label: '第二计量单位', kind: 'select', codeTable: 'unit', maxLength: 3 },
      money('price', '单价', toDeclare),
      money('totalPrice', '总价', toDeclare),
      note,
    ],
  },
  list: declarableBillList(
    // bills §3 common list columns: copNo, agentCodeName, ebcCodeName, customsCodeName, preNo, invtNo
    [
      { field: 'copNo', navigate: true, sortable: true, width: 170 },
      { field: 'preNo', width: 170 },
      { field: 'invtNo', width: 170 },
      { field: 'orderNo', width: 190 },
      { field: 'logisticsNo', width: 170 },
      { field: 'agentName', width: 200 },
      { field: 'ebcName', width: 200 },
      { field: 'customsCode', width: 110 },
      { field: 'tradeMode', width: 100 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'orderNo', termType: 'like' },
      { field: 'logisticsNo', termType: 'like' },
      { field: 'invtNo', termType: 'like' },
      { field: 'tradeMode', termType: 'eq' },
    ],
  ),
  actions: billActions,
  // 三单比对 before declaring (ceb-messages §10): the order, payment and waybill customs already took
  // (120 入库 …), the fields that must line up, the payment formula and the 5,000 CNY limit; the
  // simulator refuses the same cases. The estimate of the 70 % retail tax shows under the body.
  declareChecks: {
    companions: [
      {
        name: 'order', bill: { mode: 'import', key: 'order' }, by: { ebpCode: 'ebpCode', orderNo: 'orderNo' }, states: TAKEN,
        equal: [['ebcCode', 'ebcCode'], ['buyerIdNumber', 'buyeridNumber'], ['buyerName', 'buyerName'], ['buyerTelephone', 'buyerTelephone']],
      },
      { name: 'payment', bill: { mode: 'import', key: 'payment' }, by: { ebpCode: 'ebpCode', orderNo: 'orderNo' }, states: TAKEN },
      {
        name: 'waybill', bill: { mode: 'import', key: 'waybill' }, by: { logisticsCode: 'logisticsCode', logisticsNo: 'logisticsNo' }, states: TAKEN,
        equal: [['orderNo', 'orderNo']],
      },
    ],
    across: [
      ['payment.amountPaid', 'order.acturalPaid'],
      ['payment.payCode', 'order.payCode', 'ifSet'],
      ['payment.payTransactionId', 'order.payTransactionId', 'ifSet'],
      ['waybill.consignee', 'order.consignee'],
      ['waybill.consigneeTelephone', 'order.consigneeTelephone'],
      ['waybill.consigneeAddress', 'order.consigneeAddress'],
    ],
    rules: ['paidFormula', 'singleLimit'],
  },
  detailSections: ['importTaxEstimate'],
  // bills §7 gives /invtInventory/queryPageList only; the rest mirror the export inventory's verbs
  // (/expuInventry/…): queryById, queryListByHeadId, saveData, saveDataAndDeclaration, saveDataList,
  // declarationList, queryStateCount, sendReceipt, downloadQueryTemplate; plus deleteByIds (the
  // bills' delete verb), deleteDataList (body rows) and exportData (as sign records and refunds).
  api: {
    pageList: '/invtInventory/queryPageList',
    queryStateCount: '/invtInventory/queryStateCount',
    detail: '/invtInventory/queryById',
    lines: '/invtInventory/queryListByHeadId',
    save: '/invtInventory/saveData',
    saveAndApply: '/invtInventory/saveDataAndDeclaration',
    saveLines: '/invtInventory/saveDataList',
    deleteLines: '/invtInventory/deleteDataList',
    apply: '/invtInventory/declarationList',
    delete: '/invtInventory/deleteByIds',
    export: '/invtInventory/exportData',
    sendReceipt: '/invtInventory/sendReceipt',
    downloadQueryTemplate: '/invtInventory/downloadQueryTemplate',
  },
  message: {
    type: 'CEB621',
    root: 'CEB621Message',
    schema: 'import',
    body: 'Inventory',
    head: 'InventoryHead',
    line: 'InventoryList',
    receipt: { type: 'CEB622', root: 'CEB622Message', element: 'InventoryReturn', keys: ['copNo'] },
  },
};
