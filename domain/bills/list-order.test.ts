import { describe, expect, it } from 'vitest';
import { exportOrder } from './export-order.ts';
import { hiddenColumnsOf, orderedColumns } from './list-order.ts';
import { codeNameText, exportCellText, listCellText } from './cell-text.ts';

describe('the list\'s column order', () => {
  it('puts the number and 状态 first, 回执信息 next, and leaves out hidden ones but never a pinned one', () => {
    expect(orderedColumns(exportOrder.list.columns, ['ebpName', 'stateName']).map((c) => c.field))
      .toEqual(['orderNo', 'stateName', 'returnInfo', 'ebcName', 'goodsValue', 'currency', 'appTime', 'createTime']);
  });

  it('reads the hidden columns of a request leniently', () => {
    expect(hiddenColumnsOf({ hiddenColumns: ['a', 3, 'b'] })).toEqual(['a', 'b']);
    expect(hiddenColumnsOf({ hiddenColumns: 'a' })).toEqual([]);
    expect(hiddenColumnsOf(null)).toEqual([]);
  });
});

describe('exported code cells', () => {
  const names = () => new Map([['142', '人民币'], ['9610', '9610 直购进口']]);
  const currency = { name: 'currency', label: '币制', kind: 'select', codeTable: 'currency' } as const;
  it('read "code name" where the list reads the name', () => {
    expect(listCellText(currency, '142', names)).toBe('人民币');
    expect(exportCellText(currency, '142', names)).toBe('142 人民币');
    expect(exportCellText(currency, '9610', names)).toBe('9610 直购进口');
    expect(exportCellText(currency, '000', names)).toBe('000');
    expect(exportCellText(currency, null, names)).toBe('');
    expect(codeNameText('142', '')).toBe('142');
  });
});
