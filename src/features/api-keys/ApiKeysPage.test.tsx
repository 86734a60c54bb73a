// 新建密钥 (issue 29 item 5): a new key starts with nothing ticked; the bundle 申报出口订单 ticks
// 出口订单's 页面, 保存 and 批量申报 — and only those are sent; what the key will do is shown first.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { moduleSeeds } from '../../../domain/modules.ts';
import { createHttp } from '../../lib/http.ts';
import { createTestAuthActor, modulesFixture, sessionFixture } from '../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
import ApiKeysPage from './ApiKeysPage.tsx';

const order = moduleSeeds.find((m) => m.uri === '/bill/export/order')!.id;

function client() {
  const saved: unknown[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const data = JSON.parse(String(config.data ?? '{}')).data;
    if (config.url?.endsWith('/apiKey/save')) { saved.push(data); return { data: { code: 0, message: '', data: { id: 1, secret: 'cbk_x' } }, status: 200, statusText: 'OK', headers: {}, config }; }
    return { data: { code: 0, message: '', data: { total: 0, datas: [] } }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { http: createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter }), saved };
}

describe('新建密钥', () => {
  it('starts with nothing; 申报出口订单 gives exactly its three grants, shown before creating', async () => {
    const { http, saved } = client();
    const session = { ...sessionFixture(), modules: [...modulesFixture, { id: 905, parentId: -1, uri: '/apiKey', name: '接口密钥', icon: 'key', code: 'apiKey', sortNo: 9, buttonVos: [{ code: 'add', name: '新建' }] }] };
    render(<ApiKeysPage client={http} />, { actor: createTestAuthActor(session as never) });
    fireEvent.click(await screen.findByText('新建密钥', {}, { timeout: 10_000 }));
    const summary = await screen.findByLabelText('该密钥将可以', {}, { timeout: 10_000 });
    expect(within(summary).getByText(/尚未选择任何功能/)).toBeTruthy();
    // role queries walk the whole 347-checkbox tree slowly in jsdom: plain selectors
    expect(document.querySelectorAll('input[type=checkbox]:checked')).toHaveLength(0);
    const confirm = () => screen.getByText('确定').closest('button')!;
    expect(confirm().disabled).toBe(true);

    fireEvent.click(screen.getByText('申报出口订单'));
    expect(within(summary).getByText('出口订单：页面、批量申报、保存')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/名称/), { target: { value: 'ERP 正式' } });
    fireEvent.click(confirm());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { grants: unknown[] }).grants).toEqual([{ moduleId: order, code: '' }, { moduleId: order, code: 'save' }, { moduleId: order, code: 'batchDeclare' }]);
  }, 90_000);
});
