// Issue 29 item 10: /account/add opened by address by a sub-account shows no 新建子账号 form (its
// suffix would read "@user@admin"), but a plain refusal; the main account keeps the form. And /account
// (reached by a sub-account from the header's 我的账号) shows the sub-account its own row only, with
// nothing that manages accounts: no search, no selection, no 禁止登陆 switch.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createHttp } from '../../lib/http.ts';
import { createTestAuthActor, modulesFixture, sessionFixture } from '../../testing/auth.ts';
import { render, screen } from '../../testing/render.tsx';
import { accountText } from '../../../domain/texts/accounts.ts';
import AccountListPage from './AccountListPage.tsx';
import AddAccountPage from './AddAccountPage.tsx';

const settings = { id: 604, parentId: -1, uri: '/parametersSetting', name: '参数设置', icon: 'settings', code: 'parameters_setting', sortNo: 3 };
const accountAdd = { id: 603, parentId: 602, uri: '/account/add', name: '新建子账号', icon: 'account', code: 'account_add', sortNo: 1 };
const subAccount = () => ({ ...sessionFixture({ userType: 'USER', account: 'user@admin' }), modules: [...modulesFixture, { ...settings, buttonVos: [] }] });
const mainAccount = () => ({
  ...sessionFixture(),
  modules: [...modulesFixture, { ...settings, buttonVos: [{ code: 'save', name: '保存' }] }, { ...accountAdd, buttonVos: [{ code: 'save', name: '保存' }] }],
});

/** the real http client on a fake server at the network boundary, answering `answers[url]` */
function client(answers: Record<string, unknown> = {}) {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) =>
    ({ data: { code: 0, message: '', data: answers[config.url ?? ''] ?? null }, status: 200, statusText: 'OK', headers: {}, config });
  return createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter });
}

describe('the sub-account’s screens', () => {
  it('/account/add by address: a refusal, no form with the "@user@admin" suffix', () => {
    render(<AddAccountPage client={client()} />, { actor: createTestAuthActor(subAccount() as never) });
    expect(screen.getByText('只有主账号可以新建子账号')).toBeTruthy();
    expect(screen.queryByText('@user@admin')).toBeNull();
  });

  it('/account/add for the main account: the form', () => {
    render(<AddAccountPage client={client()} />, { actor: createTestAuthActor(mainAccount() as never) });
    expect(screen.getByText('@admin')).toBeTruthy();
  });

  const ownRow = { id: 7, loginName: 'user@admin', username: '子账号甲', userType: 'USER', state: 'EFFECTIVE', companyName: '演示企业', createTime: '2026-12-07 06:00:00' };
  const mainRow = { ...ownRow, id: 1, loginName: 'admin', username: 'admin', userType: 'ADMIN' };
  const accounts = (datas: unknown[]) => client({ '/api/enterprise/user/pageList': { total: datas.length, datas } });

  it('/account for a sub-account: its own row, read only', async () => {
    render(<AccountListPage client={accounts([ownRow])} />, { actor: createTestAuthActor(subAccount() as never) });
    expect(await screen.findByText('子账号甲')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByLabelText(accountText.loginName)).toBeNull();
    expect(screen.queryByText(accountText.prohibit)).toBeNull();
  });

  it('/account for the main account: selection and the 禁止登陆 switch of its sub-accounts', async () => {
    render(<AccountListPage client={accounts([mainRow, ownRow])} />, { actor: createTestAuthActor(mainAccount() as never) });
    expect(await screen.findByText('子账号甲')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'user@admin' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: `${accountText.prohibit} user@admin` })).toBeTruthy();
  });
});
