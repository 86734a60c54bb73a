/**
 * 报关单 (declarationForm, expuDeclaration) — the export customs declaration a summary result leads
 * to (bills §3 "Export declaration"): the long header, goods lines with many optional ≤30-character
 * fields, the special-business flags specDeclFlag as seven checkboxes (bills §2), and the 订单汇总
 * dialog that turns chosen export orders into lines (`pick`: /expuDeclaration/queryOrderList and
 * saveListByOrderIds, bills §7). Its add route is the generic /details/export/declarationForm;
 * agentCode/agentName default to the logged-in company.
 *
 * Declared through the customs pipeline like a CEB message, but as the 单一窗口's 货物申报 报关单报文
 * (`message.dec`): DecMessage Version 3.1 in http://www.chinaport.gov.cn/dec, DecHead with the
 * PascalCase element names below (in the definition's order), DecLists/DecList, DecSign with
 * OperType C and the 企业内部编号 as ClientSeqNo; the 单一窗口 client signs DecSign. Answered by the
 * import response (统一编号 SeqNo, by ClientSeqNo) and the 报关单回执 DEC_DATA (报关单号 ENTRY_ID and
 * the CHANNEL, by 统一编号): dec-receipts.ts. No official schema of DecMessage is at hand: the
 * definition's own lengths and required marks are the check. Required fields are the spec's R;
 * lengths the spec's, and where it gives none, the customs declaration's usual ones (codes 18/10,
 * names 100).
 */
import { billActions } from './actions.ts';
import { company, measure, money, packNo, preNo } from './fields.ts';
import { DEC_NAMESPACE, decImportResponse, decResult } from './dec-receipts.ts';
import { columns, declarableBillList, search } from './lists.ts';
import type { BillDefinition, FieldDef } from './types.ts';

const R = { required: true } as const;
const text = (name: string, label: string, maxLength: number, extra: Partial<FieldDef> = {}): FieldDef => ({ name, label, kind: 'text', maxLength, ...extra });
const pick = (name: string, label: string, codeTable: string, maxLength: number, extra: Partial<FieldDef> = {}): FieldDef =>
  ({ name, label, kind: 'select', codeTable, maxLength, ...extra });
const rate = (name: string, label: string): FieldDef => money(name, label, { digits: 24, maxLength: 24 });
/** 1 率, 2 单价, 3 总价 (运费/保费/杂费标记) */
const mark = (name: string, label: string, extra: Partial<FieldDef> = {}) => pick(name, label, 'fee_flag', 1, extra);
/** the optional ≤ 30-character line fields of bills §3, in the spec's order */
const optional30 = (names: [string, string][]): FieldDef[] => names.map(([name, label]) => text(name, label, 30));
/** The DecMessage element names (FieldDef.xml) of the fields, by field name; the definition's order is the element order. */
const withElements = (fields: readonly FieldDef[], elements: Readonly<Record<string, string | false>>): FieldDef[] =>
  fields.map((f) => (elements[f.name] === undefined ? f : { ...f, xml: elements[f.name] }));

/** DecHead (and DecSign's ClientSeqNo) element names. */
const headElements: Record<string, string | false> = {
  copNo: 'ClientSeqNo', seqNo: 'SeqNo', entryId: 'EntryId', declTrnRel: 'DeclTrnRel', agentCode: 'AgentCode', agentName: 'AgentName',
  customMaster: 'CustomMaster', manualNo: 'ManualNo', contrNo: 'ContrNo', tradeCode: 'TradeCode', tradeName: 'TradeName', ownerName: 'OwnerName',
  ownerCodeScc: 'OwnerCodeScc', ownerCiqCode: 'OwnerCiqCode', tradeCiqCode: 'TradeCiqCode', overseasConsignorCode: 'OverseasConsignorCode',
  overseasConsignorCname: 'OverseasConsignorCname', ownerCode: 'OwnerCode', tradeMode: 'TradeMode', cutMode: 'CutMode', licenseNo: 'LicenseNo',
  billNo: 'BillNo', tradeCountry: 'TradeCountry', distinatePort: 'DistinatePort', tradeCoScc: 'TradeCoScc', ieFlag: 'IEFlag', feeRate: 'FeeRate',
  insurRate: 'InsurRate', otherRate: 'OtherRate', packNo: 'PackNo', grossWet: 'GrossWet', netWt: 'NetWt', transmode: 'TransMode',
  agentCodeScc: 'AgentCodeScc', feeCurr: 'FeeCurr', feeMark: 'FeeMark', insurCurr: 'InsurCurr', insurMark: 'InsurMark', otherCurr: 'OtherCurr',
  otherMark: 'OtherMark', trafMode: 'TrafMode', trafName: 'TrafName', noOtherPack: 'NoOtherPack', wrapType: 'WrapType', tradeAreaCode: 'TradeAreaCode',
  goodsPlace: 'GoodsPlace', entyPortCode: 'EntyPortCode', entryType: 'EntryType', markNo: 'MarkNo', ieDate: 'IEDate', apprNo: 'ApprNo',
  dataSource: 'DataSource', ediId: 'EdiId', billType: 'BillType', despPortCode: 'DespPortCode', blNo: 'BLNo', cmplDschrgDt: 'CmplDschrgDt',
  vsaOrgCode: 'VsaOrgCode', overseasConsignorAddr: 'OverseasConsignorAddr', overseasConsignorEname: 'OverseasConsignorEname',
  overseasConsigneeCode: 'OverseasConsigneeCode', overseasConsigneeEname: 'OverseasConsigneeEname', overseasConsigneeAddr: 'OverseasConsigneeAddr',
  domesticConsigneeEname: 'DomesticConsigneeEname', correlationNo: 'CorrelationNo', ediRemark: 'EdiRemark', ediRemark2: 'EdiRemark2',
  origBoxFlag: 'OrigBoxFlag', specDeclFlag: 'SpecDeclFlag', notes: 'NoteS',
};

/** DecList element names; the bar code has no DecList element and stays in the console. */
const lineElements: Record<string, string | false> = {
  gno: 'GNo', gname: 'GName', codeTs: 'CodeTS', gmodel: 'GModel', exgNo: 'ExgNo', barCode: false, destinationCountry: 'DestinationCountry',
  tradeCurr: 'TradeCurr', gqty: 'GQty', gunit: 'GUnit', firstQty: 'FirstQty', firstUnit: 'FirstUnit', secondQty: 'SecondQty', secondUnit: 'SecondUnit',
  declPrice: 'DeclPrice', declTotal: 'DeclTotal', originCountry: 'OriginCountry', contrItem: 'ContrItem', dutyMode: 'DutyMode', exgVersion: 'ExgVersion',
  factor: 'Factor', useTo: 'UseTo', workUsd: 'WorkUsd', ciqCode: 'CiqCode', declGoodsEname: 'DeclGoodsEname', origPlaceCode: 'OrigPlaceCode',
  purpose: 'Purpose', prodValidDt: 'ProdValidDt', prodQgp: 'ProdQgp', goodsAttr: 'GoodsAttr', stuff: 'Stuff', uncode: 'Uncode', dangName: 'DangName',
  dangPackType: 'DangPackType', dangPackSpec: 'DangPackSpec', engManEntCnm: 'EngManEntCnm', noDangFlag: 'NoDangFlag', destCode: 'DestCode',
  goodsSpec: 'GoodsSpec', goodsModel: 'GoodsModel', goodsBrand: 'GoodsBrand', produceDate: 'ProduceDate', prodBatchNo: 'ProdBatchNo',
  districtCode: 'DistrictCode', ciqName: 'CiqName', mnufctrRegno: 'MnufctrRegno', MnufctrRegName: 'MnufctrRegName',
};

export const exportDeclarationForm: BillDefinition = {
  key: 'declarationForm',
  mode: 'export',
  label: '报关单',
  states: { mode: 'EXPU', billType: 'ExpuDeclarationState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: withElements([
    // DecSign's ClientSeqNo (客户端报关单编号): the block after the lines
    text('copNo', '企业内部编号', 30, { ...R, column: 'cop_no', transfer: true }),
    // issued by the 单一窗口 with the import response (dec-receipts.ts)
    { ...preNo, name: 'seqNo', label: '统一编号' },
    // 海关编号, issued by customs when it takes the declaration (DEC_DATA ENTRY_ID)
    { name: 'entryId', label: '报关单号', kind: 'text', maxLength: 18, readOnly: true },
    { name: 'declTrnRel', label: '报关/转关关系标志', kind: 'select', maxLength: 1, ...R, default: '0',
      options: [
        { value: '0', label: '0 一般报关单' }, { value: '1', label: '1 转关提前报关单' }, { value: '2', label: '2 备案清单' },
        { value: '3', label: '3 转关提前备案清单' }, { value: '4', label: '4 出口二次转关' },
      ] },
    text('agentCode', '申报单位代码', 18, { ...R, default: company.code, column: 'agent_code' }),
    text('agentName', '申报单位名称', 100, { ...R, default: company.name, column: 'agent_name' }),
    pick('customMaster', '申报地海关', 'declare_port', 4, { ...R, column: 'customs_code' }),
    text('manualNo', '备案号', 60),
    text('contrNo', '合同协议号', 30, R),
    text('tradeCode', '境内发货人代码', 60, { ...R, column: 'ebc_code' }),
    text('tradeName', '境内发货人名称', 60, { ...R, column: 'ebc_name' }),
    text('ownerName', '生产销售单位名称', 60, R),
    text('ownerCodeScc', '生产销售单位统一社会信用代码', 18),
    text('ownerCiqCode', '生产销售单位检验检疫编码', 10),
    text('tradeCiqCode', '境内发货人检验检疫编码', 10),
    text('overseasConsignorCode', '境外发货人代码', 50),
    text('overseasConsignorCname', '境外发货人名称', 37),
    text('ownerCode', '生产销售单位代码', 10),
    pick('tradeMode', '监管方式', 'trade_mode', 4, { ...R, column: 'trade_mode' }),
    text('cutMode', '征免性质', 18),
    text('licenseNo', '许可证号', 19),
    text('billNo', '提运单号', 37, { column: 'bill_no' }),
    pick('tradeCountry', '运抵国（地区）', 'country', 3, R),
    pick('distinatePort', '指运港', 'port', 6, R),
    text('tradeCoScc', '境内发货人统一社会信用代码', 18),
    pick('ieFlag', '进出口标志', 'ie_flag', 1, { default: 'E' }),
    rate('feeRate', '运费'),
    rate('insurRate', '保费'),
    rate('otherRate', '杂费'),
    { ...packNo, ...R },
    measure('grossWet', '毛重（千克）', R),
    measure('netWt', '净重（千克）', R),
    { name: 'transmode', label: '成交方式', kind: 'select', maxLength: 1,
      options: [{ value: '1', label: '1 CIF' }, { value: '2', label: '2 C&F' }, { value: '3', label: '3 FOB' }, { value: '4', label: '4 C&I' }, { value: '5', label: '5 市场价' }, { value: '6', label: '6 垫仓' }, { value: '7', label: '7 EXW' }] },
    text('agentCodeScc', '申报单位统一社会信用代码', 18),
    pick('feeCurr', '运费币制', 'currency', 3),
    mark('feeMark', '运费标记'),
    pick('insurCurr', '保费币制', 'currency', 3, R),
    mark('insurMark', '保费标记', R),
    pick('otherCurr', '杂费币制', 'currency', 3),
    mark('otherMark', '杂费标记'),
    pick('trafMode', '运输方式', 'traf_mode', 1, R),
    text('trafName', '运输工具名称', 100),
    text('noOtherPack', '其他包装', 100),
    pick('wrapType', '包装种类', 'wrap_type_v2', 2, R),
    pick('tradeAreaCode', '贸易国（地区）', 'country', 24, R),
    text('goodsPlace', '货物存放地点', 100),
    pick('entyPortCode', '离境口岸', 'port', 6),
    { name: 'entryType', label: '报关单类型', kind: 'select', maxLength: 1, ...R, default: 'M',
      options: [{ value: 'M', label: 'M 无纸化通关' }, { value: '0', label: '0 普通报关' }, { value: 'L', label: 'L 带报关单清单' }, { value: 'W', label: 'W 无纸报关' }] },
    text('markNo', '标记唛码', 400, { span: 2 }),
    { name: 'ieDate', label: '出口日期', kind: 'date' },
    text('apprNo', '批准文号', 32),
    text('dataSource', '数据来源', 10),
    text('ediId', '报关标志', 1),
    text('billType', '备案清单类型', 1),
    pick('despPortCode', '启运港', 'port', 6),
    text('blNo', '提单号', 37),
    { name: 'cmplDschrgDt', label: '卸毕日期', kind: 'date' },
    text('vsaOrgCode', '签证机关', 10),
    text('overseasConsignorAddr', '境外发货人地址', 100),
    text('overseasConsignorEname', '境外发货人外文名称', 100),
    text('overseasConsigneeCode', '境外收货人代码', 50),
    text('overseasConsigneeEname', '境外收货人外文名称', 100),
    text('overseasConsigneeAddr', '境外收货人地址', 100),
    text('domesticConsigneeEname', '境内收货人外文名称', 100),
    text('correlationNo', '关联号码', 100),
    text('ediRemark', '备注一', 100),
    text('ediRemark2', '备注二', 100),
    { name: 'origBoxFlag', label: '原箱运输', kind: 'select', maxLength: 1, ...R, default: '0', options: [{ value: '0', label: '否' }, { value: '1', label: '是' }] },
    {
      name: 'specDeclFlag', label: '特殊业务标识', kind: 'flags', maxLength: 7, default: '0000000', span: 3,
      flagLabels: ['国际赛事', '特殊进出军工物资', '国际援助物资', '国际会议', '直通放行', '外交礼遇', '转关'],
    },
    { name: 'notes', label: '备注', kind: 'textarea', maxLength: 1000, span: 3 },
  ], headElements),
  lines: {
    // a DecMessage carries at least one DecList
    min: 1,
    sequenceField: 'gno',
    columns: ['gno', 'exgNo', 'gname', 'codeTs', 'gmodel', 'gqty', 'gunit', 'declPrice', 'declTotal', 'tradeCurr', 'originCountry', 'destinationCountry'],
    fields: withElements([
      { name: 'gno', label: '项号', kind: 'integer', digits: 5, ...R },
      text('gname', '商品名称', 250, R),
      text('codeTs', '商品编号', 10, R),
      text('gmodel', '规格型号', 250, R),
      text('exgNo', '货号', 20, R),
      text('barCode', '条形码', 50),
      pick('destinationCountry', '最终目的国（地区）', 'country', 3),
      pick('tradeCurr', '币制', 'currency', 3),
      measure('gqty', '成交数量'),
      pick('gunit', '成交计量单位', 'unit', 3),
      measure('firstQty', '法定第一数量'),
      pick('firstUnit', '法定第一计量单位', 'unit', 3, R),
      measure('secondQty', '法定第二数量'),
      pick('secondUnit', '法定第二计量单位', 'unit', 3),
      money('declPrice', '单价', R),
      money('declTotal', '总价', R),
      pick('originCountry', '原产国（地区）', 'country', 3, R),
      ...optional30([
        ['contrItem', '备案序号'], ['dutyMode', '征免方式'], ['exgVersion', '版本号'], ['factor', '申报计量单位与法定单位比例因子'],
        ['useTo', '用途'], ['workUsd', '工缴费'], ['ciqCode', '检验检疫编码'], ['declGoodsEname', '商品英文名称'],
        ['origPlaceCode', '原产地区代码'], ['purpose', '用途代码'], ['prodValidDt', '产品有效期'], ['prodQgp', '产品保质期'],
        ['goodsAttr', '货物属性代码'], ['stuff', '成份/原料/组份'], ['uncode', 'UN编码'], ['dangName', '危险货物名称'],
        ['dangPackType', '危包类别'], ['dangPackSpec', '危包规格'], ['engManEntCnm', '境外生产企业名称'], ['noDangFlag', '非危险化学品'],
        ['destCode', '目的地代码'], ['goodsSpec', '检验检疫货物规格'], ['goodsModel', '货物型号'], ['goodsBrand', '货物品牌'],
        ['produceDate', '生产日期'], ['prodBatchNo', '生产批号'], ['districtCode', '境内货源地'], ['ciqName', '检验检疫名称'],
        ['mnufctrRegno', '生产单位注册号'], ['MnufctrRegName', '生产单位名称'],
      ]),
    ], lineElements),
  },
  pick: {
    from: { mode: 'export', key: 'order' },
    // orders customs took (入库, 审结): what a declaration may summarise
    states: ['120', '399'],
    idsField: 'orderIds',
    sequenceField: 'gno',
    lines: {
      gname: 'itemName', gmodel: 'gmodel', exgNo: 'itemNo', barCode: 'barCode',
      gqty: 'qty', gunit: 'unit', firstQty: 'qty', firstUnit: 'unit',
      declPrice: 'price', declTotal: 'totalPrice', tradeCurr: 'currency', originCountry: 'country',
    },
    mergeBy: ['exgNo', 'gname', 'gunit', 'declPrice', 'tradeCurr'],
    sum: ['gqty', 'firstQty', 'declTotal'],
    columns: ['orderNo', 'createTime', 'ebcName', 'stateName'],
    search: [{ field: 'orderNo', termType: 'like' }, { field: 'ebcName', termType: 'like' }, { field: 'createTime', termType: 'btw' }],
  },
  list: declarableBillList(
    // bills §3: copNo, seqNo, agentCodeName, billNo, customMasterName, tradeMode, tradeCountry, ownerCode, ieDate
    columns(['copNo', 170], ['seqNo', 170], 'agentName', 'billNo', ['customMaster', 110], 'tradeMode', ['tradeCountry', 110], ['ownerCode', 120], ['ieDate', 110]),
    search({ copNo: 'like', billNo: 'like', customMaster: 'eq', tradeMode: 'eq' }),
  ),
  actions: [
    // 导出 too, though bills §7 lists no export path for it: "every bill list offers … export" (§1),
    // and its list is the one that carries 国别 (issue 31; docs/decisions/exports-screen-columns-code-name.md)
    ...billActions,
    { code: 'summary', label: '订单汇总', place: 'detail', kind: 'dialog', dialog: 'orderSummary', api: 'pickSave' },
  ],
  // bills §7: queryPageList, queryById, saveData, queryListByHeadId, deleteById, saveListData,
  // declarationList, sendReceipt; plus the 订单汇总 pair and the verbs the page's buttons need
  // (queryStateCount, saveDataAndDeclaration, deleteListData, exportData).
  api: {
    pageList: '/expuDeclaration/queryPageList',
    queryStateCount: '/expuDeclaration/queryStateCount',
    detail: '/expuDeclaration/queryById',
    lines: '/expuDeclaration/queryListByHeadId',
    save: '/expuDeclaration/saveData',
    saveAndApply: '/expuDeclaration/saveDataAndDeclaration',
    saveLines: '/expuDeclaration/saveListData',
    deleteLines: '/expuDeclaration/deleteListData',
    apply: '/expuDeclaration/declarationList',
    delete: '/expuDeclaration/deleteById',
    sendReceipt: '/expuDeclaration/sendReceipt',
    export: '/expuDeclaration/exportData',
    pickList: '/expuDeclaration/queryOrderList',
    pickSave: '/expuDeclaration/saveListByOrderIds',
  },
  message: {
    type: 'DEC',
    root: 'DecMessage',
    head: 'DecHead',
    line: 'DecList',
    dec: {
      namespace: DEC_NAMESPACE,
      version: '3.1',
      lineGroup: 'DecLists',
      block: 'DecSign',
      // C 报关单申报 (A/B upload only, G 暂存: the console declares)
      blockFirst: [{ element: 'OperType', value: 'C' }],
      signedBy: 'client',
    },
    receipt: decResult,
    answers: [decImportResponse],
  },
};
