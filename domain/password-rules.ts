/**
 * Password rules of the accounts spec §5/§9, shared by the web forms and the server (which never
 * trusts the browser). Each function answers the spec's message, or undefined when the value passes.
 */
export const passwordText = {
  ownRule: '密码长度在10到20位之间，包含至少一个大写字母、一个小写字母、一个数字和一个特殊字符',
  required: '请输入密码',
  oldRequired: '请填写原始密码',
  againRequired: '请再次输入密码',
  mismatch: '两次输入密码不一致!',
  sameAsOld: '原密码与新密码不能相同!',
  loginNameRequired: '请填写登录名',
} as const;

/** Own password change: 10–20 characters with an upper, a lower, a digit and one of !@#$%^&*. */
export const OWN_PASSWORD = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*]).{10,20}$/;

export function ownPasswordProblem(password: string): string | undefined {
  if (!password) return passwordText.required;
  return OWN_PASSWORD.test(password) ? undefined : passwordText.ownRule;
}
