import { describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportColumns } from './export-columns.ts';
import { billModel } from './model.ts';

const cellsOf = (columns: ReturnType<typeof exportColumns>, values: unknown[]) => columns.map((c) => c.cell(values[c.source]));

describe('exportColumns', () => {
  it('writes what the list shows: 币制 by name, money as a number formatted 1,835.00', () => {
    const model = billModel(exportOrder);
    const columns = exportColumns(model);
    const at = (label: string) => columns.findIndex((c) => c.header === label);
    const values = exportOrder.list.columns.map((c) => ({ currency: '142', goodsValue: '1835.00000', orderNo: 'SO1' })[c.field] ?? null);
    const cells = cellsOf(columns, values);
    expect(cells[at('币制')]).toEqual({ value: '人民币' });
    expect(cells[at('商品金额')]).toEqual({ value: 1835, numFmt: '#,##0.00' });
    expect(cells[at('订单编号')]).toEqual({ value: 'SO1' });
    // no data template: no code columns
    expect(columns.map((c) => c.header)).not.toContain('币制（代码）');
  });

  it('keeps the code beside the name of a coded column the data template takes (运抵单 申报地海关代码)', () => {
    const model = billModel(exportArrivalNote);
    const columns = exportColumns(model);
    const headers = columns.map((c) => c.header);
    const at = headers.indexOf('申报地海关代码');
    expect(headers[at + 1]).toBe('申报地海关代码（代码）');
    const values = exportArrivalNote.list.columns.map((c) => (c.field === 'customsCode' ? '3105' : null));
    const cells = cellsOf(columns, values);
    expect(cells[at + 1]).toEqual({ value: '3105' });
    expect(cells[at]!.value).not.toBe('3105');
  });
});
