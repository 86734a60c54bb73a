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
  /** the message's last error when the exchange's transfer receipt (DxpRep) reports a failure */
  dxpFailed: (code: string, text: string) => `DXP 传输失败（${code}）${text ? `：${text}` : ''}`,
  /** return_info of a DXP document nothing here reads, kept and listed */
  dxpOtherInfo: (root: string) => `未识别的 DXP 报文（${root}），已保存未处理`,

  // ── ingest (the error result a transport gets back instead of an exception) ────────────────
  ingestFailed: (detail: string) => `回执处理失败，稍后重试：${detail}`,
  unreadable: (detail: string) => `回执报文无法读取：${detail}`,

  // ── the exchange's transfer receipt (DxpRep) and other DXP documents, as lists and the timeline show them
  transferLabel: '传输回执',
  otherDxpLabel: '其它DXP报文',
  transferOk: '传输成功',
  transferFailed: (code: string) => `传输失败(${code})`,
  transferOkMeaning: '交换平台已接收报文并转发给接收方',
  transferFailedMeaning: (code: string) => `交换平台未能传输报文（${code}），原因见回执信息`,
  transferRetried: '报文将按重发策略自动重发；多次失败后单据显示发送失败，可修改后重新申报',
  transferRefused: '重发同一报文不会成功：单据显示发送失败，请按原因修改后重新申报',
  otherDxpStatus: '未识别',
  otherDxpMeaning: '交换平台发来的其它报文，系统未识别其类型，已原样保存，可查看报文原文',
  dxpFamilies: {
    format: '报文格式错误',
    security: '报文安全校验失败',
    routing: '报文路由错误',
    system: '交换平台系统异常',
    other: '交换平台自定义错误',
  },

  // ── receipts kept without moving their bill (the timeline's mark; issue 28)
  held: {
    /** the bill had sent nothing to customs when it came: a draft is never moved by a receipt */
    notSent: '单据尚未申报',
    /** a later-timed receipt of an earlier stage than the bill's (a 120 after the 800): stages never go back */
    late: '迟到回执',
  },

  // ── POST /api/receipter/unmatched and the 未匹配回执 page ──────────────────────────────────
  unmatchedSummary: '未匹配单据的海关回执',
  unmatchedPage: '未匹配回执',
  unmatchedHint: '以下回执（含交换平台的传输回执和未识别的 DXP 报文）尚未匹配到本企业的单据：按回执中的企业代码归属本企业；保存或导入对应单据后自动匹配并生效',
  unmatchedEmpty: '没有未匹配的回执',
  unmatchedLoading: '正在加载未匹配回执',
  unmatchedRefresh: '刷新',
  unmatchedTotal: (n: number) => `共 ${n} 条`,
  unmatchedColumns: { receivedAt: '接收时间', messageType: '报文类型', keys: '业务编号', returnTime: '回执时间', status: '回执状态', info: '回执信息', meaning: '说明' },
  /** why a listed receipt was matched to no bill, when the list can tell (issue 28) */
  unmatchedReasons: {
    /** its enterprise codes name several companies: listed for each of them, applied to none */
    severalCompanies: '回执的企业代码指向多家企业，无法确定所属企业',
  },
  /** a receipt status customs documents for no edition of the message: stored, shown raw, counted */
  unrecognisedStatus: '未识别状态',
  unrecognisedCount: (n: number, codes: string) => `${n}条回执的状态未能识别（${codes}），已保存，单据状态未改变`,
} as const;
