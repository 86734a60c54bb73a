/**
 * What a production start says about its accounts (issue 27): it seeds no demo, so it tells how the
 * first accounts are made, and it warns of demo accounts still holding the README's published passwords.
 */
export const firstStartText = {
  /** NODE_ENV=production on a database without any platform operator */
  noOperator: '生产环境未创建任何演示账号。请先创建平台审核账号：npm run create-operator -- <登录名> [<姓名>]（密码取自 OPERATOR_PASSWORD 或在终端输入）',
  /** NODE_ENV=production on a database without any enterprise */
  noEnterprise: (url: string) => `第一家企业请在 ${url.replace(/\/$/, '')}/reg 注册企业账号`,
  /** NODE_ENV=production on a database that still holds demo accounts with their published passwords */
  publishedPasswords: (logins: readonly string[]) =>
    `以下演示账号仍使用 README 公开的密码，生产环境已禁止其登录：${logins.join('、')}。请为这些账号修改密码，或创建新的账号后停用它们`,
  /** the login of such an account in production */
  publishedPasswordRefused: '该账号仍在使用 README 公开的演示密码，生产环境禁止以此密码登录，请联系系统管理员修改密码',
} as const;
