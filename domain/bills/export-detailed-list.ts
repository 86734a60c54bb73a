/**
 * 出口清单 — CEB603 Inventory/InventoryHead/InventoryList, answered by CEB604 InventoryReturn
 * (bills §3 "Export inventory (expuInventry)", ceb-messages §3.6).
 *
 * Required: the spec marks copNo (common header) and pod; everything else the XSD demands is asked
 * for when declaring (requiredToDeclare), so a draft can be kept half filled. Lengths: the spec's
 * where it gives one, else the XSD's; logisticsNo is the XSD's 32 (the spec's 60 is refused by
 * customs, as on the waybill). API names follow the spec's spelling (pod, fcurrency, fflag,
 * icurrency, iflag), written as the XSD's elements (POD, fCurrency …). rmbGoodsValue is shown,
 * never typed, and not part of CEB603. preNo and invtNo are issued by the e-port and customs.
 * ieFlag is always E on an export inventory.
 */
import { appTime, appType, company, copNo, customsCode, ieFlag, loctNo, money, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { BillDefinition, FieldDef } from './types.ts';

const declare = { requiredToDeclare: true } as const;
const currency = (name: string, label: string, xml?: string): FieldDef =>
  ({ name, label, kind: 'select', codeTable: 'currency', maxLength: 3, default: '142', ...declare, ...(xml ? { xml } : {}) });
const feeFlag = (name: string, label: string, xml: string): FieldDef =>
  ({ name, label, kind: 'select', codeTable: 'fee_flag', maxLength: 1, default: '3', xml, ...declare });
const unit = (name: string, label: string, extra: Partial<FieldDef> = declare): FieldDef =>
  ({ name, label, kind: 'select', codeTable: 'unit', maxLength: 3, ...extra });

export const exportDetailedList: BillDefinition = {
  key: 'detailedList',
  mode: 'export',
  label: '出口清单',
  states: { mode: 'EXPU', billType: 'ExpuInventoryState' },
  titleField: 'copNo',
  // customs keys an inventory by the enterprise's number (InventoryReturn echoes agentCode + copNo)
  uniqueBy: ['copNo'],
  head: [
    appType,
    appTime,
    customsCode,
    { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, ...declare, column: 'ebp_code' },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, ...declare, column: 'ebp_name' },
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, ...declare, column: 'order_no' },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, ...declare, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, ...declare, column: 'logistics_name' },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, ...declare, column: 'logistics_no' },
    copNo,
    preNo,
    { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20, readOnly: true, column: 'invt_no' },
    ieFlag('E'),
    { name: 'portCode', label: '出口口岸代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, ...declare },
    { name: 'ieDate', label: '出口日期', kind: 'date', ...declare },
    { name: 'statisticsFlag', label: '申报业务类型', kind: 'select', codeTable: 'statistics_flag', maxLength: 1, ...declare },
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, default: company.code, ...declare, column: 'agent_code' },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, default: company.name, ...declare, column: 'agent_name' },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, default: company.code, ...declare, column: 'ebc_code' },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, default: company.name, ...declare, column: 'ebc_name' },
    { name: 'ownerCode', label: '生产销售单位代码', kind: 'text', maxLength: 18, ...declare },
    { name: 'ownerName', label: '生产销售单位名称', kind: 'text', maxLength: 100, ...declare },
    // special-zone export (1210) only
    { name: 'iacCode', label: '区内企业代码', kind: 'text', maxLength: 18 },
    { name: 'iacName', label: '区内企业名称', kind: 'text', maxLength: 100 },
    { name: 'emsNo', label: '账册编号', kind: 'text', maxLength: 30 },
    { name: 'tradeMode', label: '贸易方式', kind: 'select', codeTable: 'trade_mode', maxLength: 4, default: '9610', ...declare, column: 'trade_mode' },
    trafMode,
    // voyage, bill, package: may follow later in the 清单总分单 where the customs office allows it
    { name: 'trafName', label: '运输工具名称', kind: 'text', maxLength: 100 },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32 },
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, column: 'bill_no' },
    { name: 'totalPackageNo', label: '总包号', kind: 'text', maxLength: 37 },
    loctNo,
    { name: 'licenseNo', label: '许可证号', kind: 'text', maxLength: 19 },
    { name: 'country', label: '运抵国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...declare },
    { name: 'pod', label: '指运港代码', kind: 'select', codeTable: 'port', maxLength: 4, required: true, xml: 'POD' },
    money('freight', '运费', declare),
    currency('fcurrency', '运费币制', 'fCurrency'),
    feeFlag('fflag', '运费标志', 'fFlag'),
    money('insuredFee', '保费', { ...declare, default: 0 }),
    currency('icurrency', '保费币制', 'iCurrency'),
    feeFlag('iflag', '保费标志', 'iFlag'),
    { name: 'wrapType', label: '包装种类代码', kind: 'select', codeTable: 'wrap_type', maxLength: 1, ...declare },
    { name: 'packNo', label: '件数', kind: 'integer', digits: 9, ...declare },
    money('grossWeight', '毛重（千克）', declare),
    money('netWeight', '净重（千克）', declare),
    note,
    money('rmbGoodsValue', '人民币货值', { readOnly: true, xml: false }),
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 100,
    sequenceField: 'gnum',
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 5, required: true },
      { name: 'itemNo', label: '企业商品货号', kind: 'text', maxLength: 20, ...declare },
      { name: 'itemRecordNo', label: '账册备案料号', kind: 'text', maxLength: 30 },
      { name: 'itemName', label: '企业商品名称', kind: 'text', maxLength: 250 },
      { name: 'gcode', label: '商品编码', kind: 'text', maxLength: 10, ...declare },
      { name: 'gname', label: '商品名称', kind: 'text', maxLength: 250, ...declare },
      { name: 'gmodel', label: '规格型号', kind: 'text', maxLength: 250, ...declare },
      // customs wants 无 when the goods have no bar code
      { name: 'barCode', label: '条形码', kind: 'text', maxLength: 50, default: '无', ...declare },
      { name: 'country', label: '最终目的国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...declare },
      currency('currency', '币制'),
      money('qty', '数量', declare),
      money('qty1', '法定数量', declare),
      money('qty2', '第二数量'),
      unit('unit', '计量单位'),
      unit('unit1', '法定计量单位'),
      unit('unit2', '第二计量单位', {}),
      money('price', '单价', declare),
      money('totalPrice', '总价', declare),
      { ...note, xml: 'note' },
    ],
  },
  list: declarableBillList(
    [
      { field: 'copNo', navigate: true, sortable: true, width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'invtNo', width: 180 },
      { field: 'orderNo', width: 190 },
      { field: 'logisticsNo', width: 170 },
      { field: 'agentName', width: 200 },
      { field: 'ebcName', width: 200 },
      { field: 'customsCode', width: 120 },
      { field: 'tradeMode', width: 100 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'orderNo', termType: 'like' },
      { field: 'logisticsNo', termType: 'like' },
      { field: 'invtNo', termType: 'like' },
      // bills §3: the trade_mode filter (9610 / 1210), one choice
      { field: 'tradeMode', termType: 'eq' },
    ],
  ),
  actions: billActions,
  // bills §7 Export inventory. Not listed there, derived from the same family: delete → deleteById
  // (the verb of /expuDeclaration and /expuTallying), deleteLines → deleteDataList (beside
  // saveDataList), export → exportData (/expu_refund's verb; exportDelivery is 生成运抵单).
  api: {
    pageList: '/expuInventry/queryPageList',
    queryStateCount: '/expuInventry/queryStateCount',
    detail: '/expuInventry/queryById',
    lines: '/expuInventry/queryListByHeadId',
    save: '/expuInventry/saveData',
    saveAndApply: '/expuInventry/saveDataAndDeclaration',
    saveLines: '/expuInventry/saveDataList',
    deleteLines: '/expuInventry/deleteDataList',
    apply: '/expuInventry/declarationList',
    delete: '/expuInventry/deleteById',
    export: '/expuInventry/exportData',
    sendReceipt: '/expuInventry/sendReceipt',
    downloadQueryTemplate: '/expuInventry/downloadQueryTemplate',
  },
  message: {
    type: 'CEB603',
    root: 'CEB603Message',
    schema: 'export',
    body: 'Inventory',
    head: 'InventoryHead',
    line: 'InventoryList',
    receipt: { type: 'CEB604', root: 'CEB604Message', element: 'InventoryReturn', keys: ['copNo'] },
  },
};
