import { describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { rowFields } from '../features/bills/shared/row-fields.ts';
import { fireEvent, render, screen, within } from '../testing/render.tsx';
import { DefinitionTable } from './DefinitionTable.tsx';
import { cellText, type TableRecord } from './DefinitionTableCells.tsx';
import { windowFor } from './DefinitionTableWindow.tsx';

const fields = rowFields(exportOrder);
const codeNames = new Map([['currency', new Map([['142', '人民币']])]]);
const row = (id: number): TableRecord => ({ id, orderNo: `SO${id}`, currency: '142', goodsValue: id * 10, stateName: '暂存' });

describe('cellText', () => {
  it('shows coded values by name, fixed options by label, others as they are', () => {
    expect(cellText(fields.get('currency'), '142', codeNames)).toBe('人民币');
    expect(cellText(fields.get('currency'), '999', codeNames)).toBe('999');
    expect(cellText(fields.get('orderType'), 'E', codeNames)).toBe('E 跨境电商B2C出口');
    expect(cellText(fields.get('orderNo'), null, codeNames)).toBe('');
  });

  it('shows money with thousands separators and two decimals, whatever form the value came in', () => {
    expect(cellText(fields.get('goodsValue'), 422.5, codeNames)).toBe('422.50');
    expect(cellText(fields.get('goodsValue'), '1835', codeNames)).toBe('1,835.00');
    expect(cellText(fields.get('goodsValue'), '519.00000', codeNames)).toBe('519.00');
  });
});

describe('windowFor', () => {
  it('keeps the rows around the viewport, in steps of 10 from an even row', () => {
    expect(windowFor(0, 600, 30, 500)).toEqual({ first: 0, last: 40 });
    expect(windowFor(3000, 600, 30, 500)).toEqual({ first: 80, last: 140 });
    expect(windowFor(15000, 600, 30, 500)).toEqual({ first: 480, last: 500 });
    expect(windowFor(0, 600, 30, 12)).toEqual({ first: 0, last: 12 });
  });
});

describe('DefinitionTable', () => {
  type Props = Partial<Parameters<typeof DefinitionTable<TableRecord>>[0]>;
  function show(props: Props = {}) {
    const onSort = vi.fn();
    const onChange = vi.fn();
    const onNavigate = vi.fn();
    const records = Array.from({ length: 5 }, (_, i) => row(i + 1));
    const table = (more: Props) => (
      <div style={{ height: 400 }}>
        <DefinitionTable<TableRecord>
          columns={exportOrder.list.columns}
          fields={fields}
          records={records}
          codeNames={codeNames}
          sorts={[{ name: 'app_time', order: 'desc' }]}
          onSort={onSort}
          firstIndex={11}
          indexTitle="序号"
          selection={{ selected: [], onChange }}
          selectTitle={(r) => `选择 ${String(r.orderNo)}`}
          linkOf={(r) => `/details/export/order?id=${r.id}`}
          onNavigate={onNavigate}
          {...props}
          {...more}
        />
      </div>
    );
    const { rerender } = render(table({}));
    return { onSort, onChange, onNavigate, records, rerender: (more: Props) => rerender(table(more)) };
  }

  it('labels headers from the definition, numbers right, codes by name, index from firstIndex', () => {
    show();
    const head = document.querySelector('thead')!;
    expect(within(head as HTMLElement).getByText('商品金额')).toBeTruthy();
    expect(within(head as HTMLElement).getByText('状态')).toBeTruthy();
    const first = screen.getByRole('link', { name: 'SO1' }).closest('tr')!;
    expect(within(first).getByText('11')).toBeTruthy();
    expect(within(first).getByText('人民币')).toBeTruthy();
    // money as the lists read it (number-format.ts): two decimals, right-aligned
    expect(within(first).getByText('10.00').className).toContain('text-align-right');
  });

  it('sorts by the snake_case name of the clicked column', () => {
    const { onSort } = show();
    fireEvent.click(screen.getByRole('button', { name: /^创建时间/ }));
    expect(onSort).toHaveBeenCalledWith([{ name: 'create_time', order: 'desc' }]);
  });

  it('selects a row and a shift-clicked range', () => {
    const { onChange, records } = show();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO2' }));
    expect(onChange).toHaveBeenLastCalledWith([records[1]]);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 SO4' }), { shiftKey: true });
    // the selection prop did not change (controlled): the range is 2..4 from the last click
    expect(onChange).toHaveBeenLastCalledWith([records[1], records[2], records[3]]);
  });

  it('navigates on a plain click, and leaves modified clicks (new tab) to the browser', () => {
    const { onNavigate } = show();
    const link = screen.getByRole('link', { name: 'SO3' });
    fireEvent.click(link, { ctrlKey: true });
    expect(onNavigate).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/details/export/order?id=3');
  });

  it('shows a dragged width and 恢复默认 at once, the grip sits on the header cell', () => {
    const onResize = vi.fn();
    const { rerender } = show({ settings: { hidden: [], widths: {} }, onResize });
    const header = () => document.querySelector<HTMLElement>('thead th[data-accessor="ebpName"]')!;
    const before = header().style.width;
    expect(before).toBe('200px');
    // mantine-datatable keeps the width it first saw: a new one must still reach the header
    rerender({ settings: { hidden: [], widths: { ebpName: 280 } }, onResize });
    // (the body follows the header: fixed table layout)
    expect(header().style.width).toBe('280px');
    rerender({ settings: { hidden: [], widths: {} }, onResize });
    expect(header().style.width).toBe(before);
    // inside the header cell, not the title's ellipsis box (overflow: hidden) that would clip it
    const grip = screen.getByRole('separator', { name: '调整“电商平台名称”列宽' });
    expect(header().style.position).toBe('relative');
    expect(grip.style.right).toBe('0px');
    let box: HTMLElement | null = grip.parentElement;
    while (box && box !== header()) {
      expect(box.style.position).not.toBe('relative');
      box = box.parentElement;
    }
  });
});
