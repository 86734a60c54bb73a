/**
 * Account calls (accounts §7): /user/pageList, /user/save, /user/resetPasswprd, /user/frozen,
 * /user/deleteByIds. Passwords go RSA-OAEP encrypted with the server's key, like every password call.
 */
import type { AccountState } from '../../../domain/enterprise/account-rules.ts';
import type { Term } from '../../../domain/query.ts';
import type { GrantPair } from '../../../domain/grants.ts';
import { http, type Http } from '../../lib/http.ts';
import { encryptPassword } from '../../lib/rsa.ts';

export interface AccountRow {
  id: number; username: string; loginName: string; userType: 'ADMIN' | 'USER'; state: AccountState; companyName: string; createTime: string;
}
export interface AccountPage { total: number; datas: AccountRow[] }

export function createAccountApi(client: Http = http) {
  const post = <T>(path: string, data: unknown) => client.post<T>(`/api/enterprise/user${path}`, data);
  const encrypt = async (...passwords: string[]) => {
    const pem = await client.post<string>('/api/auth/public_key', {}, { auth: false });
    return Promise.all(passwords.map((p) => (p ? encryptPassword(pem, p) : Promise.resolve(''))));
  };
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[] = []) => post<AccountPage>('/pageList', { pageIndex, pageSize, terms }),
    async create(loginName: string, password: string, again: string, state: AccountState) {
      const [loginPwd, againPassword] = await encrypt(password, again);
      return post<{ id: number; loginName: string }>('/save', { loginName, loginPwd, againPassword, state });
    },
    async reset(id: number, loginName: string, password: string, again: string) {
      const [newPassword, againPassword] = await encrypt(password, again);
      return post<null>('/resetPasswprd', { id, loginName, newPassword, againPassword });
    },
    setState: (ids: number[], state: AccountState) => post<null>('/frozen', { ids, state }),
    remove: (ids: number[]) => post<null>('/deleteByIds', { ids }),
    grants: (id: number) => post<GrantPair[]>('/grants', { id }),
    saveGrants: (id: number, grants: GrantPair[]) => post<GrantPair[]>('/saveGrants', { id, grants }),
  };
}
export type AccountApi = ReturnType<typeof createAccountApi>;
