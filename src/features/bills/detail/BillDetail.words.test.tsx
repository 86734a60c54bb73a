// The detail page's definition words (BillLinesDef.sequenceField and columns, the bodySave action)
// and the add page taking its bill's address after the first save; through the page with the real
// http client and an answering fake at the network boundary.
import { notifications } from '@mantine/notifications';
import { Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import { BillDetail } from './BillDetail.tsx';
import BillDetailPage from './BillDetailPage.tsx';
import { detailSession, immediateAdapter, ok, orderLines, orderRow, refused, type Envelope, type SeenRequest } from './test-fixtures.ts';

const api = (path: string | undefined) => `/api/enterprise${path}`;
const existing = { id: '7', startTime: 's', endTime: 'e' };

let version = 3;
function answer(url: string, data: Record<string, unknown> = {}): Envelope {
  if (url === api(exportOrder.api.detail)) return ok(orderRow);
  if (url === api(exportOrder.api.lines)) return ok(orderLines);
  // a saved line: its id (31 when new), the bill's version moved
  if (url === api(exportOrder.api.saveLines)) return ok({ id: Number(data.id ?? 31), version: (version += 1) });
  if (url === api(exportOrder.api.save)) return ok({ id: 7, version: 5 });
  return refused(`unexpected ${url}`);
}

function show(definition: BillDefinition, respond: (url: string, data: Record<string, unknown>) => Envelope = answer) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter(respond, seen);
  render(<BillDetail definition={definition} bill={existing} />, { route: '/details/export/order?id=7', actor: createTestAuthActor(detailSession()) });
  return seen;
}

const toolbar = () => screen.getByRole('toolbar', { name: '单据操作' });
const body = () => screen.getByRole('region', { name: '表体信息' });
const bodyInput = (label: string) => within(body()).getByPlaceholderText(`请填写${label}`) as HTMLInputElement;
const confirmModal = async () => fireEvent.click(await screen.findByRole('button', { name: '确定' }));
async function openForEdit() {
  await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
  fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
}
async function typeRow(itemName: string) {
  fireEvent.change(bodyInput('企业商品名称'), { target: { value: itemName } });
  fireEvent.click(within(body()).getByPlaceholderText('请选择计量单位'));
  fireEvent.click(await screen.findByRole('option', { name: '011 件' }));
  for (const [label, value] of [['数量', '1'], ['单价', '9.9'], ['总价', '9.9']] as const) fireEvent.change(bodyInput(label), { target: { value } });
}

afterEach(() => {
  version = 3;
  http.axios.defaults.adapter = undefined;
  notifications.clean();
  notifications.cleanQueue();
});

describe('detail definition words', { timeout: 30_000 }, () => {
  it('sequenceField numbers a new row max+1 and renumbers after a deletion; columns choose the table’s fields', async () => {
    const numbered: BillDefinition = { ...exportOrder, lines: { ...exportOrder.lines!, columns: ['gnum', 'itemName', 'qty'] } };
    expect(exportOrder.lines!.sequenceField).toBe('gnum');
    const seen = show(numbered);
    await openForEdit();
    expect(within(body()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['选择', '序号', '企业商品名称', '数量']);
    expect(bodyInput('序号').value).toBe('3');
    fireEvent.click(within(body()).getByRole('radio', { name: '选择第1行' }));
    fireEvent.click(within(toolbar()).getByRole('button', { name: '删除' }));
    await confirmModal();
    await waitFor(() => expect(within(body()).queryByText('蓝牙耳机')).toBeNull());
    const row = within(body()).getByText('手机保护壳').closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '1', '手机保护壳', '2']);
    await waitFor(() => expect(bodyInput('序号').value).toBe('2'));
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    await confirmModal();
    await screen.findByText('保存成功！');
    const save = seen.find((r) => r.url === api(exportOrder.api.save))!;
    expect((save.data.details as { id: string; gnum: number }[]).map((d) => [d.id, d.gnum])).toEqual([['12', 1]]);
  });

  it('without the words: every line field but long texts, numbers as typed', async () => {
    const { sequenceField: _numbered, ...lines } = exportOrder.lines!;
    show({ ...exportOrder, lines });
    await openForEdit();
    const headers = within(body()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['选择', ...exportOrder.lines!.fields.filter((f) => f.kind !== 'textarea').map((f) => f.label)]);
    expect(exportOrder.lines!.fields.some((f) => f.kind === 'textarea')).toBe(true);
    expect(bodyInput('序号').value).toBe('');
  });

  it('bodySave: the body form’s 保存 stores the row alone (saveLines with headId); the bill’s 保存 then carries the new version', async () => {
    const lineSaving: BillDefinition = { ...exportOrder, actions: [...exportOrder.actions, { code: 'bodySave', label: '保存', place: 'detail', event: 'user.save', api: 'saveLines' }] };
    const seen = show(lineSaving);
    await openForEdit();
    fireEvent.change(bodyInput('序号'), { target: { value: '3' } });
    await typeRow('充电线');
    fireEvent.click(within(body()).getByRole('button', { name: '保存' }));
    expect(await within(body()).findByRole('cell', { name: '充电线' })).toBeTruthy();
    expect(await screen.findByText('保存成功！')).toBeTruthy();
    const lineSaves = () => seen.filter((r) => r.url === api(exportOrder.api.saveLines));
    expect(lineSaves()[0]!.data).toEqual(expect.objectContaining({ headId: '7', gnum: 3, itemName: '充电线', unit: '011', qty: 1, price: 9.9, totalPrice: 9.9 }));
    expect(lineSaves()[0]!.data).not.toHaveProperty('id');
    // a stored row goes with its id
    fireEvent.click(within(body()).getByRole('radio', { name: '选择第2行' }));
    await waitFor(() => expect(bodyInput('企业商品名称').value).toBe('手机保护壳'));
    fireEvent.change(bodyInput('企业商品名称'), { target: { value: '手机壳' } });
    fireEvent.click(within(body()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lineSaves()).toHaveLength(2));
    expect(lineSaves()[1]!.data).toMatchObject({ headId: '7', id: '12', itemName: '手机壳' });
    await within(body()).findByRole('cell', { name: '手机壳' });
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    await confirmModal();
    await waitFor(() => expect(seen.some((r) => r.url === api(exportOrder.api.save))).toBe(true));
    const save = seen.find((r) => r.url === api(exportOrder.api.save))!;
    // two line saves moved the version 3 → 5: the bill's save is not stale
    expect(save.data).toMatchObject({ id: '7', version: 5 });
    expect((save.data.details as { id: string; itemName: string }[]).map((d) => [d.id, d.itemName])).toEqual([['11', '蓝牙耳机'], ['12', '手机壳'], ['31', '充电线']]);
  });

  it('bodySave refused: the row’s errors in the body form, the typing kept, nothing in the table', async () => {
    const lineSaving: BillDefinition = { ...exportOrder, actions: [...exportOrder.actions, { code: 'bodySave', label: '保存', place: 'detail', event: 'user.save', api: 'saveLines' }] };
    show(lineSaving, (url) => (url === api(exportOrder.api.saveLines) ? refused('序号1重复', { errors: [{ field: 'gnum', message: '序号1重复' }] }) : answer(url)));
    await openForEdit();
    fireEvent.change(bodyInput('序号'), { target: { value: '1' } });
    await typeRow('充电线');
    fireEvent.click(within(body()).getByRole('button', { name: '保存' }));
    expect(await within(body()).findByText('序号1重复')).toBeTruthy();
    expect(bodyInput('企业商品名称').value).toBe('充电线');
    expect(within(body()).queryByRole('cell', { name: '充电线' })).toBeNull();
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where" data-type={useNavigationType()}>{pathname + search}</output>;
}

describe('add page address', { timeout: 30_000 }, () => {
  it('after the first save the add page takes the bill’s address (replace), the same page going on', async () => {
    const seen: SeenRequest[] = [];
    http.axios.defaults.adapter = immediateAdapter(answer, seen);
    render(
      <>
        <Routes><Route path="/details/:type/:key" element={<BillDetailPage />} /></Routes>
        <Where />
      </>,
      { route: '/details/export/order', actor: createTestAuthActor(detailSession()) },
    );
    const section = await screen.findByRole('region', { name: '表头信息' });
    for (const [label, value] of [['订单编号', 'SO-100'], ['电商平台代码', 'EBP1'], ['电商平台名称', '平台'], ['商品金额', '50']] as const) {
      fireEvent.change(await within(section).findByPlaceholderText(`请填写${label}`), { target: { value } });
    }
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    await confirmModal();
    await screen.findByText('保存成功！');
    const save = seen.find((r) => r.url === api(exportOrder.api.save))!;
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/details\/export\/order\?id=7&/));
    const where = new URL(screen.getByTestId('where').textContent!, 'http://x');
    expect(Object.fromEntries(where.searchParams)).toEqual({ id: '7', startTime: save.data.startTime, endTime: save.data.endTime });
    expect(screen.getByTestId('where').getAttribute('data-type')).toBe('REPLACE');
    // the page the save happened in reloads the bill once; a new page would load it again
    await within(toolbar()).findByRole('button', { name: '编辑' });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.filter((r) => r.url === api(exportOrder.api.detail)).map((r) => r.data.id)).toEqual(['7']);
    expect(document.querySelector('.mantine-Breadcrumbs-root')!.textContent).toContain('详情');
  });

  it('an opened bill keeps its address', async () => {
    const seen: SeenRequest[] = [];
    http.axios.defaults.adapter = immediateAdapter(answer, seen);
    render(
      <>
        <Routes><Route path="/details/:type/:key" element={<BillDetailPage />} /></Routes>
        <Where />
      </>,
      { route: '/details/export/order?id=7&startTime=s&endTime=e', actor: createTestAuthActor(detailSession()) },
    );
    await openForEdit();
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    await confirmModal();
    await screen.findByText('保存成功！');
    await within(toolbar()).findByRole('button', { name: '编辑' });
    expect(screen.getByTestId('where').textContent).toBe('/details/export/order?id=7&startTime=s&endTime=e');
    expect(screen.getByTestId('where').getAttribute('data-type')).toBe('POP');
  });
});
