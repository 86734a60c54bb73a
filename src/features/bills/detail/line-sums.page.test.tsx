// Issue 31 item 8 through the real detail page (route, machine, http client; a fake at the network
// boundary): lines fill what can be derived — 序号 numbered, 总价 = 数量 × 单价, 商品金额 = Σ 总价
// until the user types another amount (kept, the sum offered; cleared, the sum comes back) — and an
// amount being edited reads as in the view (717.00, not 717).
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import BillDetailPage from './BillDetailPage.tsx';
import { detailSession, immediateAdapter, ok, orderLines, orderRow, refused, type Envelope, type SeenRequest } from './test-fixtures.ts';

const api = (path: string | undefined) => `/api/enterprise${path}`;

function open(route: string, answer: (url: string, data: Record<string, unknown>) => Envelope) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter(answer, seen);
  render(
    <Routes><Route path="/details/:type/:key" element={<BillDetailPage />} /></Routes>,
    { route, actor: createTestAuthActor(detailSession()) },
  );
  return seen;
}

const head = () => screen.getByRole('region', { name: '表头信息' });
const body = () => screen.getByRole('region', { name: '表体信息' });
const toolbar = () => screen.getByRole('toolbar', { name: '单据操作' });
const headInput = (label: string) => within(head()).getByPlaceholderText(`请填写${label}`) as HTMLInputElement;
const bodyInput = (label: string) => within(body()).getByPlaceholderText(`请填写${label}`) as HTMLInputElement;
/** The table's rows as {header: text}. */
function rows(): Record<string, string | null>[] {
  const headers = within(body()).getAllByRole('columnheader').map((h) => h.textContent ?? '');
  return within(body()).getAllByRole('row').slice(1).map((r) => Object.fromEntries(within(r).getAllByRole('cell').map((c, i) => [headers[i], c.textContent])));
}

/** Types a row into the body form (序号 and 总价 left as the page fills them) and puts it in the table. */
async function addRow(name: string, qty: string, price: string) {
  fireEvent.change(bodyInput('企业商品名称'), { target: { value: name } });
  fireEvent.click(within(body()).getByPlaceholderText('请选择计量单位'));
  fireEvent.click(await screen.findByRole('option', { name: '011 件' }));
  fireEvent.change(bodyInput('数量'), { target: { value: qty } });
  fireEvent.change(bodyInput('单价'), { target: { value: price } });
  fireEvent.click(within(body()).getByRole('button', { name: '保存' }));
  await within(body()).findByRole('cell', { name });
}

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  notifications.clean();
  notifications.cleanQueue();
});

describe('lines fill what can be derived (issue 31 item 8)', { timeout: 60_000 }, () => {
  it('a new order: 序号 1, 2 and 商品金额 = Σ 总价 without typing; a typed 商品金额 is kept; cleared, the sum comes back', async () => {
    const seen = open('/details/export/order', (url) => (url === api(exportOrder.api.save) ? ok({ id: 9, version: 1 }) : url === api(exportOrder.api.detail) ? ok({ ...orderRow, id: '9' }) : url === api(exportOrder.api.lines) ? ok([]) : refused(`unexpected ${url}`)));
    await screen.findByRole('region', { name: '表头信息' });
    await waitFor(() => expect(bodyInput('序号').value).toBe('1'));
    expect(headInput('商品金额').value).toBe('');

    await addRow('宁波白茶礼盒', '2', '19.9');
    fireEvent.click(within(body()).getByRole('button', { name: '新增' }));
    await waitFor(() => expect(bodyInput('序号').value).toBe('2'));
    await addRow('宁波红茶礼盒', '3', '10');
    // 总价 = 数量 × 单价 on each row; the rows numbered 1, 2; their sum in the head
    expect(rows().map((r) => [r['序号'], r['企业商品名称'], r['总价']])).toEqual([['1', '宁波白茶礼盒', '39.80'], ['2', '宁波红茶礼盒', '30.00']]);
    await waitFor(() => expect(headInput('商品金额').value).toBe('69.80'));
    expect(within(head()).queryByRole('button', { name: /^表体总价合计/ })).toBeNull();

    // the user's own amount stays through further rows; the lines' sum is offered beside it
    fireEvent.change(headInput('商品金额'), { target: { value: '75' } });
    fireEvent.blur(headInput('商品金额'));
    fireEvent.click(within(body()).getByRole('button', { name: '新增' }));
    await waitFor(() => expect(bodyInput('序号').value).toBe('3'));
    await addRow('宁波绿茶礼盒', '1', '5');
    expect(await within(head()).findByRole('button', { name: '表体总价合计 74.80，点击填入' })).toBeTruthy();
    expect(headInput('商品金额').value).toBe('75.00');

    // cleared and left: the lines' sum again, and it follows the rows from then on
    fireEvent.change(headInput('商品金额'), { target: { value: '' } });
    fireEvent.blur(headInput('商品金额'));
    await waitFor(() => expect(headInput('商品金额').value).toBe('74.80'));
    expect(within(head()).queryByText('请填写商品金额')).toBeNull();

    fireEvent.click(within(toolbar()).getByRole('button', { name: '暂存' }));
    await screen.findByText('暂存成功!');
    const save = seen.find((r) => r.url === api(exportOrder.api.save))!;
    expect(save.data.goodsValue).toBe(74.8);
    expect((save.data.details as { gnum: number; totalPrice: number }[]).map((d) => [d.gnum, d.totalPrice])).toEqual([[1, 39.8], [2, 30], [3, 5]]);
  });

  it('a stored order whose 商品金额 is its lines’ sum follows them in the edit; the view’s 717.00 reads 717.00 in the edit too', async () => {
    open('/details/export/order?id=7', (url) => (url === api(exportOrder.api.detail) ? ok({ ...orderRow, goodsValue: 717 }) : url === api(exportOrder.api.lines) ? ok(orderLines) : refused(`unexpected ${url}`)));
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    expect(headInput('商品金额').value).toBe('717.00');
    expect(headInput('运杂费').value).toBe('0.00');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(headInput('商品金额').disabled).toBe(false));
    expect(headInput('商品金额').value).toBe('717.00');
    expect(headInput('运杂费').value).toBe('0.00');
    // typing shows what is typed, leaving the field shows it as the view would
    fireEvent.focus(headInput('商品金额'));
    fireEvent.change(headInput('商品金额'), { target: { value: '1234.5' } });
    await waitFor(() => expect(headInput('商品金额').value).toBe('1,234.5'));
    fireEvent.blur(headInput('商品金额'));
    await waitFor(() => expect(headInput('商品金额').value).toBe('1,234.50'));
  });

  it('a stored order whose 商品金额 equals its lines’ sum follows a deletion', async () => {
    open('/details/export/order?id=7', (url) => (url === api(exportOrder.api.detail) ? ok(orderRow) : url === api(exportOrder.api.lines) ? ok(orderLines) : refused(`unexpected ${url}`)));
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    fireEvent.click(within(body()).getByRole('radio', { name: '选择第1行' }));
    fireEvent.click(within(toolbar()).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(body()).queryByText('蓝牙耳机')).toBeNull());
    await waitFor(() => expect(headInput('商品金额').value).toBe('80.00'));
    expect(rows().map((r) => [r['序号'], r['企业商品名称']])).toEqual([['1', '手机保护壳']]);
  });
});
