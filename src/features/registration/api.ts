/**
 * POST /api/third/user/registerForPc (accounts §7): passwords RSA-OAEP encrypted with the
 * registration host's key, roles comma-joined, the encode flag, a timestamp and the SHA-256
 * signature of domain/enterprise/registration.ts. The host is this server unless
 * VITE_REGISTRATION_BASE_URL names another (which must then be allowed by the page's CSP).
 */
import { signatureBase } from '../../../domain/enterprise/registration.ts';
import { http, type Http } from '../../lib/http.ts';
import { encryptPassword } from '../../lib/rsa.ts';

export const registrationBaseUrl = String(import.meta.env.VITE_REGISTRATION_BASE_URL ?? '').replace(/\/+$/, '');

export interface RegistrationForm {
  companyName: string;
  loginName: string;
  customsRegistCode: string;
  password: string;
  againPassword: string;
  businessType: string;
  companyType: string[];
  captcha: string;
}

/** A new captchaId is a timestamp (spec §7). */
export const newCaptchaId = (): string => String(Date.now());
export const captchaUrl = (captchaId: string, base = registrationBaseUrl): string =>
  `${base}/api/enterprise/kaptcha/defaultKaptcha?captchaId=${encodeURIComponent(captchaId)}`;

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface RegisterOptions { client?: Http; base?: string; thirdUserId?: string; now?: () => number }

export async function register(form: RegistrationForm, captchaId: string, options: RegisterOptions = {}): Promise<void> {
  const { client = http, base = registrationBaseUrl, thirdUserId = '', now = Date.now } = options;
  const pem = await client.post<string>(`${base}/api/auth/public_key`, {}, { auth: false });
  const roles = [...form.companyType].sort().join(',');
  const timestamp = String(now());
  const fields = {
    companyName: form.companyName.trim(), loginName: form.loginName.trim(), customsRegistCode: form.customsRegistCode.trim(),
    businessType: form.businessType, companyType: roles, captchaId, thirdUserId, timestamp,
  };
  await client.post(`${base}/api/third/user/registerForPc`, {
    ...fields,
    password: await encryptPassword(pem, form.password),
    againPassword: await encryptPassword(pem, form.againPassword),
    captcha: form.captcha.trim(),
    encode: true,
    sign: await sha256Hex(signatureBase(fields)),
  }, { auth: false });
}
