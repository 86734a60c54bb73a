/**
 * Password changes (accounts §5, §7). All three passwords are RSA-encrypted like the login
 * password; in a JSON body they stay plain base64 (no URL-encoding).
 */
import { http, type Http } from '../../../lib/http.ts';
import { encryptWithKey, importPublicKey } from '../../../lib/rsa.ts';
import { fetchPublicKey } from './login.ts';

export interface PasswordTriple { oldPassword: string; newPassword: string; againPassword: string }

async function encryptTriple(values: PasswordTriple, client: Http): Promise<PasswordTriple> {
  const key = await importPublicKey(await fetchPublicKey(client));
  const [oldPassword, newPassword, againPassword] = await Promise.all(
    [values.oldPassword, values.newPassword, values.againPassword].map((p) => encryptWithKey(key, p)),
  );
  return { oldPassword: oldPassword ?? '', newPassword: newPassword ?? '', againPassword: againPassword ?? '' };
}

/** Signed in: change one's own password. */
export async function changeOwnPassword(values: PasswordTriple, client: Http = http): Promise<void> {
  await client.post('/api/enterprise/user/updatePasswprd', await encryptTriple(values, client));
}

/** Before login, with the `token` header of the login answer 401 '请更改密码'. */
export async function changePasswordBeforeLogin(
  token: string,
  loginName: string,
  values: PasswordTriple,
  client: Http = http,
): Promise<void> {
  const encrypted = await encryptTriple(values, client);
  await client.post('/api/user/anon/pwd/updatePasswprd', { token, loginName, ...encrypted }, { auth: false });
}
