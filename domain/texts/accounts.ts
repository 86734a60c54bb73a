/**
 * Texts of the account pages (accounts-and-enterprise.md §2, §4, §5, §8), word for word where the
 * spec gives them; entries marked "ours" are wording the spec leaves open.
 */
export const accountText = {
  listTitle: '账号管理',
  addTitle: '新建子账号',
  /** ours (issue 29): /account/add opened by a sub-account */
  addNotAllowed: '只有主账号可以新建子账号',
  add: '新建子账号',
  recovery: '批量恢复',
  prohibit: '禁止登陆',
  allow: '允许登陆',
  delete: '删除',
  resetPassword: '重置密码',
  loginName: '用户名',
  username: '姓名', // ours
  userType: '账号类型',
  state: '状态',
  companyName: '企业名称',
  createTime: '创建时间', // ours
  operation: '操作',
  admin: '主账号',
  user: '普通用户',
  effective: '有效',
  invalid: '冻结',
  password: '密码',
  againPassword: '确认密码',
  newPassword: '新密码',
  loginNameRequired: '请输入用户名',
  stateRequired: '请选择用户状态',
  passwordRequired: '请输入密码',
  passwordRule: '密码由6-30位，需同时包含英文字母、数字，字母开头',
  againRequired: '请再次输入密码',
  mismatch: '两次输入密码不一致!',
  confirmDelete: '此操作将永久删除该用户, 是否继续?',
  confirmProhibit: '确定禁止该用户登录吗？', // ours
  selectRows: '请选择操作数据！',
  created: '创建成功',
  deleted: '删除成功',
  ok: '操作成功！',
  reset: '修改成功！',
  save: '保存',
  back: '返回', // ours
  search: '查询', // ours
  total: (n: number) => `共 ${n} 条`,
  pageSize: '每页条数', // ours
  // server refusals (ours)
  loginNameBad: '用户名只能包含字母、数字、下划线、点和短横线',
  loginNameTooLong: '用户名长度不能超过20个字符',
  loginNameTaken: '该用户名已存在',
  adminOnly: '只有主账号可以管理子账号',
  notFound: '用户不存在或无权访问',
  notSubAccount: '主账号不能被冻结、删除或由他人重置密码',
  tooMany: '一次最多操作100个账号',
  badState: '用户状态不正确',
} as const;
