/**
 * Texts of registration and the enterprise page (accounts-and-enterprise.md §2, §5, §8), word for
 * word where the spec gives them; entries marked "ours" are wording the spec leaves open.
 */
export const registrationText = {
  title: '企业注册', // ours
  companyName: '企业名称',
  loginName: '登录名',
  customsRegistCode: '海关注册编码',
  password: '密码',
  againPassword: '确认密码',
  businessType: '业务类型',
  companyType: '企业角色',
  captcha: '验证码',
  submit: '注册', // ours
  backToLogin: '返回登录', // ours
  success: '恭喜你注册成功，返回首页登录',
  // required / length messages: the spec gives the rules, not the wording (ours)
  companyNameRequired: '请输入企业名称',
  companyNameTooLong: '企业名称长度不能超过100个字符',
  loginNameRequired: '请输入登录名',
  loginNameTooLong: '登录名长度不能超过20个字符',
  loginNameBad: '登录名只能包含字母、数字、下划线、点和短横线', // ours
  customsRegistCodeRequired: '请输入海关注册编码',
  customsRegistCodeTooLong: '海关注册编码长度不能超过10个字符',
  customsRegistCodeBad: '海关注册编码只能包含字母和数字', // ours
  passwordRequired: '请输入密码',
  passwordRule: '密码格式不正确,密码由6-20位数字、字母、符号至少两种组成',
  againRequired: '请再次输入密码',
  mismatch: '两次输入密码不一致!',
  businessTypeRequired: '请选择业务类型',
  companyTypeRequired: '请至少选择一个企业角色',
  captchaRequired: '请输入验证码',
  captchaTooLong: '验证码长度不能超过6个字符',
  // server refusals (ours)
  loginNameTaken: '该登录名已被注册',
  customsRegistCodeTaken: '该海关注册编码已被注册',
  notEncrypted: '密码必须加密传输',
  staleRequest: '注册请求已过期，请刷新页面后重试',
  badSignature: '注册请求签名不正确',
} as const;

/** Business types (§3): I import, E export, E,I both. */
export const businessTypeOptions = [
  { value: 'I', label: '进口' },
  { value: 'E', label: '出口' },
  { value: 'E,I', label: '进出口' },
] as const;

/** Company roles (§3). */
export const companyTypeOptions = [
  { value: '1', label: '电商企业' },
  { value: '2', label: '物流企业' },
  { value: '3', label: '电商平台' },
  { value: '4', label: '支付企业' },
  { value: '5', label: '监管场所经营人' },
  { value: '7', label: '申报企业' },
] as const;

export const enterpriseText = {
  companySection: '企业信息', // ours
  filingSection: '平台备案信息', // ours
  attachmentsSection: '附件信息', // ours
  historySection: '审批记录', // ours
  viewAuthCode: '查看授权码',
  generateAuthCode: '生成授权码',
  edit: '编辑',
  saveDeclare: '保存并申报',
  save: '保存',
  upload: '上传附件',
  cancel: '取消',
  incomplete: '请完善必填信息',
  chooseCompanyType: '请选择跨境贸易电子商务类型',
  emailBad: '请输入正确的邮箱地址',
  phoneBad: '请输入正确的11位手机号',
  dxpIdBad: '报文传输编号(DXPID)应为DXP开头的16位编号，如 DXPENT0000458763', // ours
  dxpIdTaken: '该报文传输编号(DXPID)已被其他企业使用', // ours
  confirmDeleteFile: '此操作将永久删除该文件, 是否继续?',
  confirmDeclare: '申报后审核期间不能修改企业信息，是否保存并申报？', // ours
  confirmCancel: '确定取消编辑吗？未保存的修改将丢失', // ours
  confirmGenerate: '重新生成授权码后原授权码将失效，是否继续？', // ours
  saved: '保存成功!',
  declared: '申报成功!',
  generated: '生成成功!',
  deleted: '删除成功',
  uploaded: '上传数据成功',
  noAuthCode: '尚未生成授权码', // ours
  retry: '刷新', // ours
  authCode: '企业授权码', // ours
  fileType: '文件类型', // ours
  file: '文件', // ours
  chooseFileType: '请选择文件类型',
  chooseFile: '请上传文件',
  fileTypeBad: '只能上传jpeg或png格式的图片', // ours
  fileTooLarge: '上传图片大小不能超过500KB', // ours
  // columns
  fileTypeName: '文件类型',
  fileName: '文件名称',
  operation: '操作',
  download: '下载',
  delete: '删除',
  operationTime: '操作时间',
  userName: '操作人',
  stateName: '审批状态',
  opinion: '审批意见',
  note: '备注',
  province: '省',
  city: '市',
  area: '区县',
  // server refusals (ours)
  refused: (stateName: string, verb: string) => `当前备案状态为${stateName}，不能${verb}`,
  verbs: { save: '修改', apply: '申报', attach: '修改附件', generateAuthCode: '生成授权码', approve: '审核通过', reject: '退回' },
  companyNotFound: '企业不存在或无权访问',
  fileNotFound: '文件不存在或无权访问',
  badArea: '行政区划不正确',
  badCode: (label: string) => `${label}不正确`,
  reviewDisabled: '审核接口未启用',
  reviewForbidden: '审核凭证不正确',
  opinionRequired: '请填写审批意见',
  applyNote: '企业提交备案申请',
  sandboxReviewer: '沙箱自动审核',
  sandboxNote: '非生产环境自动审核通过',
  reviewer: '海关审核',
  defaultApproveOpinion: '同意备案',
  /** the alert over a filing sent back (issue 20): the reviewer's opinion is the reason */
  rejectedTitle: '备案已退回，请按退回原因修改后重新申报', // ours
  rejectedReason: (opinion: string, time: string) => `退回原因：${opinion}（${time}）`, // ours
} as const;
