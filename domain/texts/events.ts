/** Texts of the live event stream (issue 16). */
export const eventsText = {
  ticketInvalid: '实时更新的连接凭证无效或已过期，请重新连接',
  sessionEnded: '登录已失效，实时更新已停止',
  /** the header's indicator while the stream is down (pages refetch when it is back) */
  interrupted: '实时更新已中断，正在重连…',
  /** the toast of a customs answer: 出口订单 SO20261121001 海关入库 (clicking it opens the bill) */
  customsAnsweredTitle: '海关回执',
  customsAnswered: (billLabel: string, billNo: string, stateName: string): string => `${billLabel} ${billNo} ${stateName}`.replace(/\s+/g, ' ').trim(),
  /** …and customs' reason when it refused the bill: 出口订单 SO… 海关退单：订单编号重复 */
  withReason: (text: string, reason: string): string => `${text}：${reason}`,
  /** a batch's answers in one toast (issue 31: five toasts covered the batch's failure table): 5 张单据收到海关回执：海关入库 3，海关退单 2 */
  customsAnsweredMany: (count: number, byState: readonly (readonly [string, number])[]): string =>
    `${count} 张单据收到海关回执：${byState.map(([name, n]) => `${name} ${n}`).join('，')}`,
  /** the tab strip's mark of a tab whose bill changed since it was last looked at */
  tabChanged: '单据有更新',
} as const;
