// 参数设置 through the real page and http client (issue 31: the table showed raw codes).
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '../../testing/fake-server.ts';
import { render, screen, within } from '../../testing/render.tsx';
import ParametersPage from './ParametersPage.tsx';

const setting = (id: number, type: string, code: string, value: string) => ({ id, type, code, value, companyCode: '3301960001', updateTime: '2026-11-20 10:00:00' });

describe('ParametersPage', () => {
  it('names the parameters it knows and their values; an unknown one shows as it is', async () => {
    const backend = createFakeBackend();
    backend.on('/api/enterprise/company/querySettingList', () => [
      setting(1, '申报', 'DEFAULT_CUSTOMS_CODE', '3105'), setting(2, '签名', 'SIGN_MODE', 'SOFTWARE'), setting(3, '其他', 'MY_CODE', 'x1'),
    ]);
    backend.on('/api/dictionary/item/queryByCode', (data: { dicCode: string }) => (data.dicCode === 'declare_port' ? [{ value: '3105', name: '北仑海关' }] : []));
    render(<ParametersPage client={backend.client} />, { route: '/parametersSetting' });
    const table = await screen.findByRole('table', { name: '参数设置' });
    const rowOf = async (text: string) => (await within(table).findByText(text)).closest('tr')!;
    const customs = await rowOf('默认申报海关');
    expect(await within(customs).findByText('3105 北仑海关')).toBeTruthy();
    expect(within(await rowOf('签名方式')).getByText('软件签名')).toBeTruthy();
    const own = await rowOf('MY_CODE');
    expect(within(own).getByText('x1')).toBeTruthy();
  });
});
