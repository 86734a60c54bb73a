/**
 * Texts of the 报关单 (DecMessage) exchange with the 单一窗口: the message's name in lists, and what
 * the embedded customs writes into its import responses and 报关单回执 (NOTE). The NOTE wordings
 * follow public integrations' samples (`…直接申报成功`, `入库成功！`, `报关单已放行`).
 */
export const decText = {
  /** a message type by the bill it declares: 报关单报文 */
  messageOf: (label: string) => `${label}报文`,

  // ── the embedded customs (server/customs/simulator/dec.ts) ─────────────────────────────────
  /** NOTE of CHANNEL 7: the declaration reached customs' pre-entry system */
  declared: (seqNo: string) => `${seqNo}直接申报成功`,
  stored: '入库成功！',
  released: '报关单已放行',
  /** ErrorMessage of a refused import */
  duplicate: '客户端报关单编号[ClientSeqNo]已存在，不能重复导入；修改后重新申报请带统一编号',
  unknownSeqNo: '统一编号[SeqNo]不存在或不属于本企业，不能修改',
} as const;
