import { describe, expect, it, vi } from 'vitest';
import { exportDeclarationForm } from '../../../../domain/bills/export-declaration-form.ts';
import { billDefinitions } from '../../../../domain/bills/index.ts';
import { importDetailedList } from '../../../../domain/bills/import-detailed-list.ts';
import type { Http } from '../../../lib/http.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import { OrderSummaryDialog, ORDER_PAGE_SIZES } from './OrderSummaryDialog.tsx';
import { TaxEstimateSection } from './TaxEstimateSection.tsx';
import { detailDialogOf } from './detail-overrides.ts';

const orders = Array.from({ length: 3 }, (_, i) => ({ id: 10 + i, orderNo: `SO00${i + 1}`, createTime: '2026-03-20 10:00:00', ebcName: '宁波跨境优选', stateName: '海关入库' }));

function client(answer: (url: string, data: Record<string, unknown>) => unknown) {
  return { post: vi.fn(async (url: string, data: Record<string, unknown>) => answer(url, data)) } as unknown as Http & { post: ReturnType<typeof vi.fn> };
}
const bill = { id: '7', startTime: '2025-03-20 00:00:00', endTime: '2026-03-20 23:59:59' };

describe('detail dialogs', () => {
  it('every detail dialog a bill definition names is registered (list dialogs: action-dialogs.ts)', () => {
    const named = billDefinitions.flatMap((d) => d.actions.filter((a) => a.kind === 'dialog' && a.place === 'detail'));
    expect(named.length).toBeGreaterThan(0);
    for (const a of named) expect(detailDialogOf(a), a.dialog).toBeDefined();
  });
});

describe('订单汇总', () => {
  it('is the 报关单\'s registered detail dialog', () => {
    const action = exportDeclarationForm.actions.find((a) => a.code === 'summary')!;
    expect(action).toMatchObject({ label: '订单汇总', place: 'detail', kind: 'dialog' });
    expect(detailDialogOf(action)).toBe(OrderSummaryDialog);
    expect(ORDER_PAGE_SIZES).toEqual([10, 20, 50, 100, 200, 300, 400]);
  });

  it('lists orders 10 a page in the bill\'s window, searched by number and enterprise name', async () => {
    const c = client(() => ({ total: 3, datas: orders }));
    render(<OrderSummaryDialog definition={exportDeclarationForm} bill={bill} client={c} onDone={vi.fn()} onClose={vi.fn()} />);
    await screen.findByText('SO002');
    expect(c.post).toHaveBeenCalledWith('/api/enterprise/expuDeclaration/queryOrderList', {
      pageIndex: 0, pageSize: 10, sorts: [{ name: 'create_time', order: 'desc' }],
      terms: [{ column: 'create_time', termType: 'btw', value: ['2025-03-20 00:00:00', '2026-03-20 23:59:59'] }],
    });
    fireEvent.change(screen.getByRole('textbox', { name: '订单编号' }), { target: { value: 'SO00' } });
    fireEvent.change(screen.getByRole('textbox', { name: '企业名称' }), { target: { value: '优选' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(c.post).toHaveBeenLastCalledWith('/api/enterprise/expuDeclaration/queryOrderList', expect.objectContaining({
      terms: [{ column: 'order_no', termType: 'like', value: 'SO00' }, { column: 'ebc_name', termType: 'like', value: '优选' }, expect.objectContaining({ column: 'create_time' })],
    })));
  });

  it('refuses to confirm with nothing chosen, then sends the chosen orders and reloads', async () => {
    const onDone = vi.fn();
    const c = client((url) => (url.endsWith('queryOrderList') ? { total: 3, datas: orders } : { id: 7, version: 3, added: 2 }));
    render(<OrderSummaryDialog definition={exportDeclarationForm} bill={bill} client={c} onDone={onDone} onClose={vi.fn()} />);
    await screen.findByText('SO001');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择订单数据！')).toBeTruthy();
    expect(c.post).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO003' }));
    expect(screen.getByText('已选择 2 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(c.post).toHaveBeenLastCalledWith('/api/enterprise/expuDeclaration/saveListByOrderIds', {
      headId: '7', orderIds: [10, 12], startTime: '2025-03-20 00:00:00', endTime: '2026-03-20 23:59:59',
    });
  });
});

describe('税费预估', () => {
  it('shows each line\'s 70 % retail tax and the total before declaring', () => {
    render(<TaxEstimateSection definition={importDetailedList} head={{ freight: 0, insuredFee: 0 }}
      lines={[{ gnum: 1, gname: '面霜', gcode: '3304990099', totalPrice: 100 }, { gnum: 2, gname: '鱼油', gcode: '2106909090', totalPrice: 200 }]} />);
    const table = screen.getByRole('table', { name: '税费预估' });
    expect(within(table).getByText('23.06')).toBeTruthy();
    // 鱼油: VAT 18.20 and a line total of 18.20
    expect(within(table).getAllByText('18.20')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('预估税款合计 41.26 元');
  });

  it('warns when the goods pass the single-transaction limit', () => {
    render(<TaxEstimateSection definition={importDetailedList} head={{}} lines={[{ gnum: 1, gcode: '2106909090', totalPrice: 5200 }]} />);
    expect(screen.getByText('商品总价5200.00元超过单次交易限值5000元，海关将不予放行')).toBeTruthy();
  });
});
