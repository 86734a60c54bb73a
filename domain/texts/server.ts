/** Messages the server writes into envelopes. Clients show them as they are. */
export const serverText = {
  ok: '操作成功！',
  badJson: '请求体不是合法的 JSON',
  missingData: '请求体缺少 data',
  badContentType: '请求类型不受支持，请以 application/json 提交',
  bodyTooLarge: '请求体过大',
  /** issue 29: answers before any route runs (server/http/framework-errors.ts) */
  badUrl: '请求地址格式不正确',
  urlTooLong: '请求地址过长',
  headersTooLarge: '请求头或请求地址过长',
  badRequest: '请求格式不正确',
  requestTimeout: '请求超时',
  notFound: '请求地址出错',
  /** HTTP 405: the path exists for other methods (Allow lists them) */
  methodNotAllowed: (allow: string) => `请求方法不正确，此接口只接受 ${allow}`,
  internal: '服务器内部错误',
  unauthorized: '您的登录信息已失效, 请重新登录',
  tokenExpired: '登录已过期，正在刷新',
  noPermission: '没有该操作的权限',
  /** issue 17: the main account's own functions (accounts, API keys, upgrade) */
  adminOnly: '只有主账号有此操作权限',
  /** issue 17: calls of a person's own session (own password, home page) are not an API key's */
  keyNotAllowed: '接口密钥没有此操作权限',
  /** issue 17: X-Api-Key unknown, disabled, deleted or expired (HTTP 401) */
  badApiKey: '接口密钥无效、已停用或已过期',
  noCompany: '请先进行企业备案！',
  /** issue 20: an operator route ('/api/review/…') called by an enterprise account, an API key or nobody (HTTP 403) */
  operatorOnly: '仅平台审核账号可以使用审核管理，请以审核账号登录',
  /** issue 20: an enterprise route called by a platform operator, who belongs to no enterprise (HTTP 403) */
  operatorNotEnterprise: '平台审核账号不属于任何企业，不能使用企业端功能',
  invalidInput: '提交的数据不正确',
  /** HTTP 429: the rate limiter of anonymous calls (server/http/rate-limit.ts), issue 14's wording */
  tooManyRequests: '操作过于频繁，请稍后再试',
} as const;

/** Validation message fragments; {label} is the field's Chinese label. */
export const fieldText = {
  required: (label: string) => `${label}不能为空`,
  maxLength: (label: string, n: number) => `${label}长度不能超过${n}个字符`,
  intDigits: (label: string, n: number) => `${label}最多${n}位整数`,
  /** `商品金额（1079.000001）最多5位小数，不能四舍五入后申报` */
  decimals: (label: string, value: string, n: number) => `${label}（${value}）最多${n}位小数，请改正后再保存`,
  minLength: (label: string, n: number) => `${label}长度不能少于${n}个字符`,
  type: (label: string) => `${label}格式不正确`,
  number: (label: string) => `${label}必须是数字`,
  integer: (label: string) => `${label}必须是整数`,
  enum: (label: string) => `${label}取值不正确`,
  pattern: (label: string) => `${label}格式不正确`,
  minimum: (label: string, n: number) => `${label}不能小于${n}`,
  maximum: (label: string, n: number) => `${label}不能大于${n}`,
  unknown: (label: string) => `${label}不正确`,
} as const;

/**
 * Refusals of input the database cannot hold (server/http/input-guard.ts); {field} is the path
 * below data, e.g. ids or terms.0.value.
 */
export const inputText = {
  badText: (field: string) => `参数格式不正确：${field}（含有无法保存的字符，如空字符 \\u0000 或不成对的代理字符）`,
  badId: (field: string, max: number) => `参数格式不正确：${field}（应为 1 到 ${max} 之间的整数）`,
  tooDeep: (field: string, depth: number) => `参数格式不正确：${field}（嵌套超过 ${depth} 层）`,
  badShape: (field: string) => `参数格式不正确：${field}`,
  /** a database refusal that slipped past the checks: the value's class, never the SQL */
  dbText: '参数格式不正确：含有无法保存的字符',
  dbRange: '参数格式不正确：数值超出允许范围',
  dbFormat: '参数格式不正确：数据格式与字段类型不符',
  dbTooLong: '参数格式不正确：内容超过字段允许的长度',
  dbTooComplex: '请求过于复杂，请减少查询条件后重试',
} as const;
