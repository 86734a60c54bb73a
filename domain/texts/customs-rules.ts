/**
 * Texts of customs' rules (domain/customs/rules): what customs writes when a declaration breaks
 * one — the same words the console shows on the field before sending and the embedded customs
 * writes into its 100 海关退单 — and the 海关规则 page. A refusal names the field by its label, as
 * the declarant sees it on the form, and ends with the rule's code.
 */
export const customsRuleText = {
  // ── refusals (identical in the console and the simulator) ─────────────────────────────────
  // Each names the field by its Chinese label (the bill definition's, FieldDef.label) with the
  // value in （）, never the message's element name: a declarant reads it at once.
  lineProduct: (gnum: string, totalLabel: string, total: string, qtyLabel: string, priceLabel: string, product: string) =>
    `第${gnum}项商品的${totalLabel}（${total}）与${qtyLabel}×${priceLabel}（${product}）不一致`,
  lineSum: (headLabel: string, value: string, lineLabel: string, sum: string) =>
    `${headLabel}（${value}）与表体各项商品${lineLabel}之和（${sum}）不一致`,
  formula: (label: string, value: string, formula: string, expected: string) => `${label}（${value}）不等于${formula}（${expected}）`,
  notAbove: (smallerLabel: string, smallerValue: string, largerLabel: string, largerValue: string) =>
    `${smallerLabel}（${smallerValue}）不能大于${largerLabel}（${largerValue}）`,
  pairBoth: (gnum: string, qty: string, unit: string) => `第${gnum}项商品的${qty}与${unit}必须同时填写或同时为空`,
  pairPositive: (gnum: string, qty: string) => `第${gnum}项商品的${qty}必须大于0`,
  linePrefix: (gnum: string) => `第${gnum}项商品的`,
  badCode: (prefix: string, label: string, value: string) => `${prefix}${label}（${value}）不在海关参数代码表中`,
  tooLong: (label: string, value: string, max: number) => `${label}（${value}）长度超过${max}个字符`,
  badFormat: (label: string, value: string, format: string) => `${label}（${value}）格式不正确，应为${format}`,
  future: (label: string, value: string) => `${label}（${value}）晚于海关当前时间`,
  limit: (sum: string, limit: string) => `订购人单次交易金额（表体商品总价合计${sum}元）超过单次交易限值${limit}元`,
  /** a formula spelt with the fields' labels: 商品金额+运杂费+代扣税款-非现金抵扣金额 */
  formulaOf: (plus: readonly string[], minus: readonly string[]) => [plus.join('+'), ...minus].join('-'),
  /** the console adds the rule's code, so the 海关规则 page tells why */
  withCode: (message: string, code: string) => `${message}（海关规则${code}）`,

  // ── rule titles, formulas and formats (the page, and inside refusals) ────────────────────────
  invtNoImport: '18位：4位关区+4位年份+I+9位流水号',
  invtNoExport: '18至20位：4位关区+4位年份+E+9至11位流水号',
  /**
   * Labels of the elements a rule names when the document has no definition to read them from
   * (the 报关单, or a rule judged outside any bill): the 202205 specification's own names.
   */
  labels: {
    netWeight: '净重', grossWeight: '毛重', quantity: '数量', dealQuantity: '成交数量', price: '单价', totalPrice: '总价',
    goodsValue: '商品价格', freight: '运杂费', taxTotal: '代扣税款', discount: '非现金抵扣金额', acturalPaid: '实际支付金额',
    qty: '数量', qty1: '法定数量', unit1: '法定计量单位', qty2: '第二数量', unit2: '第二计量单位', unit: '计量单位',
    currency: '币制', fCurrency: '运费币制', iCurrency: '保费币制', country: '国别', tradeCountry: '贸易国', customsCode: '申报地海关代码',
    portCode: '口岸海关代码', trafMode: '运输方式', wrapType: '包装种类', tradeMode: '贸易方式', invtNo: '清单编号', copNo: '企业内部编号',
    orderNo: '订单编号', logisticsNo: '物流运单编号', payTime: '支付时间', accountingDate: '到账时间', logisticsTime: '物流状态时间', ieDate: '进口日期',
    NetWt: '净重', GrossWet: '毛重', GQty: '成交数量', DeclPrice: '单价', DeclTotal: '总价', CustomMaster: '申报地海关', TradeMode: '监管方式',
    TrafMode: '运输方式', TradeCountry: '贸易国', TradeAreaCode: '贸易国别（地区）', OriginCountry: '原产国', DestinationCountry: '最终目的国',
    FeeCurr: '运费币制', InsurCurr: '保费币制', OtherCurr: '杂费币制', TradeCurr: '成交币制', GUnit: '成交计量单位', FirstUnit: '法定计量单位',
    SecondUnit: '第二计量单位', ebpCode: '电商平台代码', ebcCode: '电商企业代码', buyerIdNumber: '订购人证件号码', buyerName: '订购人姓名',
    logisticsCode: '物流企业代码', amountPaid: '支付金额', consignee: '收货人姓名', consigneeTelephone: '收货人电话', consigneeAddress: '收货地址',
  } as Readonly<Record<string, string>>,

  // ── the publications rules come from (the 海关规则 page cites them, never a repository file) ──
  publications: {
    spec: '《海关跨境电子商务进出境货物/物品通关报文规范》（海关跨境电商统一版系统企业对接报文规范，202205版）',
    xsd: '202205版报文规范所附报文定义（海关跨境出口业务、进口业务节点报文定义 XSD）',
    codes: '海关参数代码表（202205版报文规范所列：币制、国别（地区）、计量单位、关区、运输方式、包装种类、监管方式代码）',
    a194: '海关总署公告2018年第194号（关于跨境电子商务零售进出口商品有关监管事宜的公告）',
    a165: '海关总署公告2018年第165号（关于实时获取跨境电子商务平台企业支付相关原始数据有关事宜的公告）',
    a179: '海关总署公告2018年第179号（关于实时获取跨境电子商务平台企业支付相关原始数据接入有关事宜的公告）',
    tax49: '财政部 海关总署 税务总局 财关税〔2018〕49号（关于完善跨境电子商务零售进口税收政策的通知）',
    dec: '中国国际贸易单一窗口 货物申报（进出口货物报关单）填制规范',
  },

  // ── the 海关规则 page ──────────────────────────────────────────────────────────────────────
  page: {
    title: '海关规则',
    intro: '申报前系统按下列海关规则检查单据（保存并申报、批量申报），海关（含内置模拟海关）按同一张规则表审核报文。单据被拒时，提示末尾的规则编号可在此查到原因与依据。',
    search: '搜索规则编号、内容、字段或报文',
    columns: { code: '规则编号', title: '规则', messages: '适用报文', fields: '读取字段', source: '依据（海关发布）' },
    where: (part: string) => `：${part}`,
    allFields: '报文全部字段',
    empty: '没有符合条件的规则',
    byDocuments: '与其他单据比对（三单比对）',
  },
} as const;
