/**
 * Texts of a bill's receipt timeline (回执记录): the outbox statuses as the user reads them, the two
 * receipter routes (POST /api/receipter/timeline, /raw) and the detail page's section, raw-message
 * window and lifecycle diagram. The specification gives none of these words; they are ours.
 */

/** customs_messages.status → what the timeline shows. */
export const messageStatusNames: Readonly<Record<string, string>> = {
  pending: '待发送',
  signing: '待签名',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
};

export const timelineText = {
  // ── server ─────────────────────────────────────────────────────────────────────────────────
  timelineSummary: '单据回执记录（发送报文与海关回执）',
  rawSummary: '查看报文原文（发送的报文或海关回执）',
  billId: '单据ID',
  kind: '记录类型',
  recordId: '记录ID',
  /** a raw message asked for that is not the caller's company's */
  recordNotFound: '报文不存在或无权访问',

  // ── detail page: 回执记录 ─────────────────────────────────────────────────────────────────
  section: '回执记录',
  loading: '正在加载回执记录',
  empty: '暂无回执记录（单据尚未申报）',
  loadFailed: '回执记录加载失败',
  sentMessage: (name: string) => `发送报文 ${name}`,
  receipt: (name: string) => `海关回执 ${name}`,
  attempts: (n: number) => `发送次数 ${n}`,
  sentAt: (time: string) => `发送时间 ${time}`,
  lastError: '失败原因',
  meaning: '说明',
  cause: '原因',
  fix: '处理建议',

  // ── 查看报文 ─────────────────────────────────────────────────────────────────────────────
  viewRaw: '查看报文',
  viewRawOf: (what: string) => `查看报文：${what}`,
  rawTitle: '报文原文',
  copy: '复制',
  copied: '已复制',
  rawLoading: '正在加载报文',

  // ── 状态图 ─────────────────────────────────────────────────────────────────────────────────
  diagram: '状态图',
  diagramTitle: '单据状态图（当前状态已高亮）',
  diagramLoading: '正在绘制状态图',
  diagramFailed: '状态图绘制失败',
  currentState: (name: string) => `当前状态：${name}`,
  /** under the diagram: the user actions the current state accepts, by the lifecycle's own names */
  nextActions: (names: readonly string[]) => `可执行：${names.length > 0 ? names.join('、') : '无'}`,
} as const;
