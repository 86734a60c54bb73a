/** Messages of login, refresh and password change written by the server (the spec leaves them open). */
export const authText = {
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  captchaExpired: '验证码已过期，请换一张',
  captchaInvalid: '验证码已失效，请换一张',
  badCredentials: '企业账号或密码错误',
  frozen: '账号已被冻结，禁止登录',
  /** issue 20: the platform operator froze the whole company (企业管理) */
  companyFrozen: '企业已被平台冻结，禁止登录，请联系平台管理员',
  locked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  sessionEnded: '登录状态已失效，请重新登录',
  oldPasswordWrong: '原密码不正确',
  sameAsOld: '原密码与新密码不能相同!',
  mismatch: '两次输入密码不一致!',
  changed: '修改成功！',
  ownOnly: '只能修改本人密码',
  changeTokenInvalid: '修改密码凭证无效或已过期，请重新登录',
} as const;

/** What the login page says when an open console's session was ended (issue 29), by reason. */
export const sessionEndText = {
  frozen: '账号已被冻结，请联系主账号',
  companyFrozen: '企业已被平台冻结，请联系平台管理员',
  deleted: '账号已被删除',
  loggedOut: '已在别处退出，请重新登录',
} as const satisfies Record<import('../events.ts').SessionEndReason, string>;
