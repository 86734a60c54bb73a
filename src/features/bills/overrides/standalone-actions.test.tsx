// The bills' own list actions through the rendered list, the real http client and a fake server:
// 汇总 by condition without a selection, 下载数据模板 and 上传Excel, and 汇总申请 of the selected
// inventories (sent as inventoryIds).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportArrivalNote } from '../../../../domain/bills/export-arrival-note.ts';
import { exportDetailedList } from '../../../../domain/bills/export-detailed-list.ts';
import { exportSummaryApplicationForm } from '../../../../domain/bills/export-summary-application-form.ts';
import { importWarehousingDetails } from '../../../../domain/bills/import-warehousing-details.ts';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { billListText } from '../../../../domain/texts/bills.ts';
import type { MenuModule, Session } from '../../../../machines/auth.ts';
import type { BillRow } from '../../../../machines/bill-list.ts';
import { createTestAuthActor, sessionFixture } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import { BillList } from '../list/BillList.tsx';
import { createFakeBackend, Refusal, type FakeBackend } from '../list/testing/fake-backend.ts';

let backend: FakeBackend;
beforeEach(() => {
  backend = createFakeBackend();
});
afterEach(() => vi.restoreAllMocks());

const api = (path: string | undefined) => `/api/enterprise${path}`;

function session(def: BillDefinition): Session {
  const module: MenuModule = {
    id: 900, parentId: 100, uri: `/bill/${def.mode}/${def.key}`, name: def.label, icon: 'bill', code: def.key, sortNo: 1,
    buttonVos: [...def.actions.map((a) => ({ code: a.code, name: a.label })), { code: 'conditionalQuery', name: '条件查询' }],
  };
  const base = sessionFixture();
  return { ...base, modules: [...base.modules, module] };
}

/** The list's reads of `def`, answered with `rows`. */
function serve(def: BillDefinition, rows: BillRow[]) {
  backend
    .on(api(def.api.pageList), () => ({ total: rows.length, datas: rows }))
    .on(api(def.api.queryStateCount), () => [{ state: '800', stateName: '放行', count: rows.length }])
    .on('/api/enterprise/state/list', () => [{ state: '800', stateName: '放行' }])
    .on('/api/dictionary/item/queryByCode', () => [])
    .on('/api/enterprise/bills/jobs/list', () => []);
}

async function show(def: BillDefinition, rows: BillRow[], titleField: string) {
  serve(def, rows);
  render(<BillList definition={def} onNavigate={() => {}} client={backend.client} />, { route: `/bill/${def.mode}/${def.key}`, actor: createTestAuthActor(session(def)) });
  if (rows.length > 0) await screen.findByRole('link', { name: String(rows[0]![titleField]) });
  else await waitFor(() => expect(backend.callsTo(api(def.api.pageList))).toHaveLength(1));
}
const button = (name: string) => screen.getByRole('button', { name });
const choose = async (dialog: HTMLElement, placeholder: string, option: string) => {
  fireEvent.click(within(dialog).getByPlaceholderText(placeholder));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('standalone list actions', { timeout: 30_000 }, () => {
  it('汇总 needs no selection: the summary dialog, the question, then declarationByCondition with the flags and terms', async () => {
    const def = exportSummaryApplicationForm;
    const path = api(def.api.summarizeByCondition);
    backend.on(path, () => ({ total: 3, succeeded: 3, failed: [], created: [{ id: 9, title: 'HZ1' }] }));
    await show(def, [], 'copNo');
    fireEvent.click(button('汇总'));
    const dialog = await screen.findByRole('dialog', { name: '汇总' });
    await choose(dialog, '请选择收发货人汇总标志', '是');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('尚未对可汇总清单进行筛选, 是否进行筛选?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '否' }));
    await waitFor(() => expect(backend.callsTo(path)).toHaveLength(1));
    expect(backend.callsTo(path)[0]!.data).toEqual({ summaryFlag: '1', terms: [] });
    expect(await screen.findByText('申请成功')).toBeTruthy();
    // the list reloads: the made application shows
    await waitFor(() => expect(backend.callsTo(api(def.api.pageList))).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '汇总' })).toBeNull());
  });

  it('汇总 shows the server\'s refusals', async () => {
    const def = exportSummaryApplicationForm;
    const path = api(def.api.summarizeByCondition);
    backend.on(path, () => ({ total: 1, succeeded: 0, failed: [{ id: 1, title: 'C1', message: '汇总申请：请填写报关单位代码' }], created: [] }));
    await show(def, [], 'copNo');
    fireEvent.click(button('汇总'));
    const dialog = await screen.findByRole('dialog', { name: '汇总' });
    await choose(dialog, '请选择收发货人汇总标志', '全部');
    fireEvent.change(within(dialog).getByPlaceholderText('请填写电商企业代码'), { target: { value: '3301960001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('C1：汇总申请：请填写报关单位代码')).toBeTruthy();
    expect(backend.callsTo(path)[0]!.data).toEqual({ summaryFlag: '2', terms: [{ column: 'ebc_code', termType: 'eq', value: '3301960001' }] });
  });

  it('下载数据模板 opens the template; 上传Excel checks the name, uploads, sends the filePath and reloads', async () => {
    const def = exportArrivalNote;
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    backend
      .on(api(def.api.downloadUploadTemplate), () => ({ downloadUri: '/api/files/download/t/运抵单数据模板.xlsx' }))
      .on('/api/jwt_core/validate', () => ({ valid: true }))
      .on('/api/file/upload', (form: FormData) => [{ uri: `upload/${(form.get('file') as File).name}`, name: (form.get('file') as File).name }])
      .on(api(def.api.uploadTemplate), () => ({ total: 1, created: [{ id: 5, title: 'YD1' }] }));
    await show(def, [{ id: 1, copNo: 'YD0', state: '800', stateName: '放行' }], 'copNo');
    fireEvent.click(button('下载数据模板'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/files/download/t/运抵单数据模板.xlsx?ticket=fake-ticket', '_blank', 'noopener'));
    fireEvent.click(button('上传Excel'));
    const dialog = await screen.findByRole('dialog', { name: '上传Excel' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '运抵单.xls')] } });
    expect(within(dialog).getByText('运抵单.xls：请将文件另存为 .xlsx 后上传')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '上传' }) as HTMLButtonElement).disabled).toBe(true);
    // a second download of the template, as Chrome names it, is taken as named (issue 31 item 3)
    fireEvent.change(input, { target: { files: [new File(['x'], '运抵单数据模板 (1).xlsx')] } });
    expect(within(dialog).getByText('运抵单数据模板 (1).xlsx')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '上传' }));
    await waitFor(() => expect(backend.callsTo(api(def.api.uploadTemplate))).toHaveLength(1));
    expect(backend.callsTo('/api/jwt_core/validate')).toHaveLength(1);
    expect(backend.callsTo(api(def.api.uploadTemplate))[0]!.data).toEqual({ filePath: 'upload/运抵单数据模板 (1).xlsx' });
    expect(await screen.findByText('上传数据成功')).toBeTruthy();
    await waitFor(() => expect(backend.callsTo(api(def.api.pageList))).toHaveLength(2));
  });

  it('上传Excel refused row by row keeps the dialog open with a table of row, column and problem', async () => {
    const def = importWarehousingDetails;
    const rows = [{ row: 3, column: '物流运单编号', message: '请填写物流运单编号' }, { row: 5, column: '卸货库位', message: '卸货库位与同一单据（RKD1）的首行不一致' }];
    backend
      .on('/api/jwt_core/validate', () => ({ valid: true }))
      .on('/api/file/upload', (form: FormData) => [{ uri: `upload/${(form.get('file') as File).name}`, name: (form.get('file') as File).name }])
      .on(api(def.api.uploadTemplate), () => { throw new Refusal('第3行：请填写物流运单编号；第5行：卸货库位与同一单据（RKD1）的首行不一致', -1, { rows }); });
    await show(def, [{ id: 1, copNo: 'RKD0', state: 'DRAFT', stateName: '暂存' }], 'copNo');
    fireEvent.click(button('上传Excel'));
    const dialog = await screen.findByRole('dialog', { name: '上传Excel' });
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['x'], '入库明细_1.xlsx')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: '上传' }));
    const table = await within(dialog).findByRole('table', { name: '文件未导入：以下2处不符合要求，请修改后重新上传' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['行号列问题', '3物流运单编号请填写物流运单编号', '5卸货库位卸货库位与同一单据（RKD1）的首行不一致']);
    // nothing was made: the list is not reloaded and the dialog stays for another file
    expect(backend.callsTo(api(def.api.pageList))).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '上传Excel' })).toBeTruthy();
  });

  it('汇总申请 of selected inventories sends them as inventoryIds with the flags', async () => {
    const def = exportDetailedList;
    const path = api(def.api.summarize);
    backend.on(path, (d: { inventoryIds: number[] }) => ({ total: d.inventoryIds.length, succeeded: d.inventoryIds.length, failed: [], created: [] }));
    await show(def, [{ id: 7, copNo: 'C7', state: '800', stateName: '放行' }, { id: 8, copNo: 'C8', state: 'DRAFT', stateName: '暂存' }], 'copNo');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    // the export inventory list has more actions than fit: 汇总申请 is under 更多操作
    fireEvent.click(button('更多操作'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '汇总申请' }));
    const dialog = await screen.findByRole('dialog', { name: '汇总申请' });
    // the draft cannot be summarised: the lifecycle leaves it out
    expect(within(dialog).getByText('C8（暂存）')).toBeTruthy();
    await choose(dialog, '请选择收发货人汇总标志', '全部');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(backend.callsTo(path)).toHaveLength(1));
    expect(backend.callsTo(path)[0]!.data).toMatchObject({ summaryFlag: '2', inventoryIds: [7] });
    expect(backend.callsTo(path)[0]!.data).not.toHaveProperty('ids');
    // one bill was left out: that is worth the result dialog (saying so), not a bare 申请成功 toast
    const result = await screen.findByRole('dialog', { name: '汇总申请结果' });
    expect(within(result).getByText(billListText.resultSummary(1, 1, 0))).toBeTruthy();
    expect(within(result).getByText(billListText.notSubmitted(1))).toBeTruthy();
  });
});

describe('the export inventory list', { timeout: 30_000 }, () => {
  it('filters trade_mode by one choice of 出口9610 / 出口1210 (bills §3)', async () => {
    const def = exportDetailedList;
    await show(def, [{ id: 7, copNo: 'C7', state: '800', stateName: '放行' }], 'copNo');
    fireEvent.click(button('高级搜索'));
    const dialog = await screen.findByRole('dialog', { name: '条件查询' });
    fireEvent.click(within(dialog).getByPlaceholderText('请选择贸易方式'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['出口9610', '出口1210']);
    fireEvent.click(screen.getByRole('option', { name: '出口1210' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(backend.callsTo(api(def.api.pageList))).toHaveLength(2));
    expect((backend.callsTo(api(def.api.pageList))[1]!.data as { terms: unknown[] }).terms).toContainEqual({ column: 'trade_mode', termType: 'eq', value: '1210' });
  });
});
