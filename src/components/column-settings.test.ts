import { describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { columnSettingsKey, readColumnSettings } from './column-settings.ts';
import { orderedColumns } from '../../domain/bills/list-order.ts';

describe('column settings', () => {
  it('are kept per user and list, and a malformed value counts as no choice', () => {
    const key = columnSettingsKey('admin', 'export.order');
    expect(key).toBe('cbec.prefs.admin.columns.export.order');
    localStorage.setItem(key, JSON.stringify({ hidden: ['ebpName', 3], widths: { orderNo: 20.4, ebcName: 'x' } }));
    expect(readColumnSettings(key)).toEqual({ hidden: ['ebpName'], widths: { orderNo: 48 } });
    localStorage.setItem(key, '{oops');
    expect(readColumnSettings(key)).toEqual({ hidden: [], widths: {} });
    expect(readColumnSettings(columnSettingsKey('other', 'export.order'))).toEqual({ hidden: [], widths: {} });
  });

  it('order the table: the number and 状态 pinned first, 回执信息 next, hidden ones out (never a pinned one)', () => {
    const fields = orderedColumns(exportOrder.list.columns, ['ebpName', 'stateName']).map((c) => c.field);
    expect(fields).toEqual(['orderNo', 'stateName', 'returnInfo', 'ebcName', 'goodsValue', 'currency', 'appTime', 'createTime']);
  });
});
