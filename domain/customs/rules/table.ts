/**
 * Customs' rules, written down once as data: each row says what customs demands, the elements it
 * reads, the messages it applies to and where the rule comes from. The console checks a bill
 * against the rows of its message before 保存并申报 / 批量申报 (domain/bills/customs-rule-errors.ts,
 * errors on the fields), and the embedded customs judges a received message by the same rows
 * (server/customs/simulator), answering with the same words. The 海关规则 page lists them.
 *
 * Each row cites the customs publications it comes from (RuleBasis: the 202205 message
 * specification and its XSDs, 海关总署公告, the tax notice) — the page shows those, never a file of
 * this repository. Where we read them: /work/shared/domain/ceb-messages.md §10 (the checks), §5.3
 * (codes), §9 (code tables), §6 (numbers) and /work/shared/customs-spec/xsd (lengths, decimals).
 * Rows are judged in this order; the first breach is customs' answer, all breaches are the
 * console's field errors.
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
    explanation: '表体每一项商品的总价必须等于数量乘以单价；乘积与总价相差不到一分钱视为相等，相差一分钱或以上，海关退单。',
    basis: [{ publication: 'spec', part: '订单表体、清单表体 totalPrice（总价）的说明：单价×数量' }],
    check: { kind: 'lineProduct', qty: 'qty', price: 'price', total: 'totalPrice', number: 'gnum' },
  },
  {
    code: 'R102', name: 'orderTotal', title: '订单商品金额 = 表体商品总价合计',
    messages: ['CEB303', 'CEB311'], fields: ['goodsValue', 'totalPrice'],
    explanation: '订单表头的商品价格必须等于表体各项商品总价之和。报文规范未明文写出这一等式，但海关和各平台按此核对，内置模拟海关也按此审核。',
    basis: [{ publication: 'spec', part: '订单表头 goodsValue（商品价格）与订单表体 totalPrice（总价）' }],
    check: { kind: 'lineSum', head: 'goodsValue', line: 'totalPrice' },
  },
  {
    code: 'R103', name: 'importPaid', title: '实际支付金额 = 商品价格 + 运杂费 + 代扣税款 − 非现金抵扣金额',
    messages: ['CEB311'], fields: ['acturalPaid', 'goodsValue', 'freight', 'taxTotal', 'discount'],
    explanation: '进口订单的实际支付金额必须等于商品价格加运杂费加代扣税款，再减去非现金抵扣金额（如优惠券、积分）。',
    basis: [{ publication: 'spec', part: '进口订单表头 acturalPaid（实际支付金额）的说明' }, { publication: 'a194', part: '电商企业如实传输交易（订单）电子信息' }],
    check: { kind: 'formula', result: 'acturalPaid', plus: ['goodsValue', 'freight', 'taxTotal'], minus: ['discount'] },
  },
  {
    code: 'R201', name: 'netGross', title: '净重不能大于毛重',
    messages: ['CEB603', 'CEB621'], fields: ['netWeight', 'grossWeight'],
    explanation: '商品的净重（不含包装）不能比毛重（含包装）还重。',
    basis: [{ publication: 'spec', part: '清单表头 grossWeight（毛重）、netWeight（净重），单位千克' }],
    check: { kind: 'notAbove', smaller: 'netWeight', larger: 'grossWeight' },
  },
  {
    code: 'R202', name: 'quantityPairs', title: '法定数量与法定计量单位、第二数量与第二计量单位同时填写或同时为空，数量大于0',
    messages: ['CEB603', 'CEB621', 'CEB213'], fields: ['qty1', 'unit1', 'qty2', 'unit2'],
    explanation: '法定数量与法定计量单位、第二数量与第二计量单位各是一对：要么都填，要么都不填；填写的数量必须大于0。',
    basis: [{ publication: 'spec', part: '清单表体 qty1/unit1、qty2/unit2 的说明及回执错误代码 -625009' }],
    check: { kind: 'pairs', pairs: [['qty1', 'unit1'], ['qty2', 'unit2']], number: 'gnum' },
  },
  {
    code: 'R104', name: 'singleLimit', title: '跨境电商零售进口单次交易限值 5000 元（表体商品总价合计）',
    messages: ['CEB621'], fields: ['totalPrice'],
    explanation: '跨境电商零售进口的单次交易限值为人民币5000元：一张清单表体商品总价之和超过5000元，海关不予放行（回执 -621005）。',
    basis: [{ publication: 'tax49', part: '单次交易限值由人民币2000元提高至5000元' }, { publication: 'spec', part: '回执错误代码 -621005' }],
    check: { kind: 'limit', line: 'totalPrice', limit: String(SINGLE_LIMIT_CNY) }, status: '-621005',
  },
  // ── codes and number formats ───────────────────────────────────────────────────────────────
  {
    code: 'R301', name: 'codeTables', title: '币制、国别、计量单位、关区、运输方式、包装种类、贸易方式须为海关参数代码',
    messages: [...EXPORT, ...IMPORT], fields: Object.keys(CEB_CODE_ELEMENTS),
    explanation: '币制、国别、计量单位、关区、运输方式、包装种类、贸易方式等字段只能填写海关参数代码表中的代码（例如币制人民币为142），不能填写名称或其他编码（如 CNY）。',
    basis: [{ publication: 'codes' }, { publication: 'spec', part: '各代码字段的取值说明' }],
    check: { kind: 'codes', elements: CEB_CODE_ELEMENTS, number: 'gnum' },
  },
  {
    code: 'R401', name: 'formats', title: '进口清单编号为18位：4位关区+4位年份+I+9位流水号',
    messages: ['CEB621', 'CEB623', 'CEB625'], fields: ['invtNo'],
    explanation: '进口清单编号由海关生成，共18位：4位关区代码、4位年份、字母I、9位流水号。',
    basis: [{ publication: 'spec', part: '进口清单 invtNo（清单编号）' }, { publication: 'xsd', part: '进口 invtNo 长度18' }],
    check: { kind: 'format', element: 'invtNo', max: 18, pattern: '^\\d{8}I\\d{9}$', format: 'invtNoImport' },
  },
  {
    code: 'R402', name: 'formats', title: '出口清单编号为18至20位：4位关区+4位年份+E+9至11位流水号',
    messages: ['CEB603', 'CEB605', 'CEB607', 'CEB213', 'CEB215', 'CEB701'], fields: ['invtNo'],
    explanation: '出口清单编号由海关生成，共18至20位：4位关区代码、4位年份、字母E、9至11位流水号。',
    basis: [{ publication: 'spec', part: '出口清单 invtNo（清单编号）' }, { publication: 'xsd', part: '出口 invtNo 最大长度20' }],
    check: { kind: 'format', element: 'invtNo', max: 20, pattern: '^\\d{8}E\\d{9,11}$', format: 'invtNoExport' },
  },
  {
    code: 'R403', name: 'formats', title: '进口单据企业内部编号不超过20个字符',
    messages: ['CEB621', 'CEB623', 'CEB625', 'CEB711'], fields: ['copNo'],
    explanation: '进口单据的企业内部编号最长20个字符，超出的报文无法通过海关的格式校验。',
    basis: [{ publication: 'xsd', part: '进口报文 copNo 最大长度20' }],
    check: { kind: 'format', element: 'copNo', max: 20 },
  },
  {
    code: 'R404', name: 'formats', title: '出口单据企业内部编号不超过30个字符',
    messages: ['CEB507', 'CEB509', 'CEB603', 'CEB605', 'CEB607', 'CEB701'], fields: ['copNo'],
    explanation: '出口单据的企业内部编号最长30个字符。',
    basis: [{ publication: 'xsd', part: '出口报文 copNo 最大长度30' }],
    check: { kind: 'format', element: 'copNo', max: 30 },
  },
  {
    code: 'R405', name: 'formats', title: '订单编号不超过60个字符',
    messages: ['CEB303', 'CEB403', 'CEB603', 'CEB311', 'CEB411', 'CEB511', 'CEB621', 'CEB623', 'CEB625'], fields: ['orderNo'],
    explanation: '订单编号最长60个字符。',
    basis: [{ publication: 'spec', part: 'orderNo（订单编号）C..60' }, { publication: 'xsd', part: 'orderNo 最大长度60' }],
    check: { kind: 'format', element: 'orderNo', max: 60 },
  },
  {
    code: 'R406', name: 'formats', title: '出口物流运单编号不超过32个字符',
    messages: ['CEB505', 'CEB507', 'CEB509', 'CEB603', 'CEB607'], fields: ['logisticsNo'],
    explanation: '出口报文中的物流运单编号最长32个字符。',
    basis: [{ publication: 'xsd', part: '出口运单、清单、运抵单 logisticsNo 最大长度32' }],
    check: { kind: 'format', element: 'logisticsNo', max: 32 },
  },
  {
    code: 'R407', name: 'formats', title: '进口物流运单编号不超过60个字符',
    messages: ['CEB511', 'CEB513', 'CEB621', 'CEB623', 'CEB625', 'CEB711'], fields: ['logisticsNo'],
    explanation: '进口报文中的物流运单编号最长60个字符。',
    basis: [{ publication: 'spec', part: '进口运单 logisticsNo C..60' }, { publication: 'xsd', part: '进口 logisticsNo 最大长度60' }],
    check: { kind: 'format', element: 'logisticsNo', max: 60 },
  },
  {
    code: 'R408', name: 'formats', title: '出口退货物流运单编号不超过80个字符',
    messages: ['CEB213', 'CEB215'], fields: ['logisticsNo'],
    explanation: '出口退货报文中的物流运单编号最长80个字符。',
    basis: [{ publication: 'xsd', part: '出口退货 logisticsNo 最大长度80' }],
    check: { kind: 'format', element: 'logisticsNo', max: 80 },
  },
  {
    code: 'R409', name: 'lengths', title: '每个字段的长度不超过报文规范规定的最大长度（按字符计，一个汉字为一个字符）',
    messages: [...EXPORT, ...IMPORT], fields: ['*'],
    explanation: '每个字段都有报文规范规定的最大长度，按字符计（一个汉字算一个字符）；超长的内容保存时即被拒绝，不会被截断后发送。',
    basis: [{ publication: 'spec', part: '各报文字段的类型与长度（如 C..60）' }, { publication: 'xsd', part: '各元素 maxLength' }],
    check: { kind: 'fieldLimits', limit: 'length' },
  },
  {
    code: 'R410', name: 'decimals', title: '金额、数量、重量最多14位整数、5位小数（N19,5），多出的小数位不四舍五入，须由申报人改正',
    messages: [...EXPORT, ...IMPORT], fields: ['*'],
    explanation: '金额、数量、重量为 N19,5：最多14位整数、5位小数。小数位多于5位的数值保存时即被拒绝，系统不会替申报人四舍五入后发送。',
    basis: [{ publication: 'spec', part: '数值字段 N19,5' }, { publication: 'xsd', part: '各数值元素 totalDigits 19、fractionDigits 5' }],
    check: { kind: 'fieldLimits', limit: 'digits' },
  },
  // ── dates ──────────────────────────────────────────────────────────────────────────────────
  {
    code: 'R501', name: 'notFuture', title: '支付时间、到账时间、物流状态时间、进口日期不能晚于当前时间',
    messages: ['CEB403', 'CEB411', 'CEB513', 'CEB621'], fields: ['payTime', 'accountingDate', 'logisticsTime', 'ieDate'],
    explanation: '支付时间、到账时间、物流状态时间和进口日期记录的是已经发生的事，不能晚于海关的当前时间（允许10分钟的时钟误差）。',
    basis: [{ publication: 'spec', part: '时间格式 YYYYMMDDhhmmss；支付单 payTime、清单 ieDate 的说明' }],
    check: { kind: 'notFuture', elements: ['payTime', 'accountingDate', 'logisticsTime', 'ieDate'] },
  },
  // ── 报关单 (单一窗口 货物申报) ──────────────────────────────────────────────────────────────
  {
    code: 'R211', name: 'decAmounts', title: '报关单净重不能大于毛重',
    messages: ['DEC'], fields: ['NetWt', 'GrossWet'],
    explanation: '报关单的净重不能大于毛重。',
    basis: [{ publication: 'dec', part: '净重、毛重（千克）' }],
    check: { kind: 'notAbove', smaller: 'NetWt', larger: 'GrossWet' },
  },
  {
    code: 'R111', name: 'decAmounts', title: '报关单商品总价 = 成交数量 × 单价（精确到分）',
    messages: ['DEC'], fields: ['GQty', 'DeclPrice', 'DeclTotal'],
    explanation: '报关单每一项商品的总价必须等于成交数量乘以单价（精确到分）。',
    basis: [{ publication: 'dec', part: '总价 = 成交数量 × 单价' }],
    check: { kind: 'lineProduct', qty: 'GQty', price: 'DeclPrice', total: 'DeclTotal', number: 'GNo' },
  },
  {
    code: 'R311', name: 'decAmounts', title: '报关单的关区、贸易方式、运输方式、国别、币制、计量单位须为海关参数代码',
    messages: ['DEC'], fields: Object.keys(DEC_CODE_ELEMENTS),
    explanation: '报关单的申报地海关、监管方式、运输方式、国别、币制、计量单位只能填写海关参数代码。',
    basis: [{ publication: 'codes' }, { publication: 'dec', part: '各代码字段' }],
    check: { kind: 'codes', elements: DEC_CODE_ELEMENTS, number: 'GNo' },
  },
  // ── 三单比对 (other documents customs holds) ────────────────────────────────────────────────
  {
    code: 'R601', name: 'documents', title: '三单比对：进口清单的订单、支付单、运单须已被海关入库；电商企业、订购人、订单编号须一致，支付金额 = 订单实际支付金额，运单收货人信息与订单一致',
    messages: ['CEB621'], fields: ['orderNo', 'ebpCode', 'ebcCode', 'buyerIdNumber', 'buyerName', 'logisticsCode', 'logisticsNo', 'amountPaid', 'acturalPaid', 'consignee', 'consigneeTelephone', 'consigneeAddress'],
    explanation: '进口清单申报前，海关必须已经收到并入库同一笔交易的订单、支付单和运单（“三单”），且三者一致：电商平台、电商企业、订单编号、订购人须相同，支付单的支付金额须等于订单的实际支付金额，运单的收货人信息须与订单一致。',
    basis: [{ publication: 'a194', part: '跨境电商零售进口商品申报前，电商企业或平台、支付企业、物流企业分别传输交易、支付、物流电子信息，海关进行比对' }, { publication: 'a165', part: '平台企业开放支付相关原始数据供海关验核' }, { publication: 'a179', part: '支付相关原始数据的接入' }, { publication: 'spec', part: '订单 CEB311、支付单 CEB411、运单 CEB511 与清单 CEB621' }],
    check: { kind: 'documents' },
  },
  {
    code: 'R602', name: 'documents', title: '出口清单的订单、收款单、运单须已被海关入库，电商企业代码须一致',
    messages: ['CEB603'], fields: ['orderNo', 'ebpCode', 'ebcCode', 'logisticsCode', 'logisticsNo'],
    explanation: '出口清单申报前，海关必须已经入库对应的订单、收款单和运单，且电商企业代码一致。',
    basis: [{ publication: 'a194', part: '跨境电商零售出口商品申报前传输交易、收款、物流电子信息' }, { publication: 'spec', part: '订单 CEB303、收款单 CEB403、运单 CEB505 与清单 CEB603' }],
    check: { kind: 'documents' },
  },
  {
    code: 'R603', name: 'documents', title: '撤单、退货须对应海关已入库或放行的清单',
    messages: ['CEB605', 'CEB623', 'CEB213', 'CEB625'], fields: ['invtNo'],
    explanation: '撤销申请单和退货申请单只能针对海关已经入库或放行的清单提出。',
    basis: [{ publication: 'a194', part: '退货、撤销清单的办理' }, { publication: 'spec', part: '撤销单 CEB605/623、退货单 CEB213/625 与回执错误代码 -623005' }],
    check: { kind: 'documents' },
  },
  {
    code: 'R604', name: 'documents', title: '运单状态须对应海关已入库的运单',
    messages: ['CEB513'], fields: ['logisticsCode', 'logisticsNo'],
    explanation: '运单状态只能针对海关已经入库的运单申报。',
    basis: [{ publication: 'spec', part: '运单状态 CEB513' }],
    check: { kind: 'documents' },
  },
];
