/**
 * Texts of parameter settings and common functions (accounts-and-enterprise.md §2, §5, §8), word
 * for word where the spec gives Chinese; the spec gives these messages in English only, so their
 * Chinese is ours.
 */
export const settingsText = {
  title: '参数设置',
  type: '参数类型',
  code: '参数编码',
  value: '参数值',
  companyCode: '企业编码', // ours
  select: '选择', // ours
  save: '保存',
  reset: '新增', // ours: clears the form to add a new parameter
  empty: '暂无参数', // ours
  // §5 (English in the spec: "please fill in the parameter type / code / parameter value")
  typeRequired: '请填写参数类型',
  codeRequired: '请填写参数编码',
  valueRequired: '请填写参数值',
  incomplete: '请填写必填数据',
  typeTooLong: '参数类型长度不能超过50个字符', // ours
  codeTooLong: '参数编码长度不能超过50个字符', // ours
  valueTooLong: '参数值长度不能超过500个字符', // ours
  // §8 ("saved parameters successfully")
  saved: '保存参数成功',
  // server refusals (ours)
  notFound: '参数不存在或无权访问',
  duplicate: (type: string, code: string) => `参数类型 ${type} 下已有参数编码 ${code}`,
  adminOnly: '只有主账号可以修改参数设置',
  otherCompany: '只能修改本企业的参数',
  /** the parameters the console knows, by name (issue 31: the table showed DEFAULT_CUSTOMS_CODE, SOFTWARE) — ours */
  codeNames: {
    DEFAULT_CUSTOMS_CODE: '默认申报海关', DEFAULT_TRADE_MODE: '默认贸易方式', SIGN_MODE: '签名方式', NOTIFY_MOBILE: '回执通知手机号',
  } as Readonly<Record<string, string>>,
  valueNames: {
    SIGN_MODE: { SOFTWARE: '软件签名', EXTERNAL: '签名客户端（UKey）签名' },
  } as Readonly<Record<string, Readonly<Record<string, string>>>>,
} as const;

export const functionsText = {
  title: '自定义常用功能',
  home: '首页',
  save: '保存',
  saved: '保存成功!', // §8
  types: { common: '常用功能', billExport: '出口业务', import: '进口业务' }, // ours (the spec names the types only)
  changePassword: '修改密码',
  chosen: (n: number) => `已选 ${n} 项`, // ours
  tooMany: '常用功能最多选择24项', // ours
  unknown: '功能不存在或无权使用', // ours
  badType: '功能类型只能是 common、billExport 或 import', // ours
} as const;
