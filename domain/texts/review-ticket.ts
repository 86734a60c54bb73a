/**
 * Texts of the operator's 工单处理 screen (issue 20, /review/ticket). All ours: the seeds describe
 * the enterprise's ticket pages only.
 */
export const reviewTicketText = {
  title: '工单处理',
  detailTitle: '工单详情',
  company: '企业名称',
  state: '状态',
  all: '全部',
  dateRange: '提交日期',
  search: '查询',
  reset: '重置',
  view: '处理',
  back: '返回',
  conversation: '沟通记录',
  question: '企业提问',
  desk: '客服',
  reply: '回复',
  replyPlaceholder: '请输入回复内容（企业在工单详情中可见）',
  images: '图片',
  addImages: '添加图片',
  process: '受理',
  close: '关闭工单',
  closeReason: '处理结果',
  closePlaceholder: '请填写处理结果（企业在工单详情中可见）',
  confirm: '确定',
  cancel: '取消',
  empty: '暂无工单',
  loadFailed: '工单加载失败',
  // the server's answers and refusals
  replied: '回复成功',
  processed: '受理成功',
  closed: '工单已关闭',
  replyRequired: '请填写回复内容',
  replyTooLong: '回复内容长度不能超过500个字符',
  imageNotFound: '图片不存在，请重新上传',
  badDate: '日期格式应为 yyyy-MM-dd',
} as const;
