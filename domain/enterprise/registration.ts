/**
 * Registration rules (accounts-and-enterprise.md §5): the /reg form and POST
 * /api/third/user/registerForPc check the same things.
 */
import type { FieldError } from '../envelope.ts';
import { registrationText as t } from '../texts/enterprise.ts';
import { charLength } from '../bills/validation.ts';

export const REGISTRATION_LIMITS = { companyName: 100, loginName: 20, customsRegistCode: 10, captcha: 6 } as const;
export const BUSINESS_TYPES = ['I', 'E', 'E,I'] as const;
export const COMPANY_ROLES = ['1', '2', '3', '4', '5', '7'] as const;

/** 6–20 characters of digits, letters and ~!@#$%^&*, at least two of the three kinds. */
export function registrationPasswordProblem(password: string): string | undefined {
  if (!password) return t.passwordRequired;
  if (!/^[0-9A-Za-z~!@#$%^&*]{6,20}$/.test(password)) return t.passwordRule;
  const kinds = [/\d/, /[A-Za-z]/, /[~!@#$%^&*]/].filter((re) => re.test(password)).length;
  return kinds >= 2 ? undefined : t.passwordRule;
}

/** '@' is kept for sub-accounts (name@parent), so a registered login name is plain. Ours. */
export const LOGIN_NAME = /^[A-Za-z0-9_.-]+$/;
export const CUSTOMS_REGIST_CODE = /^[A-Za-z0-9]+$/;

export interface RegistrationValues {
  companyName: string;
  loginName: string;
  customsRegistCode: string;
  password: string;
  againPassword: string;
  businessType: string;
  companyType: readonly string[];
  captcha: string;
}

/** The problems of the form (the password checks need the clear text: the browser, or the server after decrypting). */
export function registrationProblems(v: RegistrationValues): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string | undefined) => { if (message) errors.push({ field, message }); };
  const name = v.companyName.trim();
  add('companyName', !name ? t.companyNameRequired : charLength(name) > REGISTRATION_LIMITS.companyName ? t.companyNameTooLong : undefined);
  const login = v.loginName.trim();
  add('loginName', !login ? t.loginNameRequired : charLength(login) > REGISTRATION_LIMITS.loginName ? t.loginNameTooLong : !LOGIN_NAME.test(login) ? t.loginNameBad : undefined);
  const code = v.customsRegistCode.trim();
  add('customsRegistCode', !code ? t.customsRegistCodeRequired : charLength(code) > REGISTRATION_LIMITS.customsRegistCode ? t.customsRegistCodeTooLong : !CUSTOMS_REGIST_CODE.test(code) ? t.customsRegistCodeBad : undefined);
  add('password', registrationPasswordProblem(v.password));
  add('againPassword', !v.againPassword ? t.againRequired : v.againPassword !== v.password ? t.mismatch : undefined);
  add('businessType', (BUSINESS_TYPES as readonly string[]).includes(v.businessType) ? undefined : t.businessTypeRequired);
  add('companyType', v.companyType.length > 0 && v.companyType.every((r) => (COMPANY_ROLES as readonly string[]).includes(r)) ? undefined : t.companyTypeRequired);
  const captcha = v.captcha.trim();
  add('captcha', !captcha ? t.captchaRequired : charLength(captcha) > REGISTRATION_LIMITS.captcha ? t.captchaTooLong : undefined);
  return errors;
}

/**
 * The registration call's signature (accounts §7 "signature fields"): SHA-256 hex of the signed
 * fields joined as key=value&… in key order. There is no shared secret between a browser and the
 * registration host, so it guards integrity and, with `timestamp`, freshness — not authenticity
 * (the captcha does that). Both sides build the string with this function.
 */
export const SIGNED_FIELDS = ['businessType', 'captchaId', 'companyName', 'companyType', 'customsRegistCode', 'loginName', 'thirdUserId', 'timestamp'] as const;
export function signatureBase(fields: Partial<Record<(typeof SIGNED_FIELDS)[number], string>>): string {
  return SIGNED_FIELDS.map((k) => `${k}=${fields[k] ?? ''}`).join('&');
}
/** How old a signed registration may be. */
export const SIGNATURE_MAX_AGE_MS = 10 * 60 * 1000;
