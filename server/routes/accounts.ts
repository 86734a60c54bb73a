/**
 * Account management (accounts-and-enterprise.md §2 Accounts, §6, §7): /user/pageList, /user/save,
 * /user/resetPasswprd, /user/frozen, /user/deleteByIds under /api/enterprise. Writes need the
 * main account and the /account (or /account/add) button codes; passwords travel RSA-OAEP
 * encrypted like every password call (docs/decisions/auth-password-transport.md).
 */
import type { FastifyInstance } from 'fastify';
import { accountText as t } from '../../domain/texts/accounts.ts';
import { againProblem, ACCOUNT_STATES, subAccountLoginName, subAccountNameProblem, subAccountPasswordProblem, type AccountState } from '../../domain/enterprise/account-rules.ts';
import { decryptPassword, hashPassword } from '../auth/passwords.ts';
import { BizError, defineRoute } from '../http/route.ts';
import { createAccount, deleteAccounts, listAccounts, MAX_BATCH, requireAdmin, resetAccountPassword, saveSubAccountGrants, setAccountState, subAccountGrants } from '../accounts/sub-accounts.ts';
import { grantText } from '../../domain/texts/api-keys.ts';

const tags = ['账号'];
const encrypted = (title: string) => ({ type: 'string', title, maxLength: 1024 });
const ids = { type: 'array', title: '用户', maxItems: MAX_BATCH, items: { type: 'integer', minimum: 1 } };
/** The grants of the 权限 dialog: [{moduleId, code}], code '' for the page itself (domain/grants.ts). */
export const grantsSchema = {
  type: 'array', title: '权限', maxItems: 2000,
  items: {
    type: 'object', required: ['moduleId', 'code'],
    properties: { moduleId: { type: 'integer', minimum: 1, maximum: 100_000 }, code: { type: 'string', maxLength: 60 } },
  },
};

export default async function accountRoutes(app: FastifyInstance) {
  const { db } = app;
  const decrypt = (v: string | undefined) => (v ? decryptPassword(app.secrets.rsaPrivateKeyPem, v) : '');

  /** The password and its confirmation, decrypted and checked (sub-account rule, §5). */
  function checkedPassword(password: string | undefined, again: string | undefined): string {
    const plain = decrypt(password);
    const problem = subAccountPasswordProblem(plain);
    if (problem) throw BizError.fields(problem, [{ field: 'password', message: problem }]);
    const mismatch = againProblem(plain, decrypt(again));
    if (mismatch) throw BizError.fields(mismatch, [{ field: 'againPassword', message: mismatch }]);
    return plain;
  }

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/pageList', permission: 'session', summary: '账号列表 (主账号看本企业全部；子账号只看到自己)', tags, dataOptional: true,
    data: { type: 'object' },
    handler: ({ user, data }) => listAccounts(db, user, data),
  });

  type SaveBody = { loginName?: string; loginPwd?: string; againPassword?: string; state?: string };
  defineRoute<SaveBody>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/save', summary: '新建子账号 (登录名保存为 名称@主账号)', tags,
    permission: { uri: '/account/add', code: 'save' }, message: t.created,
    data: {
      type: 'object',
      properties: { loginName: { type: 'string', title: t.loginName, maxLength: 200 }, loginPwd: encrypted(t.password), againPassword: encrypted(t.againPassword), state: { type: 'string', maxLength: 20 } },
    },
    handler: async ({ user, data }) => {
      requireAdmin(user);
      const name = String(data.loginName ?? '').trim();
      const nameProblem = subAccountNameProblem(name);
      if (nameProblem) throw BizError.fields(nameProblem, [{ field: 'loginName', message: nameProblem }]);
      if (!(ACCOUNT_STATES as readonly string[]).includes(data.state ?? '')) throw BizError.fields(t.stateRequired, [{ field: 'state', message: t.stateRequired }]);
      const password = checkedPassword(data.loginPwd, data.againPassword);
      const id = await createAccount(db, user, subAccountLoginName(name, user.loginName), name, data.state as AccountState, await hashPassword(password));
      return { id, loginName: subAccountLoginName(name, user.loginName) };
    },
  });

  type ResetBody = { id: number; loginName?: string; newPassword?: string; againPassword?: string };
  defineRoute<ResetBody>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/resetPasswprd', summary: '重置子账号密码', tags,
    permission: { uri: '/account', code: 'resetPassword' }, message: t.reset,
    data: {
      type: 'object', required: ['id'],
      properties: { id: { type: 'integer', title: '用户', minimum: 1 }, loginName: { type: 'string', maxLength: 60 }, newPassword: encrypted(t.newPassword), againPassword: encrypted(t.againPassword) },
    },
    handler: async ({ user, data }) => {
      requireAdmin(user);
      const password = checkedPassword(data.newPassword, data.againPassword);
      await resetAccountPassword(db, user, data.id, data.loginName, await hashPassword(password));
      // committed: the account's access tokens are refused from the next call on (its sessions were revoked)
      app.sessions.forgetUser(data.id);
      return null;
    },
  });

  defineRoute<{ ids: number[]; state: string }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/frozen', summary: '禁止登陆 (state INVALID) / 批量恢复 (state EFFECTIVE)', tags,
    data: { type: 'object', required: ['ids', 'state'], properties: { ids, state: { type: 'string', maxLength: 20 } } },
    // freezing and restoring are two buttons with their own codes (§6)
    permission: (data) => ({ uri: '/account', code: data.state === 'INVALID' ? 'prohibit' : 'recovery' }),
    handler: async ({ user, data }) => {
      if (!(ACCOUNT_STATES as readonly string[]).includes(data.state)) throw new BizError(t.badState);
      requireAdmin(user);
      await setAccountState(db, user, data.ids, data.state as AccountState);
      app.sessions.forgetUsers(data.ids);
      return null;
    },
  });

  defineRoute<{ ids: number[] }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/deleteByIds', summary: '删除子账号', tags,
    permission: { uri: '/account', code: 'delete' }, message: t.deleted,
    data: { type: 'object', required: ['ids'], properties: { ids } },
    handler: async ({ user, data }) => {
      requireAdmin(user);
      await deleteAccounts(db, user, data.ids);
      app.sessions.forgetUsers(data.ids);
      return null;
    },
  });

  defineRoute<{ id: number }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/grants', summary: '子账号的权限 [{moduleId, code}] (code 为空表示页面本身)', tags,
    permission: { uri: '/account', code: 'grant' },
    data: { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '用户', minimum: 1 } } },
    handler: ({ user, data }) => subAccountGrants(db, user, data.id),
  });

  defineRoute<{ id: number; grants: { moduleId: number; code: string }[] }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/saveGrants', summary: '保存子账号的权限 (整体替换；下一次调用即生效)', tags,
    permission: { uri: '/account', code: 'grant' }, message: grantText.saved,
    data: { type: 'object', required: ['id', 'grants'], properties: { id: { type: 'integer', title: '用户', minimum: 1 }, grants: grantsSchema } },
    handler: async ({ user, data }) => {
      requireAdmin(user);
      const saved = await saveSubAccountGrants(db, user, data.id, data.grants);
      // committed: this server's next call of that user reads its grants again (others hear the NOTIFY)
      app.grants.forget({ kind: 'user', id: data.id });
      return saved;
    },
  });
}
