import { describe, expect, it } from 'vitest';
import { markChanged, tabShowsBill, visited } from './tab-marks.ts';
import { initialTabs, openTab } from './tabs.ts';

const bill = { mode: 'export', key: 'order', id: 12 };
const detail = '/details/export/order?id=12&startTime=2026-11-01&endTime=2026-11-30';

describe('tab marks', () => {
  it('a detail tab shows the bill of its mode, key and id only', () => {
    expect(tabShowsBill(detail, bill)).toBe(true);
    expect(tabShowsBill('/details/export/order?id=120', bill)).toBe(false);
    expect(tabShowsBill('/details/import/order?id=12', bill)).toBe(false);
    expect(tabShowsBill('/details/export/order', bill)).toBe(false);
    expect(tabShowsBill('/bill/export/order', bill)).toBe(false);
  });

  it('marks the tab of the changed bill while another is looked at, until it is visited', () => {
    let s = openTab(initialTabs('首页'), { key: detail, title: '出口订单 详情' });
    s = openTab(s, { key: '/bill/export/order', title: '出口订单' });
    s = markChanged(s, bill);
    expect(s.tabs.map((t) => t.changed ?? false)).toEqual([false, true, false]);
    expect(markChanged(s, bill)).toBe(s);
    s = visited(openTab(s, { key: detail, title: '出口订单 详情' }));
    expect(s.tabs.map((t) => t.changed ?? false)).toEqual([false, false, false]);
  });

  it('the tab being looked at is not marked; another bill marks nothing', () => {
    const s = openTab(initialTabs('首页'), { key: detail, title: '出口订单 详情' });
    expect(markChanged(s, bill)).toBe(s);
    const other = openTab(s, { key: '/home', title: '首页' });
    expect(markChanged(other, { ...bill, id: 13 })).toBe(other);
    expect(visited(other)).toBe(other);
  });
});
