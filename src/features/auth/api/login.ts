/**
 * The functions behind the auth machine's actors (provided in src/app/session.ts).
 * Server contract: accounts §7; the password is RSA-encrypted, base64, then URL-encoded.
 */
import type { Credentials, MenuModule, Refreshed, Session, Tokens, UserInfo } from '../../../../machines/auth.ts';
import { http, type Http } from '../../../lib/http.ts';
import { encryptPassword } from '../../../lib/rsa.ts';

export function fetchPublicKey(client: Http = http): Promise<string> {
  return client.post<string>('/api/auth/public_key', {}, { auth: false });
}

/** A new captchaId is a timestamp (spec §7). */
export const newCaptchaId = (): string => String(Date.now());
export const captchaUrl = (captchaId: string): string =>
  `/api/enterprise/kaptcha/defaultKaptcha?captchaId=${encodeURIComponent(captchaId)}`;

interface LoginAnswer {
  token: string;
  refreshToken: string;
  userInfo: Partial<UserInfo> & { account?: string };
  modules: MenuModule[] | null;
}

export async function login(credentials: Credentials, client: Http = http): Promise<Session> {
  const password = await encryptPassword(await fetchPublicKey(client), credentials.password);
  const query = [
    ['username', credentials.username],
    ['password', password],
    ['tag', 'admin'],
    ['captcha', credentials.captcha],
    ['captchaId', credentials.captchaId],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  const answer = await client.post<LoginAnswer>(`/api/auth/login?${query}`, {}, { auth: false });
  return {
    token: answer.token,
    refreshToken: answer.refreshToken,
    userInfo: userInfoOf(answer.userInfo, credentials.username),
    modules: answer.modules ?? [],
  };
}

/** The stored user info (accounts §3) from a login or refresh answer. */
function userInfoOf(info: Partial<UserInfo> & { account?: string }, loginName: string): UserInfo {
  return {
    username: info.username ?? info.account ?? loginName,
    companyName: info.companyName ?? '',
    companyCode: info.companyCode ?? null,
    companyId: info.companyId ?? '',
    userType: info.userType ?? '',
    account: info.account ?? loginName,
  };
}

/**
 * Rotated tokens; the user as now stored too (a filing approved since the login brings its companyCode).
 * The refresh token goes in the body (never the URL); the login's access token, expired or not, goes
 * along as the bearer: it lets the server answer a tab that refreshed together with another the pair
 * already issued (docs/decisions/refresh-grace.md).
 */
export async function refreshTokens(refreshToken: string, client: Http = http, accessToken?: string | null): Promise<Refreshed> {
  const answer = await client.post<Tokens & { userInfo?: Partial<UserInfo> & { account?: string } }>('/api/auth/refresh_token', { refreshToken }, {
    auth: false, ...(accessToken ? { headers: { 'X-Authorization': `Bearer ${accessToken}` } } : {}),
  });
  const { token, refreshToken: next, userInfo } = answer;
  return userInfo ? { token, refreshToken: next, userInfo: userInfoOf(userInfo, userInfo.account ?? '') } : { token, refreshToken: next };
}

export async function logout(refreshToken: string | null, client: Http = http): Promise<void> {
  await client.post('/api/auth/logout', { refreshToken });
}

/** The user's menu and buttons as the server now has them (the main account may have changed the grants). */
export function userModules(client: Http = http): Promise<MenuModule[]> {
  return client.post<MenuModule[]>('/api/enterprise/user/modules', {});
}
