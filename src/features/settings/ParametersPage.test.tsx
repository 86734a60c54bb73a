// Issue 29 item 10: 参数设置 without the save button shows no live 新增 (refused on click before)
// and no editable form; the main account keeps both.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createHttp } from '../../lib/http.ts';
import { createTestAuthActor, modulesFixture, sessionFixture } from '../../testing/auth.ts';
import { render, screen } from '../../testing/render.tsx';
import ParametersPage from './ParametersPage.tsx';

const settings = { id: 604, parentId: -1, uri: '/parametersSetting', name: '参数设置', icon: 'settings', code: 'parameters_setting', sortNo: 3 };
const subAccount = () => ({ ...sessionFixture({ userType: 'USER', account: 'user@admin' }), modules: [...modulesFixture, { ...settings, buttonVos: [] }] });
const mainAccount = () => ({
  ...sessionFixture(),
  modules: [...modulesFixture, { ...settings, buttonVos: [{ code: 'save', name: '保存' }] }],
});

/** the real http client on a fake server at the network boundary, answering `answers[url]` */
function client(answers: Record<string, unknown> = {}) {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) =>
    ({ data: { code: 0, message: '', data: answers[config.url ?? ''] ?? null }, status: 200, statusText: 'OK', headers: {}, config });
  return createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter });
}

describe('参数设置 for a sub-account', () => {
  it('参数设置: no 新增 nor 保存 and a read-only form without the save button', async () => {
    render(<ParametersPage client={client({ '/api/enterprise/company/querySettingList': [{ id: 1, type: '申报', code: 'PORT', value: '3105' }] })} />, { actor: createTestAuthActor(subAccount() as never) });
    expect(await screen.findByText('PORT')).toBeTruthy();
    expect(screen.queryByText('新增')).toBeNull();
    expect(screen.queryByText('保存')).toBeNull();
    expect((screen.getByLabelText(/类型|参数类型/, { selector: 'input' }) as HTMLInputElement).readOnly).toBe(true);
  });

  it('参数设置: the main account keeps 新增 and an editable form', async () => {
    render(<ParametersPage client={client({ '/api/enterprise/company/querySettingList': [] })} />, { actor: createTestAuthActor(mainAccount() as never) });
    expect(await screen.findByText('新增')).toBeTruthy();
    expect((screen.getByLabelText(/类型|参数类型/, { selector: 'input' }) as HTMLInputElement).readOnly).toBe(false);
  });

});
