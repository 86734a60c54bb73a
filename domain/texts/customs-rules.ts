/**
 * Texts of customs' rules (domain/customs/rules): what customs writes when a declaration breaks
 * one — the same words the console shows on the field before sending and the embedded customs
 * writes into its 100 海关退单 — and the 海关规则 page. Element names stay in the refusal, as
 * customs writes them, so a declarant can find the field in the message.
 */
export const customsRuleText = {
  // ── refusals (identical in the console and the simulator) ─────────────────────────────────
  lineProduct: (gnum: string, totalElement: string, total: string, qtyLabel: string, product: string) =>
    `第${gnum}项商品总价[${totalElement}=${total}]与${qtyLabel}×单价[${product}]不一致`,
  lineSum: (headElement: string, value: string, lineElement: string, sum: string) =>
    `订单商品金额[${headElement}=${value}]与表体商品总价合计[${lineElement}=${sum}]不一致`,
  formula: (element: string, value: string, formula: string, expected: string) => `实际支付金额[${element}=${value}]不等于${formula}[${expected}]`,
  notAbove: (smallerLabel: string, smaller: string, smallerValue: string, largerLabel: string, larger: string, largerValue: string) =>
    `${smallerLabel}[${smaller}=${smallerValue}]不能大于${largerLabel}[${larger}=${largerValue}]`,
  pairBoth: (gnum: string, qty: string, unit: string) => `第${gnum}项商品${qty}与${unit}必须同时填写或同时为空`,
  pairPositive: (gnum: string, qty: string) => `第${gnum}项商品${qty}必须大于0`,
  linePrefix: (gnum: string) => `第${gnum}项商品：`,
  badCode: (prefix: string, element: string, value: string) => `${prefix}${element}[${value}]不在海关参数代码表中`,
  tooLong: (element: string, value: string, max: number) => `${element}[${value}]长度超过${max}个字符`,
  badFormat: (element: string, value: string, format: string) => `${element}[${value}]格式不正确，应为${format}`,
  future: (element: string, value: string) => `${element}[${value}]晚于海关当前时间`,
  limit: (sum: string, limit: string) => `订购人单次交易金额[${sum}]超过单次交易限值${limit}元`,
  /** the console adds the rule's code, so the 海关规则 page tells why */
  withCode: (message: string, code: string) => `${message}（海关规则${code}）`,

  // ── rule titles, formulas and formats (the page, and inside refusals) ────────────────────────
  paidFormula: '商品价格+运杂费+代扣税款-非现金抵扣金额',
  invtNoImport: '18位：4位关区+4位年份+I+9位流水号',
  invtNoExport: '18至20位：4位关区+4位年份+E+9至11位流水号',
  labels: { netWeight: '净重', grossWeight: '毛重', quantity: '数量', dealQuantity: '成交数量' },

  // ── the 海关规则 page ──────────────────────────────────────────────────────────────────────
  page: {
    title: '海关规则',
    intro: '申报前系统按下列海关规则检查单据（保存并申报、批量申报），海关（含内置模拟海关）按同一张规则表审核报文。单据被拒时，提示末尾的规则编号可在此查到原因与依据。',
    search: '搜索规则编号、内容、字段或报文',
    columns: { code: '规则编号', title: '规则', messages: '适用报文', fields: '读取字段', source: '依据' },
    empty: '没有符合条件的规则',
    byDocuments: '与其他单据比对（三单比对）',
  },
} as const;
