/**
 * Texts of work tickets and feedback (accounts-and-enterprise.md §2, §3, §4, §5, §8), word for word
 * where the spec gives them; entries marked "ours" are wording the spec leaves open.
 */
export const ticketText = {
  listTitle: '工单', // ours
  add: '写工单',
  delete: '删除工单',
  view: '查看', // ours
  formTitle: '写工单',
  detailTitle: '工单详情',
  ticketNum: '工单编号', // ours
  ticketType: '工单类型',
  ticketTitle: '工单标题',
  ticketContent: '工单内容详情',
  screenshot: '问题截图', // ours
  telephone: '联系方式',
  promoter: '提交人', // ours
  createTime: '提交时间', // ours
  state: '状态',
  reason: '处理结果', // ours
  attachments: '附件', // ours
  operation: '操作',
  submit: '提交',
  back: '返回', // ours
  all: '全部', // ours
  total: (n: number) => `共 ${n} 条`, // ours
  pageSize: '每页条数', // ours
  uploadHint: '支持 JPG/PNG 格式，单张不超过 2MB，最多 5 张', // ours
  // §5
  typeRequired: '请选择工单类型',
  titleRequired: '请填写工单标题',
  contentRequired: '请填写工单内容详情',
  telephoneRequired: '请填写联系方式',
  titleTooLong: '工单标题长度不能超过100个字符', // ours (the spec gives no length for the title)
  contentTooLong: '工单内容详情长度不能超过255个字符',
  telephoneTooLong: '联系方式长度不能超过255个字符',
  // §5 image upload (the spec's avatar-upload rule: the only image upload of the ticket form)
  imageType: '上传头像图片只能是 JPG/PNG 格式!',
  imageSize: '上传头像图片大小不能超过 2MB!',
  tooManyImages: '最多上传5张截图', // ours
  // §8
  created: '创建成功',
  deleted: '删除成功',
  confirmDelete: '是否删除该记录',
  selectRows: '请选择操作数据！',
  // server refusals (ours)
  notFound: '工单不存在或无权访问',
  refused: (ticketNum: string, stateName: string, verb: string) => `工单 ${ticketNum} 当前状态为${stateName}，不能${verb}`,
  verbs: { delete: '删除', process: '受理', reply: '回复', close: '关闭' },
  reasonRequired: '请填写处理结果',
  reasonTooLong: '处理结果长度不能超过500个字符',
  tooMany: '一次最多操作100条工单',
  reviewDisabled: '工单处理接口未启用（未配置 REVIEW_TOKEN）',
  reviewForbidden: '工单处理口令不正确',
  serviceDesk: '客服中心',
  // issue 20: the service desk's answers in the enterprise's detail (ours)
  replies: '客服回复',
} as const;

/** Ticket types (§3, §9): 1 申报问题, 2 查询问题, 0 其他. */
export const ticketTypeOptions = [
  { value: '1', label: '申报问题' },
  { value: '2', label: '查询问题' },
  { value: '0', label: '其他' },
] as const;

/** Ticket states (§3, §4): pending 待处理, process 处理中, stop 已关闭 (any other value reads as closed). */
export const ticketStateNames = { pending: '待处理', process: '处理中', stop: '已关闭' } as const;

export const feedbackText = {
  title: '意见反馈',
  content: '反馈内容', // ours
  contentPlaceholder: '请输入您对系统的意见或建议', // ours
  phone: '手机号码', // ours
  phonePlaceholder: '选填，便于我们与您联系', // ours
  submit: '提交',
  // §5
  contentRequired: '请填写内容',
  contentTooLong: '内容长度不能超过255个字符', // ours (the spec gives the limit)
  phoneBad: '请填写正确手机号码',
  confirm: '是否提交反馈信息?',
  // §8
  success: '反馈成功！',
  badSource: '反馈来源不正确', // ours
} as const;
