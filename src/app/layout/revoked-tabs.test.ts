import { describe, expect, it } from 'vitest';
import type { MenuModule } from '../../../machines/auth.ts';
import { revokedTabs } from './revoked-tabs.ts';

const m = (id: number, uri: string): MenuModule => ({ id, parentId: -1, uri, name: uri, sortNo: id });
const orders = m(1, '/bill/export/order');
const settings = m(2, '/parametersSetting');

describe('revokedTabs', () => {
  it('names the open pages whose module left the menu; pages of kept modules and pages outside modules stay', () => {
    const tabs = [
      { key: '/home', title: '首页' },
      { key: '/parametersSetting', title: '参数设置' },
      { key: '/bill/export/order?state=1', title: '出口订单' },
      { key: '/details/export/order?id=3', title: '订单 3' },
    ];
    expect(revokedTabs(tabs, [orders, settings], [orders]).map((t) => t.key)).toEqual(['/parametersSetting']);
    expect(revokedTabs(tabs, [orders, settings], [settings]).map((t) => t.key)).toEqual(['/bill/export/order?state=1', '/details/export/order?id=3']);
    const same = [orders];
    expect(revokedTabs(tabs, same, same)).toEqual([]);
    expect(revokedTabs(tabs, [orders], [orders, settings])).toEqual([]);
  });
});
