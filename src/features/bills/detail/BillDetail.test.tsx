// The detail page through its route, with the real http client and a fake at the network boundary.
import { notifications } from '@mantine/notifications';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import BillDetailPage from './BillDetailPage.tsx';
import { BillDetail } from './BillDetail.tsx';
import { detailSession, immediateAdapter, ok, orderLines, orderRow, refused, type Envelope, type SeenRequest } from './test-fixtures.ts';

const api = (path: string | undefined) => `/api/enterprise${path}`;

function standardAnswer(row: Record<string, unknown> = orderRow) {
  return (url: string): Envelope => {
    if (url === api(exportOrder.api.detail)) return ok(row);
    if (url === api(exportOrder.api.lines)) return ok(orderLines);
    if (url === api(exportOrder.api.save)) return ok({ id: 7, version: 4 });
    if (url === api(exportOrder.api.saveAndApply)) return ok({ id: 7, version: 4, state: 'DECLARING' });
    return refused(`unexpected ${url}`);
  };
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function open(route: string, answer = standardAnswer(), only?: (code: string) => boolean) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter(answer, seen);
  render(
    <Routes>
      <Route path="/details/:type/:key" element={<BillDetailPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, actor: createTestAuthActor(detailSession(only)) },
  );
  return seen;
}

const toolbar = () => screen.getByRole('toolbar', { name: '单据操作' });
const head = () => screen.getByRole('region', { name: '表头信息' });
const body = () => screen.getByRole('region', { name: '表体信息' });
const confirmModal = async () => fireEvent.click(await screen.findByRole('button', { name: '确定' }));
/** A goods line 充电线 (1 件 at 9.9) typed into the 表体 form under 序号 `seq` and saved into the table. */
async function addChargerLine(seq: string) {
  fireEvent.click(within(body()).getByRole('button', { name: '新增' }));
  fireEvent.change(within(body()).getByPlaceholderText('请填写序号'), { target: { value: seq } });
  fireEvent.change(within(body()).getByPlaceholderText('请填写企业商品名称'), { target: { value: '充电线' } });
  fireEvent.click(within(body()).getByPlaceholderText('请选择计量单位'));
  fireEvent.click(await screen.findByRole('option', { name: '011 件' }));
  for (const [label, value] of [['数量', '1'], ['单价', '9.9'], ['总价', '9.9']] as const) {
    fireEvent.change(within(body()).getByPlaceholderText(`请填写${label}`), { target: { value } });
  }
  fireEvent.click(within(body()).getByRole('button', { name: '保存' }));
}

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  notifications.clean(); // the toast store outlives a render
  notifications.cleanQueue();
});

// whole-page renders in happy-dom are slow on a busy 2-core machine
describe('bill detail page', { timeout: 20_000 }, () => {
  it('an unknown bill type is a 404', async () => {
    open('/details/export/nothing?id=1');
    expect((await screen.findByTestId('where')).textContent).toBe('/404');
  });

  it('opens read-only: 首页 / 出口业务 / 出口订单 / 详情, head and body from the server', async () => {
    const seen = open('/details/export/order?id=7&startTime=2026-01-01%2000:00:00&endTime=2026-12-31%2023:59:59');
    const orderNo = await within(await screen.findByRole('region', { name: '表头信息' })).findByPlaceholderText('请填写订单编号') as HTMLInputElement;
    await waitFor(() => expect(orderNo.value).toBe('SO-001'));
    expect(orderNo.disabled).toBe(true);
    const crumbs = document.querySelector('.mantine-Breadcrumbs-root')!;
    expect([...crumbs.children].map((c) => c.textContent).filter((t) => t && t !== '/')).toEqual(['首页', '出口业务', '出口订单', '详情']);
    expect(seen).toContainEqual({ url: api(exportOrder.api.detail), data: { id: '7', startTime: '2026-01-01 00:00:00', endTime: '2026-12-31 23:59:59' } });
    expect(seen).toContainEqual({ url: api(exportOrder.api.lines), data: { id: '7', startTime: '2026-01-01 00:00:00', endTime: '2026-12-31 23:59:59' } });
    expect(within(body()).getByText('蓝牙耳机')).toBeTruthy();
    expect(within(body()).getAllByText('007 个').length).toBe(2);
    const buttons = within(toolbar()).getAllByRole('button').map((b) => b.textContent);
    // a draft: 申报 as stored, beside 编辑 (issue 19)
    expect(buttons).toEqual(['编辑', '申报', '刷新', '返回']);
  });

  it('编辑 is not offered once the bill is with customs', async () => {
    open('/details/export/order?id=7', standardAnswer({ ...orderRow, state: '120', stateName: '海关入库' }));
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    expect(within(toolbar()).queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('without the module\'s button codes no detail button shows (返回 needs none)', async () => {
    open('/details/export/order?id=7', standardAnswer(), () => false);
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).toEqual(['返回']);
  });

  it('edit → 保存 sends the head, version, window and every row (temp rows too)', async () => {
    const seen = open('/details/export/order?id=7&startTime=s&endTime=e');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    const orderNo = within(head()).getByPlaceholderText('请填写订单编号') as HTMLInputElement;
    expect(orderNo.disabled).toBe(false);
    fireEvent.change(orderNo, { target: { value: 'SO-002' } });
    // a new row through the body form
    await addChargerLine('3');
    expect(await within(body()).findByText('充电线')).toBeTruthy();
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('是否保存信息?')).toBeTruthy();
    await confirmModal();
    await screen.findByText('保存成功！');
    const save = seen.find((r) => r.url === api(exportOrder.api.save))!;
    // 商品金额 was its rows' sum (120 + 80): it follows the new row
    expect(save.data).toMatchObject({ id: '7', version: 3, orderNo: 'SO-002', goodsValue: 209.9, freight: 0, startTime: 's', endTime: 'e' });
    expect(save.data).not.toHaveProperty('appTime'); // read-only: the server's
    const details = save.data.details as Record<string, unknown>[];
    expect(details.map((d) => d.id)).toEqual(['11', '12', 'temp1']);
    expect(details[2]).toMatchObject({ gnum: 3, itemName: '充电线', unit: '011', qty: 1, price: 9.9, totalPrice: 9.9, currency: '142' });
    // back to view, reloaded
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: '编辑' })).toBeTruthy());
    expect(seen.filter((r) => r.url === api(exportOrder.api.detail))).toHaveLength(2);
  }, 60_000);

  it('the page checks the rules first: an emptied required field is named and nothing is sent', async () => {
    const seen = open('/details/export/order?id=7');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    fireEvent.change(within(head()).getByPlaceholderText('请填写电商平台名称'), { target: { value: '' } });
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    expect(await within(head()).findByText('请填写电商平台名称')).toBeTruthy();
    expect(screen.queryByText('是否保存信息?')).toBeNull();
    expect(seen.some((r) => r.url === api(exportOrder.api.save))).toBe(false);
  });

  it('errors belong to the current values: a field fixed after a failed 保存 stays clear when a goods row is saved', async () => {
    open('/details/export/order?id=7');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    const ebpName = within(head()).getByPlaceholderText('请填写电商平台名称');
    fireEvent.change(ebpName, { target: { value: '' } });
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    expect(await within(head()).findByText('请填写电商平台名称')).toBeTruthy();
    fireEvent.change(ebpName, { target: { value: '宁波平台' } });
    await waitFor(() => expect(within(head()).queryByText('请填写电商平台名称')).toBeNull());
    // a goods row saved into the table
    await addChargerLine('3');
    expect(await within(body()).findByText('充电线', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(head()).queryByText('请填写电商平台名称')).toBeNull();
  }, 60_000);

  it('a saved draft offers 申报 in view mode: the stored copy is declared after a confirmation', async () => {
    const seen = open('/details/export/order?id=7');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '申报' }));
    await screen.findByText('是否申报？');
    await confirmModal();
    await screen.findByText('操作成功！');
    const declared = seen.find((r) => r.url === api(exportOrder.api.saveAndApply))!;
    expect(declared.data).toMatchObject({ id: '7', version: 3, orderNo: 'SO-001' });
  });

  it('总价 follows 数量 × 单价 as typed (still editable); 商品金额 follows the lines\' sum, and offers it once typed over', async () => {
    open('/details/export/order?id=7');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    fireEvent.click(within(body()).getByRole('button', { name: '新增' }));
    const input = (label: string) => within(body()).getByPlaceholderText(`请填写${label}`) as HTMLInputElement;
    const goodsValue = () => within(head()).getByPlaceholderText('请填写商品金额') as HTMLInputElement;
    fireEvent.change(input('数量'), { target: { value: '3' } });
    fireEvent.change(input('单价'), { target: { value: '19.9' } });
    await waitFor(() => expect(input('总价').value).toBe('59.70'));
    fireEvent.change(input('总价'), { target: { value: '60' } });
    fireEvent.blur(input('总价'));
    await waitFor(() => expect(input('总价').value).toBe('60.00'));
    // the head's 200 is the lines' sum: a third row of 60 makes it 260, nothing to offer
    expect(within(head()).queryByRole('button', { name: /^表体总价合计/ })).toBeNull();
    expect(input('序号').value).toBe('3');
    fireEvent.change(input('企业商品名称'), { target: { value: '充电线' } });
    fireEvent.click(within(body()).getByPlaceholderText('请选择计量单位'));
    fireEvent.click(await screen.findByRole('option', { name: '011 件' }));
    fireEvent.click(within(body()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(goodsValue().value).toBe('260.00'));
    expect(within(head()).queryByRole('button', { name: /^表体总价合计/ })).toBeNull();
    // typed over: kept, and the sum offered; one click fills it in
    fireEvent.change(goodsValue(), { target: { value: '300' } });
    fireEvent.blur(goodsValue());
    const offer = await within(head()).findByRole('button', { name: '表体总价合计 260.00，点击填入' }, { timeout: 5000 });
    await waitFor(() => expect(goodsValue().value).toBe('300.00'));
    fireEvent.click(offer);
    await waitFor(() => expect(goodsValue().value).toBe('260.00'));
    expect(within(head()).queryByRole('button', { name: /^表体总价合计/ })).toBeNull();
  }, 60_000);

  it('报送类型 turned 2 变更 by a declaration is announced next to the field', async () => {
    let declared = false;
    const answer = standardAnswer();
    open('/details/export/order?id=7', (url) => {
      if (url === api(exportOrder.api.saveAndApply)) declared = true;
      if (url === api(exportOrder.api.detail) && declared) return ok({ ...orderRow, appType: '2', state: 'DECLARING' });
      return answer(url);
    });
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    expect(within(head()).queryByText(/报送类型已由/)).toBeNull();
    fireEvent.click(within(toolbar()).getByRole('button', { name: '申报' }));
    await confirmModal();
    expect(await within(head()).findByText(/^报送类型已由“1 新增”自动改为“2 变更”/)).toBeTruthy();
    expect(localStorage.getItem('cbec.prefs.admin.hints.appType')).toBeNull();
  }, 60_000);

  it('the 报送类型 note, once closed (知道了，不再提示), is not shown to that user again', async () => {
    localStorage.removeItem('cbec.prefs.admin.hints.appType');
    let declared = false;
    const answer = standardAnswer();
    open('/details/export/order?id=7', (url) => {
      if (url === api(exportOrder.api.saveAndApply)) declared = true;
      if (url === api(exportOrder.api.detail) && declared) return ok({ ...orderRow, appType: '2', state: 'DECLARING' });
      return answer(url);
    });
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '申报' }));
    await confirmModal();
    await within(head()).findByText(/^报送类型已由/);
    // a calm note, not an error's colour, its link after the sentence's end (issue 31 item 14)
    const note = within(head()).getByRole('status');
    expect(note.textContent).toMatch(/^报送类型已由“[^”]+”自动改为“[^”]+”（单据已申报过，再次申报按此报送） ?知道了，不再提示$/);
    expect(note.lastElementChild?.textContent).toBe('知道了，不再提示');
    expect(note.getAttribute('style') ?? '').toContain('--mantine-color-dimmed');
    expect(note.getAttribute('style') ?? '').not.toMatch(/red|orange/);
    fireEvent.click(within(head()).getByRole('button', { name: '知道了，不再提示' }));
    await waitFor(() => expect(within(head()).queryByText(/^报送类型已由/)).toBeNull());
    expect(localStorage.getItem('cbec.prefs.admin.hints.appType')).toBe('1');
    localStorage.removeItem('cbec.prefs.admin.hints.appType');
  }, 60_000);

  it('a refused save keeps the input and shows the server\'s errors on the field and on the row', async () => {
    const answer = standardAnswer();
    open('/details/export/order?id=7', (url) => (url === api(exportOrder.api.save)
      ? refused('订单编号 SO-009 已存在', { errors: [{ field: 'orderNo', message: '订单编号 SO-009 已存在' }, { field: 'lines.1.itemName', message: '第2行：企业商品名称不正确' }] })
      : answer(url)));
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    fireEvent.change(within(head()).getByPlaceholderText('请填写订单编号'), { target: { value: 'SO-009' } });
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    await confirmModal();
    expect(await within(head()).findByText('订单编号 SO-009 已存在')).toBeTruthy();
    expect((within(head()).getByPlaceholderText('请填写订单编号') as HTMLInputElement).value).toBe('SO-009');
    const row = within(body()).getByText('手机保护壳').closest('tr')!;
    expect(row.getAttribute('data-invalid')).toBe('true');
    fireEvent.click(within(row).getByRole('radio'));
    expect(await within(body()).findByText('第2行：企业商品名称不正确')).toBeTruthy();
  });

  it('删除 with no row selected asks for one; with one it confirms and takes it out', async () => {
    open('/details/export/order?id=7');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    fireEvent.click(within(toolbar()).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('请选择需要删除的数据！')).toBeTruthy();
    fireEvent.click(within(body()).getByRole('radio', { name: '选择第1行' }));
    fireEvent.click(within(toolbar()).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('是否保删除该条记录?')).toBeTruthy();
    await confirmModal();
    await waitFor(() => expect(within(body()).queryByText('蓝牙耳机')).toBeNull());
  });

  it('add mode: 添加, edit mode with the definition\'s and the company\'s defaults; the first save has no id', async () => {
    const seen = open('/details/export/order');
    const section = await screen.findByRole('region', { name: '表头信息' });
    expect(((await within(section).findByPlaceholderText('请填写电商企业代码')) as HTMLInputElement).value).toBe('3301960001');
    expect((within(section).getByPlaceholderText('请填写电商企业名称') as HTMLInputElement).value).toBe('演示跨境电商有限公司');
    expect((within(section).getByPlaceholderText('请填写报文传输编号') as HTMLInputElement).value).toBe('');
    expect((within(section).getByPlaceholderText('请填写运杂费') as HTMLInputElement).value).toBe('0.00');
    expect(document.querySelector('.mantine-Breadcrumbs-root')!.textContent).toContain('添加');
    expect(seen).toEqual([]); // nothing to read for a new bill
    for (const [label, value] of [['订单编号', 'SO-100'], ['电商平台代码', 'EBP1'], ['电商平台名称', '平台'], ['商品金额', '50']] as const) {
      fireEvent.change(within(section).getByPlaceholderText(`请填写${label}`), { target: { value } });
    }
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存' }));
    await confirmModal();
    await screen.findByText('保存成功！');
    const save = seen.find((r) => r.url === api(exportOrder.api.save))!;
    expect(save.data).not.toHaveProperty('id');
    expect(save.data).toMatchObject({ orderNo: 'SO-100', appType: '1', orderType: 'E', currency: '142', dxpMode: 'DXP', dxpId: null, details: [] });
    expect(typeof save.data.startTime).toBe('string');
    // the reload reads the bill the server created
    await waitFor(() => expect(seen.some((r) => r.url === api(exportOrder.api.detail) && r.data.id === '7')).toBe(true));
  });

  it('a new bill\'s form offers 删除 only once it has body rows to delete (issue 31 item 14: it answered 请选择需要删除的数据！)', async () => {
    open('/details/export/order');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByPlaceholderText('请填写订单编号');
    expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).not.toContain('删除');
    await addChargerLine('1');
    expect(await within(body()).findByText('充电线')).toBeTruthy();
    // a row to delete: 删除 is offered and takes it out
    fireEvent.click(within(body()).getByRole('radio', { name: '选择第1行' }));
    fireEvent.click(within(toolbar()).getByRole('button', { name: '删除' }));
    await confirmModal();
    await waitFor(() => expect(within(body()).queryByText('充电线')).toBeNull());
    await waitFor(() => expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).not.toContain('删除'));
  });

  it('保存并申报 checks customs\' rules on the page: the breach is shown on its field with the rule\'s code, nothing is sent', async () => {
    const seen = open('/details/export/order?id=7');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    fireEvent.change(within(head()).getByPlaceholderText('请填写商品金额'), { target: { value: '250' } });
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存并申报' }));
    expect(await within(head()).findByText('商品金额（250）与表体各项商品总价之和（200）不一致（海关规则R102）')).toBeTruthy();
    expect(screen.queryByText('是否保存并申报？')).toBeNull();
    expect(seen.some((r) => r.url === api(exportOrder.api.saveAndApply))).toBe(false);
  });

  it('保存并申报 of a new bill without rows names the rule the server would (表体至少需要1行)', async () => {
    const seen = open('/details/export/order');
    const section = await screen.findByRole('region', { name: '表头信息' });
    for (const [label, value] of [['订单编号', 'SO-101'], ['电商平台代码', 'EBP1'], ['电商平台名称', '平台'], ['商品金额', '50']] as const) {
      fireEvent.change(await within(section).findByPlaceholderText(`请填写${label}`), { target: { value } });
    }
    fireEvent.click(within(toolbar()).getByRole('button', { name: '保存并申报' }));
    expect(await screen.findByText('表体至少需要1行')).toBeTruthy();
    expect(screen.queryByText('是否保存并申报？')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('a head-only bill (收款单): no 表体信息, no 删除, date-time inputs', async () => {
    const receipt = { id: '5', version: 1, state: 'DRAFT', appType: '1', orderNo: 'SO-R1', ebcCode: '3301960001', ebcName: '演示', payName: '支付', charge: 10, currency: '142', accountingDate: '2026-11-20 09:30:00', payerIdNumber: '1', payTime: '2026-11-20 09:00:00', copCode: '3301960001', copName: '演示', dxpMode: 'DXP' };
    open('/details/export/receipt?id=5', () => ok(receipt));
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-R1');
    expect(screen.queryByRole('region', { name: '表体信息' })).toBeNull();
    // viewed: the time as text in the read-only frame; edited: the picker
    expect(within(head()).getByDisplayValue('2026-11-20 09:30:00')).toBeTruthy();
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).toEqual(['保存', '保存并申报', '刷新', '返回']);
    expect(await within(head()).findByText('2026-11-20 09:30:00')).toBeTruthy();
  });

  it('返回 goes to the list tab', async () => {
    open('/details/export/order?id=7');
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '返回' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/bill/export/order');
  });

  it('a bill that cannot be read shows the server\'s message', async () => {
    open('/details/export/order?id=999', () => refused('单据不存在或无权访问'));
    expect((await screen.findAllByText('单据不存在或无权访问')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: '表头信息' })).toBeNull();
  });

  it('a paged body pages by 10 with 上一页/下一页 (pageIndex 1-based)', async () => {
    const paged = { ...exportOrder, lines: { ...exportOrder.lines!, paged: true } };
    const seen: SeenRequest[] = [];
    http.axios.defaults.adapter = immediateAdapter((url, data) => (url === api(exportOrder.api.lines)
      ? ok({ total: 12, datas: data.pageIndex === 1 ? orderLines : [{ ...orderLines[0], id: '21', gnum: 11, itemName: '第二页商品' }] })
      : ok(orderRow)), seen);
    render(<BillDetail definition={paged} bill={{ id: '7', startTime: 's', endTime: 'e' }} />, { route: '/details/export/order?id=7', actor: createTestAuthActor(detailSession()) });
    await within(await screen.findByRole('region', { name: '表体信息' })).findByText('蓝牙耳机');
    expect(seen.find((r) => r.url === api(exportOrder.api.lines))!.data).toEqual({ id: '7', startTime: 's', endTime: 'e', pageIndex: 1, pageSize: 10 });
    expect((within(body()).getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(body()).getByRole('button', { name: '下一页' }));
    expect(await within(body()).findByText('第二页商品')).toBeTruthy();
    expect(within(body()).getByText('第 2 页')).toBeTruthy();
    expect((within(body()).getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
