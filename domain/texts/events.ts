/** Texts of the live event stream (issue 16). */
export const eventsText = {
  ticketInvalid: '实时更新的连接凭证无效或已过期，请重新连接',
  sessionEnded: '登录已失效，实时更新已停止',
  /** the header's indicator while the stream is down (pages refetch when it is back) */
  interrupted: '实时更新已中断，正在重连…',
} as const;
