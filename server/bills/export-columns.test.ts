import { describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { importDetailedList } from '../../domain/bills/import-detailed-list.ts';
import { exportColumns } from './export-columns.ts';
import { billModel } from './model.ts';

const cellsOf = (columns: ReturnType<typeof exportColumns>, values: unknown[]) => columns.map((c) => c.cell(values[c.source]));

describe('exportColumns', () => {
  it('writes what the list shows, codes as "code name": 币制 142 人民币, money as a number formatted 1,835.00', () => {
    const model = billModel(exportOrder);
    const columns = exportColumns(model);
    const at = (label: string) => columns.findIndex((c) => c.header === label);
    const values = exportOrder.list.columns.map((c) => ({ currency: '142', goodsValue: '1835.00000', orderNo: 'SO1' })[c.field] ?? null);
    const cells = cellsOf(columns, values);
    expect(cells[at('币制')]).toEqual({ value: '142 人民币' });
    expect(cells[at('商品金额')]).toEqual({ value: 1835, numFmt: '#,##0.00' });
    expect(cells[at('订单编号')]).toEqual({ value: 'SO1' });
    // a code the table does not know reads alone
    expect(cellsOf(columns, values.map((v) => (v === '142' ? '999' : v)))[at('币制')]).toEqual({ value: '999' });
  });

  it('has the screen\'s columns in the screen\'s order: the number and 状态 first, then 回执信息, hidden ones out', () => {
    const headers = (hidden?: string[]) => exportColumns(billModel(exportOrder), hidden).map((c) => c.header);
    expect(headers()).toEqual(['订单编号', '状态', '回执信息', '电商平台名称', '电商企业名称', '商品金额', '币制', '申报时间', '创建时间']);
    expect(headers(['currency', 'orderNo'])).toEqual(['订单编号', '状态', '回执信息', '电商平台名称', '电商企业名称', '商品金额', '申报时间', '创建时间']);
  });

  it('keeps options whose labels carry their code as they are (贸易方式 9610 直购进口), and no separate code columns', () => {
    const columns = exportColumns(billModel(importDetailedList));
    const at = (label: string) => columns.findIndex((c) => c.header === label);
    const values = importDetailedList.list.columns.map((c) => ({ tradeMode: '9610', customsCode: '3105' })[c.field] ?? null);
    const cells = cellsOf(columns, values);
    expect(cells[at('贸易方式')]).toEqual({ value: '9610 直购进口' });
    expect(cells[at('申报地海关代码')]).toEqual({ value: '3105 甬保税区' });
    // 运抵单's data template takes 申报地海关代码: its code is in the cell, not in a column the screen lacks
    expect(exportColumns(billModel(exportArrivalNote)).map((c) => c.header).filter((h) => h.includes('（代码）'))).toEqual([]);
  });
});
