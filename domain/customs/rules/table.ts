/**
 * Customs' rules, written down once as data: each row says what customs demands, the elements it
 * reads, the messages it applies to and where the rule comes from. The console checks a bill
 * against the rows of its message before 保存并申报 / 批量申报 (domain/bills/customs-rule-errors.ts,
 * errors on the fields), and the embedded customs judges a received message by the same rows
 * (server/customs/simulator), answering with the same words. The 海关规则 page lists them.
 *
 * Sources: /work/shared/domain/ceb-messages.md (cited as §…) and the official XSDs
 * (/work/shared/customs-spec/xsd). Rows are judged in this order; the first breach is customs'
 * answer, all breaches are the console's field errors.
 */
import { SINGLE_LIMIT_CNY } from '../../bills/import-tax.ts';
import type { CustomsRule } from './types.ts';

const EXPORT = ['CEB303', 'CEB403', 'CEB505', 'CEB507', 'CEB509', 'CEB603', 'CEB605', 'CEB607', 'CEB213', 'CEB215', 'CEB701'] as const;
const IMPORT = ['CEB311', 'CEB411', 'CEB511', 'CEB513', 'CEB621', 'CEB623', 'CEB625', 'CEB711'] as const;

/** CEB elements holding customs codes, and their tables (§9). */
export const CEB_CODE_ELEMENTS: Readonly<Record<string, string>> = {
  currency: 'currency', fCurrency: 'currency', iCurrency: 'currency',
  country: 'country', tradeCountry: 'country',
  unit: 'unit', unit1: 'unit', unit2: 'unit',
  customsCode: 'customs', portCode: 'customs',
  trafMode: 'traf_mode', wrapType: 'wrap_type', tradeMode: 'trade_mode',
};

/** The 报关单's coded elements (DecHead, DecList), by their own names. */
export const DEC_CODE_ELEMENTS: Readonly<Record<string, string>> = {
  CustomMaster: 'customs', TradeMode: 'trade_mode', TrafMode: 'traf_mode',
  TradeCountry: 'country', TradeAreaCode: 'country', OriginCountry: 'country', DestinationCountry: 'country',
  FeeCurr: 'currency', InsurCurr: 'currency', OtherCurr: 'currency', TradeCurr: 'currency',
  GUnit: 'unit', FirstUnit: 'unit', SecondUnit: 'unit',
};

export const customsRules: readonly CustomsRule[] = [
  // ── amounts ────────────────────────────────────────────────────────────────────────────────
  {
    code: 'R101', name: 'linePrice', title: '表体商品总价 = 数量 × 单价（精确到分）',
    messages: ['CEB303', 'CEB311', 'CEB603', 'CEB621'], fields: ['qty', 'price', 'totalPrice'],
    source: 'ceb-messages §10「Line totalPrice = qty × price」；§3.11 OrderList totalPrice「= price × qty」',
    check: { kind: 'lineProduct', qty: 'qty', price: 'price', total: 'totalPrice', number: 'gnum', qtyLabel: 'quantity' },
  },
  {
    code: 'R102', name: 'orderTotal', title: '订单商品金额 = 表体商品总价合计',
    messages: ['CEB303', 'CEB311'], fields: ['goodsValue', 'totalPrice'],
    source: 'ceb-messages §10（平台普遍执行，海关未明文；内置海关按此审核，见 docs/decisions.md）；§3.11 goodsValue',
    check: { kind: 'lineSum', head: 'goodsValue', line: 'totalPrice' },
  },
  {
    code: 'R103', name: 'importPaid', title: '实际支付金额 = 商品价格 + 运杂费 + 代扣税款 − 非现金抵扣金额',
    messages: ['CEB311'], fields: ['acturalPaid', 'goodsValue', 'freight', 'taxTotal', 'discount'],
    source: 'ceb-messages §3.11 acturalPaid「= goodsValue + freight + taxTotal − discount」；§10',
    check: { kind: 'formula', result: 'acturalPaid', plus: ['goodsValue', 'freight', 'taxTotal'], minus: ['discount'] },
  },
  {
    code: 'R201', name: 'netGross', title: '净重不能大于毛重',
    messages: ['CEB603', 'CEB621'], fields: ['netWeight', 'grossWeight'],
    source: 'ceb-messages §3.6、§3.14 grossWeight / netWeight（kg）',
    check: { kind: 'notAbove', smaller: 'netWeight', larger: 'grossWeight', smallerLabel: 'netWeight', largerLabel: 'grossWeight' },
  },
  {
    code: 'R202', name: 'quantityPairs', title: '法定数量与法定计量单位、第二数量与第二计量单位同时填写或同时为空，数量大于0',
    messages: ['CEB603', 'CEB621', 'CEB213'], fields: ['qty1', 'unit1', 'qty2', 'unit2'],
    source: 'ceb-messages §10「qty2/unit2 both empty or both filled with a positive qty」；§5.3 −625009',
    check: { kind: 'pairs', pairs: [['qty1', 'unit1'], ['qty2', 'unit2']], number: 'gnum' },
  },
  {
    code: 'R104', name: 'singleLimit', title: '跨境电商零售进口单次交易限值 5000 元（表体商品总价合计）',
    messages: ['CEB621'], fields: ['totalPrice'],
    source: 'ceb-messages §10 单次交易限值 CNY 5,000（财关税〔2018〕49号）；§5.3 −621005',
    check: { kind: 'limit', line: 'totalPrice', limit: String(SINGLE_LIMIT_CNY) }, status: '-621005',
  },
  // ── codes and number formats ───────────────────────────────────────────────────────────────
  {
    code: 'R301', name: 'codeTables', title: '币制、国别、计量单位、关区、运输方式、包装种类、贸易方式须为海关参数代码',
    messages: [...EXPORT, ...IMPORT], fields: Object.keys(CEB_CODE_ELEMENTS),
    source: 'ceb-messages §9 海关参数代码；domain/code-tables',
    check: { kind: 'codes', elements: CEB_CODE_ELEMENTS, number: 'gnum' },
  },
  {
    code: 'R401', name: 'formats', title: '进口清单编号为18位：4位关区+4位年份+I+9位流水号',
    messages: ['CEB621', 'CEB623', 'CEB625'], fields: ['invtNo'],
    source: 'ceb-messages §6 invtNo；ceb-import.xsd InventoryReturn/invtNo length 18',
    check: { kind: 'format', element: 'invtNo', max: 18, pattern: '^\\d{8}I\\d{9}$', format: 'invtNoImport' },
  },
  {
    code: 'R402', name: 'formats', title: '出口清单编号为18至20位：4位关区+4位年份+E+9至11位流水号',
    messages: ['CEB603', 'CEB605', 'CEB607', 'CEB213', 'CEB215', 'CEB701'], fields: ['invtNo'],
    source: 'ceb-messages §6 invtNo；ceb-export.xsd invtNo maxLength 20',
    check: { kind: 'format', element: 'invtNo', max: 20, pattern: '^\\d{8}E\\d{9,11}$', format: 'invtNoExport' },
  },
  {
    code: 'R403', name: 'formats', title: '进口单据企业内部编号不超过20个字符',
    messages: ['CEB621', 'CEB623', 'CEB625', 'CEB711'], fields: ['copNo'],
    source: 'ceb-messages §6 copNo；ceb-import.xsd copNo maxLength 20',
    check: { kind: 'format', element: 'copNo', max: 20 },
  },
  {
    code: 'R404', name: 'formats', title: '出口单据企业内部编号不超过30个字符',
    messages: ['CEB507', 'CEB509', 'CEB603', 'CEB605', 'CEB607', 'CEB701'], fields: ['copNo'],
    source: 'ceb-messages §6 copNo；ceb-export.xsd copNo maxLength 30',
    check: { kind: 'format', element: 'copNo', max: 30 },
  },
  {
    code: 'R405', name: 'formats', title: '订单编号不超过60个字符',
    messages: ['CEB303', 'CEB403', 'CEB603', 'CEB311', 'CEB411', 'CEB511', 'CEB621', 'CEB623', 'CEB625'], fields: ['orderNo'],
    source: 'ceb-messages §3 orderNo C..60；ceb-export.xsd / ceb-import.xsd orderNo maxLength 60',
    check: { kind: 'format', element: 'orderNo', max: 60 },
  },
  {
    code: 'R406', name: 'formats', title: '出口物流运单编号不超过32个字符',
    messages: ['CEB505', 'CEB507', 'CEB509', 'CEB603', 'CEB607'], fields: ['logisticsNo'],
    source: 'ceb-export.xsd Logistics / InventoryHead / ArrivalList logisticsNo maxLength 32',
    check: { kind: 'format', element: 'logisticsNo', max: 32 },
  },
  {
    code: 'R407', name: 'formats', title: '进口物流运单编号不超过60个字符',
    messages: ['CEB511', 'CEB513', 'CEB621', 'CEB623', 'CEB625', 'CEB711'], fields: ['logisticsNo'],
    source: 'ceb-messages §3.13 logisticsNo C..60；ceb-import.xsd logisticsNo maxLength 60',
    check: { kind: 'format', element: 'logisticsNo', max: 60 },
  },
  {
    code: 'R408', name: 'formats', title: '出口退货物流运单编号不超过80个字符',
    messages: ['CEB213', 'CEB215'], fields: ['logisticsNo'],
    source: 'ceb-export.xsd InvtRefundHead / InvtRefundDetail logisticsNo maxLength 80',
    check: { kind: 'format', element: 'logisticsNo', max: 80 },
  },
  // ── dates ──────────────────────────────────────────────────────────────────────────────────
  {
    code: 'R501', name: 'notFuture', title: '支付时间、到账时间、物流状态时间、进口日期不能晚于当前时间',
    messages: ['CEB403', 'CEB411', 'CEB513', 'CEB621'], fields: ['payTime', 'accountingDate', 'logisticsTime', 'ieDate'],
    source: 'ceb-messages §6 时间格式；§3.12 payTime、§3.14 ieDate（已发生的事实，不能是将来时间）',
    check: { kind: 'notFuture', elements: ['payTime', 'accountingDate', 'logisticsTime', 'ieDate'] },
  },
  // ── 报关单 (单一窗口 货物申报) ──────────────────────────────────────────────────────────────
  {
    code: 'R211', name: 'decAmounts', title: '报关单净重不能大于毛重',
    messages: ['DEC'], fields: ['NetWt', 'GrossWet'],
    source: '单一窗口 货物申报 DecHead NetWt / GrossWet（kg）',
    check: { kind: 'notAbove', smaller: 'NetWt', larger: 'GrossWet', smallerLabel: 'netWeight', largerLabel: 'grossWeight' },
  },
  {
    code: 'R111', name: 'decAmounts', title: '报关单商品总价 = 成交数量 × 单价（精确到分）',
    messages: ['DEC'], fields: ['GQty', 'DeclPrice', 'DeclTotal'],
    source: '单一窗口 货物申报 DecList DeclTotal；ceb-messages §10 同一规则',
    check: { kind: 'lineProduct', qty: 'GQty', price: 'DeclPrice', total: 'DeclTotal', number: 'GNo', qtyLabel: 'dealQuantity' },
  },
  {
    code: 'R311', name: 'decAmounts', title: '报关单的关区、贸易方式、运输方式、国别、币制、计量单位须为海关参数代码',
    messages: ['DEC'], fields: Object.keys(DEC_CODE_ELEMENTS),
    source: 'ceb-messages §9 海关参数代码；domain/code-tables',
    check: { kind: 'codes', elements: DEC_CODE_ELEMENTS, number: 'GNo' },
  },
  // ── 三单比对 (other documents customs holds) ────────────────────────────────────────────────
  {
    code: 'R601', name: 'documents', title: '三单比对：进口清单的订单、支付单、运单须已被海关入库；电商企业、订购人、订单编号须一致，支付金额 = 订单实际支付金额，运单收货人信息与订单一致',
    messages: ['CEB621'], fields: ['orderNo', 'ebpCode', 'ebcCode', 'buyerIdNumber', 'buyerName', 'logisticsCode', 'logisticsNo', 'amountPaid', 'acturalPaid', 'consignee', 'consigneeTelephone', 'consigneeAddress'],
    source: 'ceb-messages §10 三单比对（订单 CEB311、支付单 CEB411、运单 CEB511）',
    check: { kind: 'documents' },
  },
  {
    code: 'R602', name: 'documents', title: '出口清单的订单、收款单、运单须已被海关入库，电商企业代码须一致',
    messages: ['CEB603'], fields: ['orderNo', 'ebpCode', 'ebcCode', 'logisticsCode', 'logisticsNo'],
    source: 'ceb-messages §10「Export similarly relates inventory (603) to order (303), receipt of payment (403) and waybill (505)」',
    check: { kind: 'documents' },
  },
  {
    code: 'R603', name: 'documents', title: '撤单、退货须对应海关已入库或放行的清单',
    messages: ['CEB605', 'CEB623', 'CEB213', 'CEB625'], fields: ['invtNo'],
    source: 'ceb-messages §5.4「Cancellation (605/623) and returns (213/625) reference a released inventory invtNo」；§5.3 −623005',
    check: { kind: 'documents' },
  },
  {
    code: 'R604', name: 'documents', title: '运单状态须对应海关已入库的运单',
    messages: ['CEB513'], fields: ['logisticsCode', 'logisticsNo'],
    source: 'ceb-messages §3.13 CEB513 LogisticsStatus',
    check: { kind: 'documents' },
  },
];
