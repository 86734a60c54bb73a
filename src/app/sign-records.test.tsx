// 签名记录 through the app's real routes: /bill/export/signRecord is the generic bill list with the
// sign record definition (its own calls, columns, state filter without counts, export, template),
// and a row opens /sign/detail/{id}.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuModule, Session } from '../../machines/auth.ts';
import { createFakeBackend, type FakeBackend } from '../features/bills/list/testing/fake-backend.ts';
import { AuthProvider } from '../lib/auth-context.tsx';
import { http } from '../lib/http.ts';
import { createTestAuthActor, sessionFixture } from '../testing/auth.ts';
import { routes } from './routes.tsx';

const LIST = '/api/enterprise/sign/signData/list';
const EXPORT = '/api/enterprise/sign/signData/exportData';
const TEMPLATE = '/api/enterprise/sign/signData/downloadQueryTemplate';
const DETAIL = '/api/enterprise/sign/signData/findById';

interface ListBody { pageIndex: number; pageSize: number; sorts: unknown[]; terms: { column: string; termType: string; value: unknown }[] }

const row = (id: number, state: string, stateName: string) => ({
  id, copNo: `YX-SIGN-${String(id).padStart(4, '0')}`, customsRegistCode: '3302961A2B', companyName: '宁波跨境优选供应链管理有限公司',
  type: 'CEB303Message', typeName: '出口电子订单', purpose: '出口电子订单申报加签', note: null, state, stateName,
  returnInfo: state === 'FAILED' ? '签名失败：未插入UKey' : null, createTime: '2028-02-20 10:00:00', updateTime: '2028-02-20 10:01:00',
});
const rows = [row(3, 'WAIT', '待签名'), row(2, 'SIGNED', '已签名'), row(1, 'FAILED', '签名失败')];

const modules: MenuModule[] = [
  { id: 300, parentId: -1, uri: '', name: '综合查询', icon: 'statistics', code: 'menu_query', sortNo: 4 },
  {
    id: 301, parentId: 300, uri: '/bill/export/signRecord', name: '签名记录', icon: 'sign', code: 'cbe_sign_record', sortNo: 1,
    buttonVos: ['export', 'conditionalQuery', 'importQuery', 'downTemplate', 'refresh'].map((code) => ({ code, name: code })),
  },
  { id: 302, parentId: 301, uri: '/sign/detail', name: '签名详情', icon: 'sign', code: 'cbe_sign_detail', sortNo: 1, hidden: true },
];
const session = (): Session => ({ ...sessionFixture(), modules: [...sessionFixture().modules, ...modules] });

let backend: FakeBackend;
let original: AxiosAdapter | undefined;
let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2028, 1, 29, 15, 0, 0));
  backend = createFakeBackend()
    .on(LIST, (data: ListBody) => {
      const state = data.terms.find((t) => t.column === 'state')?.value;
      const found = rows.filter((r) => state === undefined || r.state === state);
      return { total: found.length, datas: found };
    })
    .on('/api/enterprise/state/list', () => [
      { state: 'WAIT', stateName: '待签名' }, { state: 'SIGNED', stateName: '已签名' }, { state: 'FAILED', stateName: '签名失败' },
    ])
    .on('/api/dictionary/item/queryByCode', () => [])
    .on(EXPORT, () => ({ downloadUri: '/api/file/download/sign-1.xlsx' }))
    .on(TEMPLATE, () => ({ downloadUri: '/api/file/download/sign-template.xlsx' }))
    .on(DETAIL, (data: { id: number }) => ({ ...rows.find((r) => r.id === data.id), waitSignData: '<a/>', waitSignDataPretty: '<a/>', signResult: null, certificate: null, messageGuid: null, messageStatus: null, xml: null }));
  original = http.axios.defaults.adapter as AxiosAdapter | undefined;
  http.axios.defaults.adapter = backend.adapter;
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  http.axios.defaults.adapter = original;
  open.mockRestore();
  vi.useRealTimers();
});

function app(start: string) {
  const router = createMemoryRouter(routes, { initialEntries: [start] });
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <Notifications />
        <AuthProvider actor={createTestAuthActor(session())}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return router;
}

const lists = () => backend.callsTo(LIST).map((c) => c.data as ListBody);
const windowTerm = { column: 'create_time', termType: 'btw', value: ['2027-02-28 00:00:00', '2028-02-29 23:59:59'] };
const loaded = () => screen.findByRole('link', { name: 'YX-SIGN-0003' }, { timeout: 15_000 });

describe('签名记录 list', { timeout: 40_000 }, () => {
  it('lists the records through /sign/signData/list with the sign record columns, latest update first (acc §9)', async () => {
    app('/bill/export/signRecord');
    await loaded();
    expect(lists()[0]).toEqual({ pageIndex: 0, pageSize: 50, sorts: [{ name: 'update_time', order: 'desc' }], terms: [windowTerm] });
    const head = within(document.querySelector('thead')!);
    for (const header of ['企业内部编号', '海关注册编码', '企业名称', '签名类型', '用途', '状态', '提示信息', '备注', '创建时间', '更新时间']) {
      expect(head.getByText(header)).toBeTruthy();
    }
    // not a declared bill: no receipt column
    expect(head.queryByText('回执')).toBeNull();
    const failed = within(screen.getByRole('link', { name: 'YX-SIGN-0001' }).closest('tr')!);
    expect(failed.getByText('签名失败：未插入UKey')).toBeTruthy();
    expect(failed.getByText('出口电子订单')).toBeTruthy();
  });

  it('filters by CbeSignState from the tabs (the spec names no count call: no counts asked)', async () => {
    app('/bill/export/signRecord');
    await loaded();
    expect(screen.getByRole('tab', { name: '全部' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '签名失败' }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lists()[1]!.terms).toEqual([windowTerm, { column: 'state', termType: 'eq', value: 'FAILED' }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'YX-SIGN-0003' })).toBeNull());
    expect(backend.calls.some((c) => /Count|count/.test(c.url))).toBe(false);
  });

  it('导出 sends the conditions to exportData and opens the .xlsx; 下载查询模板 opens the template', async () => {
    app('/bill/export/signRecord');
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/file/download/sign-1.xlsx?ticket=fake-ticket', '_blank', 'noopener'));
    expect(backend.callsTo(EXPORT)[0]!.data).toMatchObject({ pageIndex: 0, terms: [windowTerm] });
    fireEvent.click(screen.getByRole('button', { name: '批量查询' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '下载查询模板' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/file/download/sign-template.xlsx?ticket=fake-ticket', '_blank', 'noopener'));
  });

  it('a row opens /sign/detail/{id}, whose 返回 comes back to the list', async () => {
    const router = app('/bill/export/signRecord');
    await loaded();
    const link = screen.getByRole('link', { name: 'YX-SIGN-0002' });
    expect(link.getAttribute('href')).toBe('/sign/detail/2');
    fireEvent.click(link);
    expect(await screen.findByRole('region', { name: '待签名数据' }, { timeout: 15_000 })).toBeTruthy();
    expect(backend.callsTo(DETAIL).map((c) => c.data)).toEqual([{ id: 2 }]);
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bill/export/signRecord'));
  });
});
