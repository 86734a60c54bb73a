// The form dialog of the list actions, with the real action words of the definitions: 生成运抵单's
// operator, 批量离境's leaveTime, and the summary dialogs (flags 全部 2 / 是 1 / 否 0, the question
// 尚未对可汇总清单进行筛选, 是否进行筛选? when nothing filters).
import { describe, expect, it, vi } from 'vitest';
import { exportDetailedList } from '../../../../domain/bills/export-detailed-list.ts';
import { exportSummaryApplicationForm } from '../../../../domain/bills/export-summary-application-form.ts';
import type { ActionDef } from '../../../../domain/bills/types.ts';
import type { BillRow, PendingAction } from '../../../../machines/bill-list.ts';
import { fireEvent, render, screen } from '../../../testing/render.tsx';
import { ActionFormDialog, filterTerms } from './ActionFormDialog.tsx';

const actionOf = (actions: readonly ActionDef[], code: string) => actions.find((a) => a.code === code)!;
const delivery = actionOf(exportDetailedList.actions, 'exportDelivery');
const departure = actionOf(exportDetailedList.actions, 'bulkDeparture');
const summarise = actionOf(exportDetailedList.actions, 'summary');
const byCondition = actionOf(exportSummaryApplicationForm.actions, 'summary');

const row = (id: number, copNo: string, stateName = '放行'): BillRow => ({ id, copNo, state: '800', stateName });

function show(action: ActionDef, pending: Partial<PendingAction> = {}) {
  const onSubmit = vi.fn<(values: Record<string, string>) => void>();
  const onCancel = vi.fn();
  render(
    <ActionFormDialog
      definition={exportDetailedList}
      pending={{ action, rows: [row(1, 'C1'), row(2, 'C2')], excluded: [], ...pending }}
      titleOf={(r) => String(r.copNo)}
      client={undefined as never}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />,
  );
  return { onSubmit, onCancel };
}
const confirm = () => fireEvent.click(screen.getByRole('button', { name: '确定' }));
const choose = async (placeholder: string, option: string) => {
  fireEvent.click(screen.getByPlaceholderText(placeholder));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('ActionFormDialog', () => {
  it('生成运抵单: names the rows going and those left out, asks the operator, sends the answers', () => {
    const { onSubmit } = show(delivery, { rows: [row(1, 'C1')], excluded: [row(3, 'C3', '暂存')] });
    expect(screen.getByText('将提交 1 条单据。')).toBeTruthy();
    expect(screen.getByText('其中 1 条单据的状态不允许生成运抵单，已排除：')).toBeTruthy();
    expect(screen.getByText('C3（暂存）')).toBeTruthy();
    confirm();
    expect(screen.getByText('请填写监管场所经营人代码')).toBeTruthy();
    expect(screen.getByText('请填写境内运输工具编号')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('请填写监管场所经营人代码'), { target: { value: ' 3105980001 ' } });
    fireEvent.change(screen.getByPlaceholderText('请填写监管场所经营人名称'), { target: { value: '宁波空港监管场所' } });
    fireEvent.change(screen.getByPlaceholderText('请填写境内运输工具编号'), { target: { value: '浙B12345' } });
    confirm();
    expect(onSubmit).toHaveBeenCalledWith({ operatorCode: '3105980001', operatorName: '宁波空港监管场所', domesticTrafNo: '浙B12345' });
  });

  it('批量离境: leaveTime is required', () => {
    const { onSubmit, onCancel } = show(departure);
    expect(screen.getByText('离境时间')).toBeTruthy();
    confirm();
    // the placeholder, and the error under the field naming it
    expect(screen.getAllByText('请选择日期时间')).toHaveLength(1);
    expect(screen.getByText('请选择离境时间')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('refuses to go on when the lifecycle left no row', () => {
    show(departure, { rows: [], excluded: [row(3, 'C3', '暂存')] });
    expect(screen.getByText('选中单据的状态均不允许批量离境。')).toBeTruthy();
    expect((screen.getByRole('button', { name: '确定' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('汇总申请: the consignor flag is required, the item-name flag not; options 全部 / 是 / 否', async () => {
    const { onSubmit } = show(summarise);
    confirm();
    expect(screen.getByText('请选择收发货人汇总标志')).toBeTruthy();
    expect(screen.queryByText('请选择按商品名汇总标志', { selector: '.mantine-InputWrapper-error' })).toBeNull();
    fireEvent.click(screen.getByPlaceholderText('请选择收发货人汇总标志'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['全部', '是', '否']);
    fireEvent.click(screen.getByRole('option', { name: '全部' }));
    confirm();
    expect(onSubmit).toHaveBeenCalledWith({ summaryFlag: '2' });
  });

  it('汇总 by condition: with nothing filtering it asks first; 是 goes back to the filter, 否 goes on', async () => {
    const { onSubmit } = show(byCondition, { rows: [], excluded: [] });
    expect(screen.queryByText(/将提交/)).toBeNull();
    expect(screen.getByText('可汇总清单筛选')).toBeTruthy();
    await choose('请选择收发货人汇总标志', '是');
    await choose('请选择按商品名汇总标志', '否');
    confirm();
    expect(screen.getByText('尚未对可汇总清单进行筛选, 是否进行筛选?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '是' }));
    expect(screen.queryByText('尚未对可汇总清单进行筛选, 是否进行筛选?')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    confirm();
    fireEvent.click(screen.getByRole('button', { name: '否' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ summaryFlag: '1', itemNameFlag: '0' });
  });

  it('汇总 by condition with a filter goes at once, the filter as terms', async () => {
    const { onSubmit } = show(byCondition, { rows: [], excluded: [] });
    await choose('请选择收发货人汇总标志', '全部');
    fireEvent.change(screen.getByPlaceholderText('请填写电商企业代码'), { target: { value: '3301960001' } });
    confirm();
    expect(screen.queryByText('尚未对可汇总清单进行筛选, 是否进行筛选?')).toBeNull();
    const values = onSubmit.mock.calls[0]![0];
    expect(values).toEqual({ summaryFlag: '2', ebcCode: '3301960001' });
    expect(filterTerms(byCondition, values)).toEqual([{ column: 'ebc_code', termType: 'eq', value: '3301960001' }]);
    expect(filterTerms(byCondition, { appTimeFrom: '2026-01-01 00:00:00', appTimeTo: '2026-01-31 23:59:59' })).toEqual([
      { column: 'app_time', termType: 'gte', value: '2026-01-01 00:00:00' },
      { column: 'app_time', termType: 'lte', value: '2026-01-31 23:59:59' },
    ]);
  });
});
