import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import { BillList } from './BillList.tsx';
import { createFakeBackend, Refusal, type FakeBackend } from './testing/fake-backend.ts';
import { allListCodes, listSession, orderApi, orderRow, serveOrders } from './testing/fixtures.ts';

interface ListBody { pageIndex: number; pageSize: number; sorts: unknown[]; terms: { column: string; termType: string; value: unknown }[] }

let backend: FakeBackend;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let open: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  // only the date: timers stay real for testing-library's waits
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2028, 1, 29, 15, 0, 0)); // 29 Feb: the window starts on 28 Feb a year back
  backend = createFakeBackend();
  navigate = vi.fn<(to: string) => void>();
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  vi.useRealTimers();
  open.mockRestore();
});

function show(definition: BillDefinition = exportOrder, codes: readonly string[] = allListCodes) {
  return render(<BillList definition={definition} onNavigate={navigate} client={backend.client} />, {
    route: '/bill/export/order',
    actor: createTestAuthActor(listSession(codes)),
  });
}

const lists = () => backend.callsTo(orderApi.pageList).map((c) => c.data as ListBody);
const lastList = () => lists().at(-1)!;
const windowTerm = { column: 'create_time', termType: 'btw', value: ['2027-02-28 00:00:00', '2028-02-29 23:59:59'] };
const loaded = () => screen.findByRole('link', { name: 'SO000001' });
const rowOf = (orderNo: string) => screen.getByRole('link', { name: orderNo }).closest('tr')!;
const button = (name: string) => screen.getByRole('button', { name });

// a dozen steps through dialogs each: generous under a loaded CI machine
describe('BillList', { timeout: 30_000 }, () => {
  it('loads the first page (one-year window, app_time desc) and the counts, and shows them', async () => {
    serveOrders(backend);
    const { container } = show();
    await loaded();
    expect(lists()).toEqual([{ pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }], terms: [windowTerm] }]);
    expect(backend.callsTo(orderApi.counts).map((c) => c.data)).toEqual([{ pageIndex: 0, pageSize: 10, sorts: [{ name: 'app_time', order: 'desc' }], terms: [windowTerm] }]);
    const head = within(container.querySelector('thead')!);
    for (const header of ['序号', '订单编号', '电商平台名称', '商品金额', '币制', '申报时间', '状态', '回执信息', '创建时间', '回执']) {
      expect(head.getByText(header)).toBeTruthy();
    }
    const first = within(rowOf('SO000001'));
    // currency 142 by its dictionary name, the amount right-aligned, the state by name
    expect(await first.findByText('人民币')).toBeTruthy();
    expect(first.getByText('101.00').className).toContain('mantine-datatable-text-align-right');
    expect(first.getByText('暂存')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /全部\s*3/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /海关入库\s*1/ })).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('shows only the buttons the module grants', async () => {
    serveOrders(backend);
    show(exportOrder, ['batchDeclare']);
    await loaded();
    expect(button('批量申报')).toBeTruthy();
    for (const name of ['重新发送回执', '导出', '新增', '删除', '高级搜索', '批量查询']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('filters by state from the tabs, without asking the counts again', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(screen.getByRole('tab', { name: /暂存/ }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lastList().terms).toEqual([windowTerm, { column: 'state', termType: 'eq', value: 'DRAFT' }]);
    expect(backend.callsTo(orderApi.counts)).toHaveLength(1);
  });

  it('searches with the 条件查询 dialog: typed text as a like term, counts with it', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(button('高级搜索'));
    const dialog = await screen.findByRole('dialog', { name: '条件查询' });
    fireEvent.change(within(dialog).getByLabelText('订单编号'), { target: { value: ' SO0001 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lastList()).toMatchObject({ pageIndex: 0, terms: [{ column: 'order_no', termType: 'like', value: 'SO0001' }, windowTerm] });
    await waitFor(() => expect(backend.callsTo(orderApi.counts)).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: '条件查询' })).toBeNull();
    expect(screen.getByTitle('1个条件')).toBeTruthy();
  });

  it('重置 asks first, then clears the conditions and reloads', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(button('高级搜索'));
    let dialog = await screen.findByRole('dialog', { name: '条件查询' });
    fireEvent.change(within(dialog).getByLabelText('电商企业名称'), { target: { value: '演示' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    fireEvent.click(button('高级搜索'));
    dialog = await screen.findByRole('dialog', { name: '条件查询' });
    expect((within(dialog).getByLabelText('电商企业名称') as HTMLInputElement).value).toBe('演示');
    fireEvent.click(within(dialog).getByRole('button', { name: '重置' }));
    expect(await screen.findByText('此操作将清空查询条件, 是否继续?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lists()).toHaveLength(3));
    expect(lastList().terms).toEqual([windowTerm]);
  });

  it('sorts by a sortable header (snake_case name) and pages', async () => {
    serveOrders(backend, Array.from({ length: 120 }, (_, i) => orderRow(i + 1)));
    show();
    await loaded();
    // a new column keeps the direction in force (app_time desc); clicking again flips it
    fireEvent.click(screen.getByRole('button', { name: /^订单编号/ }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lastList().sorts).toEqual([{ name: 'order_no', order: 'desc' }]);
    fireEvent.click(screen.getByRole('button', { name: /^订单编号/ }));
    await waitFor(() => expect(lists()).toHaveLength(3));
    expect(lastList().sorts).toEqual([{ name: 'order_no', order: 'asc' }]);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(lastList().pageIndex).toBe(1));
    expect(await screen.findByRole('link', { name: 'SO000051' })).toBeTruthy();
    // the index column counts across pages
    expect(within(rowOf('SO000051')).getByText('51')).toBeTruthy();
    fireEvent.click(screen.getAllByLabelText('每页').find((e) => e.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: '100 条/页' }));
    await waitFor(() => expect(lastList()).toMatchObject({ pageIndex: 0, pageSize: 100 }));
    expect(backend.callsTo(orderApi.counts)).toHaveLength(1);
  });

  it('simple paging: previous/next only, with the estimated total', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => orderRow(i + 1));
    serveOrders(backend).on(orderApi.pageList, (d: ListBody) => rows.slice(d.pageIndex * d.pageSize, (d.pageIndex + 1) * d.pageSize));
    show({ ...exportOrder, list: { ...exportOrder.list, simplePaging: true } });
    await loaded();
    expect(screen.getByText(/约 100 条/)).toBeTruthy();
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull();
    expect((button('上一页') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button('下一页'));
    await waitFor(() => expect(lastList().pageIndex).toBe(1));
    expect(await screen.findByText(/第 2 页 · 约 100 条/)).toBeTruthy();
    expect((button('下一页') as HTMLButtonElement).disabled).toBe(true);
  });

  it('batch declare with nothing selected warns 请选择操作数据！ and sends nothing', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(button('批量申报'));
    expect(await screen.findByText('请选择操作数据！')).toBeTruthy();
    expect(backend.callsTo(orderApi.apply)).toHaveLength(0);
  });

  it('a batch action: confirm → the call with the selected ids and window → list and counts reloaded', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO000003' }));
    await waitFor(() => expect(screen.getByText('已选择 1 条')).toBeTruthy());
    fireEvent.click(button('重新发送回执'));
    expect(await screen.findByText('确定重新发送选中单据回执吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(backend.callsTo(orderApi.sendReceipt)).toHaveLength(1));
    expect(backend.callsTo(orderApi.sendReceipt)[0]!.data).toEqual({ ids: [3], startTime: '2027-02-28 00:00:00', endTime: '2028-02-29 23:59:59' });
    expect(await screen.findByText('操作成功！')).toBeTruthy();
    await waitFor(() => expect(lists()).toHaveLength(2));
    await waitFor(() => expect(backend.callsTo(orderApi.counts)).toHaveLength(2));
  });

  it('excludes rows the lifecycle refuses, says so, and lists server failures per bill', async () => {
    serveOrders(backend);
    backend.on(orderApi.sendReceipt, (d: { ids: number[] }) => ({ total: d.ids.length, succeeded: 0, failed: [{ id: 3, title: 'SO000003', message: '回执不存在' }] }));
    show();
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO000001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO000003' }));
    await waitFor(() => expect(screen.getByText('已选择 2 条')).toBeTruthy());
    fireEvent.click(button('重新发送回执'));
    expect(await screen.findByText(/其中 1 条单据的状态不允许重新发送回执/)).toBeTruthy();
    expect(screen.getByText('SO000001（暂存）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    const result = await screen.findByRole('dialog', { name: '重新发送回执结果' });
    expect(backend.callsTo(orderApi.sendReceipt)[0]!.data).toMatchObject({ ids: [3] });
    expect(within(result).getByText('共 1 条，成功 0 条，失败 1 条')).toBeTruthy();
    expect(within(result).getByText('回执不存在')).toBeTruthy();
    expect(within(result).getByText('当前状态为暂存，不允许重新发送回执')).toBeTruthy();
    fireEvent.click(within(result).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '重新发送回执结果' })).toBeNull());
  });

  it('cancelling the confirmation sends nothing and keeps the selection', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO000003' }));
    fireEvent.click(button('重新发送回执'));
    expect(await screen.findByText('确定重新发送选中单据回执吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定重新发送选中单据回执吗?')).toBeNull());
    expect(backend.callsTo(orderApi.sendReceipt)).toHaveLength(0);
    expect(screen.getByText('已选择 1 条')).toBeTruthy();
  });

  it('exports the current conditions, or the selected ids, and opens the download; failure → 导出失败', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(button('导出'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/file/download/export-1.xlsx?ticket=fake-ticket', '_blank', 'noopener'));
    expect(backend.callsTo(orderApi.export)[0]!.data).toMatchObject({ pageIndex: 0, terms: [windowTerm] });
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO000002' }));
    await waitFor(() => expect(screen.getByText('已选择 1 条')).toBeTruthy());
    fireEvent.click(button('导出'));
    await waitFor(() => expect(backend.callsTo(orderApi.export)).toHaveLength(2));
    expect((backend.callsTo(orderApi.export)[1]!.data as ListBody).terms).toEqual([{ column: 'id', termType: 'in', value: [2] }]);
    backend.on(orderApi.export, () => { throw new Refusal('导出数据不能超过10000条，请缩小查询范围'); });
    await waitFor(() => expect((button('导出') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button('导出'));
    expect(await screen.findByText('导出失败')).toBeTruthy();
  });

  it('opens the detail from the navigating field with the create window, and 新增 opens the add page', async () => {
    serveOrders(backend);
    show();
    await loaded();
    const link = screen.getByRole('link', { name: 'SO000001' });
    expect(link.getAttribute('href')).toBe('/details/export/order?id=1&startTime=2027-02-28+00%3A00%3A00&endTime=2028-02-29+23%3A59%3A59');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith(link.getAttribute('href'));
    fireEvent.click(button('新增'));
    expect(navigate).toHaveBeenLastCalledWith('/details/export/order');
  });

  it('shows a row’s receipts of the last three days', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'SO000003 的回执' }));
    const dialog = await screen.findByRole('dialog', { name: '回执信息（近三天）' });
    expect(await within(dialog).findByText('[Code:2600;Desc:海关入库]')).toBeTruthy();
    expect(within(dialog).getByText('海关入库')).toBeTruthy();
    expect(backend.callsTo(orderApi.receipts)[0]!.data).toEqual({ messageType: 'CEB304Message', ebpCode: '3301960002', orderNo: 'SO000003' });
  });

  it('批量查询 → Excel导入: refuses a 4th file and an .xls, takes any name (issue 31), confirms, uploads after a session check, filters by the values', async () => {
    serveOrders(backend);
    const { container } = show();
    await loaded();
    fireEvent.click(button('批量查询'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel导入' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excel导入' });
    const file = (name: string) => new File(['x'], name, { type: 'application/vnd.ms-excel' });
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('a.xlsx'), file('old.xls'), file('b wh-filled (1).xlsx'), file('入库明细单数据模板 (1).xlsx'), file('d.xlsx')] } });
    expect(within(dialog).getByText('old.xls：请将文件另存为 .xlsx 后上传')).toBeTruthy();
    expect(within(dialog).getByText('d.xlsx：最多上传3个文件')).toBeTruthy();
    // the names a person's computer gives are taken as they are (issue 31 item 3)
    expect(within(dialog).getByText('b wh-filled (1).xlsx')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '移除 入库明细单数据模板 (1).xlsx' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await screen.findByText('导入数据可能会耗费较多时间, 请耐心等待, 是否导入?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(backend.calls.map((c) => c.url).filter((u) => [orderApi.validate, orderApi.upload, orderApi.parse].includes(u))).toEqual([
      orderApi.validate, orderApi.upload, orderApi.parse, orderApi.validate, orderApi.upload, orderApi.parse,
    ]);
    expect(lastList().terms).toEqual([windowTerm, { column: 'order_no', termType: 'in', value: ['SO000001', 'SO000002', 'SO000003'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Excel导入' })).toBeNull());
    expect(screen.getByText('已按导入的 3 个订单编号查询')).toBeTruthy();
    // the spec's success message (issue 31)
    expect(await screen.findByText('导入成功')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清除导入条件' }));
    await waitFor(() => expect(lastList().terms).toEqual([windowTerm]));
  });

  it('a refused import shows the server’s message and keeps the dialog', async () => {
    serveOrders(backend);
    backend.on(orderApi.parse, () => { throw new Refusal('数据格式不正确或者模板不正确'); });
    const { container } = show();
    await loaded();
    fireEvent.click(button('批量查询'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel导入' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excel导入' });
    fireEvent.change(container.ownerDocument.querySelector('input[type=file]')!, { target: { files: [new File(['x'], 'q.xlsx')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('数据格式不正确或者模板不正确')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Excel导入' })).toBeTruthy();
    expect(lists()).toHaveLength(1);
  });

  it('批量查询 → 下载查询模板 opens the template', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(button('批量查询'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '下载查询模板' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/file/download/template.xlsx?ticket=fake-ticket', '_blank', 'noopener'));
  });

  it('a failed load ends the loading, toasts, and 重新加载 retries', async () => {
    let fail = true;
    serveOrders(backend);
    const pageList = backend.on.bind(backend);
    pageList(orderApi.pageList, () => {
      if (fail) throw new Refusal('查询参数不正确');
      return { total: 1, datas: [orderRow(1)] };
    });
    const { container } = show();
    expect((await screen.findAllByText(/查询参数不正确/)).length).toBeGreaterThan(0);
    expect(container.ownerDocument.querySelector('.mantine-datatable-loader[data-active]')).toBeNull();
    fail = false;
    fireEvent.click(button('重新加载'));
    expect(await screen.findByRole('link', { name: 'SO000001' })).toBeTruthy();
    expect(screen.queryByText(/列表加载失败/)).toBeNull();
  });

  it('a 500-row page: a row per record, cells only near the viewport; select-all takes the whole page', async () => {
    serveOrders(backend, Array.from({ length: 500 }, (_, i) => orderRow(i + 1)));
    const { container } = show({ ...exportOrder, list: { ...exportOrder.list, pageSize: 500 } });
    await loaded();
    // a row per record; cells only near the viewport
    expect(container.querySelectorAll('tbody tr')).toHaveLength(500);
    const rendered = container.querySelectorAll('tr[data-row]').length;
    expect(rendered).toBeGreaterThan(20);
    expect(rendered).toBeLessThan(100);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(await screen.findByText('已选择 500 条')).toBeTruthy();
  });

  it('closes 列设置 with Esc, wherever the focus is (issue 31)', async () => {
    serveOrders(backend);
    show();
    await loaded();
    fireEvent.click(button('列设置'));
    expect(await screen.findByRole('group', { name: '列设置' })).toBeTruthy();
    fireEvent.keyDown(button('列设置'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('group', { name: '列设置' })).toBeNull());
  });
});
