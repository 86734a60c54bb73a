/**
 * Texts of reading customs files (receipts, customs-issued messages, the DXP envelope around them)
 * and of the receipt lists. The older receipt texts stay in customs.ts (customsText.receipt*).
 */
export const receiptText = {
  tooManyElements: (max: number) => `回执报文的元素过多（超过${max}个）`,
  unclosedCdata: 'CDATA 段没有结束标记 ]]>',
  /** the nth element of a customs-issued message lacks a mandatory field */
  issuedMissing: (label: string, index: number, element: string) => `第${index}条${label}缺少 ${element}`,
  issuedBadTime: (label: string, index: number, value: string) => `第${index}条${label}的时间格式不正确：${value}`,

  // ── DXP envelope (DxpMsg / DxpMsgSv) ─────────────────────────────────────────────────────
  dxpNoMsg: 'DXP 传输报文（DxpMsgSv）中没有 DxpMsg',
  dxpNoData: 'DXP 报文中没有 Data 数据',
  dxpBadBase64: 'DXP 报文的 Data 不是合法的 base64 编码',

  // ── ingest (the error result a transport gets back instead of an exception) ────────────────
  ingestFailed: (detail: string) => `回执处理失败，稍后重试：${detail}`,
  unreadable: (detail: string) => `回执报文无法读取：${detail}`,

  // ── POST /api/receipter/unmatched ─────────────────────────────────────────────────────────
  unmatchedSummary: '未匹配单据的海关回执',
} as const;
