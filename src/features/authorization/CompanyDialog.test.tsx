import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
import { CompanyDialog, type Company } from './CompanyDialog.tsx';
import { deferred } from '../../testing/deferred.ts';

const demo = { companyCode: '3302961A2B', companyName: '宁波跨境优选供应链管理有限公司' };
const other = { companyCode: '3301964C7D', companyName: '杭州云途国际物流有限公司' };

describe('添加授权\'s company dialog', () => {
  it('shows the newest search\'s companies even when the opening list answers after it, and keeps the choice', async () => {
    const opening = deferred<Company[]>();
    const find = vi.fn((name: string) => (name === '' ? opening.promise : Promise.resolve([demo])));
    const onPick = vi.fn();
    render(<CompanyDialog opened onClose={vi.fn()} find={find} onPick={onPick} />);
    fireEvent.change(screen.getByRole('textbox', { name: '企业名称' }), { target: { value: ' 跨境优选 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    fireEvent.click(await screen.findByRole('radio', { name: demo.companyName }));
    expect(find).toHaveBeenLastCalledWith('跨境优选');

    opening.resolve([demo, other]); // the slow answer to the opening list, now out of date
    await new Promise((r) => setTimeout(r, 20));
    const table = screen.getByRole('table', { name: '选择电商企业' });
    expect(within(table).queryByText(other.companyName)).toBeNull();
    expect((screen.getByRole('radio', { name: demo.companyName }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(demo));
  });

  it('drops a choice the newer answer no longer has, and asks for one', async () => {
    const find = vi.fn(async (name: string) => (name === '' ? [demo, other] : [other]));
    const onPick = vi.fn();
    render(<CompanyDialog opened onClose={vi.fn()} find={find} onPick={onPick} />);
    fireEvent.click(await screen.findByRole('radio', { name: demo.companyName }));
    fireEvent.change(screen.getByRole('textbox', { name: '企业名称' }), { target: { value: '云途' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: demo.companyName })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择电商企业')).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
  });
});
