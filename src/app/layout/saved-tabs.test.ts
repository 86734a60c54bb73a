import { describe, expect, it } from 'vitest';
import type { MenuModule } from '../../../machines/auth.ts';
import { restoreTabs, savedTabsKey, saveTabs } from './saved-tabs.ts';
import { initialTabs, openTab, pinTab, retitleTab } from './tabs.ts';

const m = (id: number, uri: string, name: string): MenuModule => ({ id, parentId: -1, uri, name, sortNo: id });
const orders = m(1, '/bill/export/order', '出口订单');
const settings = m(2, '/parametersSetting', '参数设置');
const title = (key: string) => `T${key}`;

function strip() {
  let s = initialTabs('首页');
  s = openTab(s, { key: '/bill/export/order', title: '出口订单' });
  s = openTab(s, { key: '/details/export/order?id=3', title: '出口订单 详情' });
  s = retitleTab(s, '/details/export/order?id=3', 'SO3', '出口订单 详情');
  s = openTab(s, { key: '/parametersSetting', title: '参数设置' });
  s = openTab(s, { key: '/enterprise', title: '企业信息' });
  s = pinTab(s, '/parametersSetting', true);
  return openTab(s, { key: '/bill/export/order', title: '出口订单' });
}

describe('the strip kept across a reload', () => {
  it('comes back in its order, with pins, names, recency and the active tab', () => {
    const s = strip();
    saveTabs('alice', s, [orders, settings]);
    const back = restoreTabs('alice', [orders, settings], '/home', '首页', title);
    expect(back).toEqual({
      tabs: [
        { key: '/home', title: '首页' },
        { key: '/parametersSetting', title: 'T/parametersSetting', pinned: true },
        { key: '/bill/export/order', title: 'T/bill/export/order' },
        { key: '/details/export/order?id=3', title: 'SO3', named: true },
        { key: '/enterprise', title: 'T/enterprise' },
      ],
      activeKey: '/bill/export/order',
      recent: s.recent,
    });
  });

  it('drops the pages whose module the user lost, keeps pages outside modules, belongs to its user', () => {
    saveTabs('alice', strip(), [orders, settings]);
    expect(restoreTabs('alice', [settings], '/home', '首页', title)?.tabs.map((t) => t.key)).toEqual(['/home', '/parametersSetting', '/enterprise']);
    expect(restoreTabs('alice', [orders], '/home', '首页', title)).toMatchObject({ activeKey: '/bill/export/order' });
    expect(restoreTabs('bob', [orders, settings], '/home', '首页', title)).toBeNull();
  });

  it('puts the session’s own home first, whatever was saved, and no /home where the session has none', () => {
    saveTabs('op', strip(), [orders, settings]);
    const back = restoreTabs('op', [settings, m(3, '/review/filing', '备案审核')], '/review/filing', '备案审核', title);
    expect(back?.tabs.map((t) => t.key)).toEqual(['/review/filing', '/parametersSetting', '/enterprise']);
    expect(back?.activeKey).toBe('/review/filing');
  });

  it('reads anything else stored there as nothing saved, or skips the entries that are not tabs', () => {
    for (const bad of ['{', 'null', '[]', '{"tabs":3}']) {
      sessionStorage.setItem(savedTabsKey('x'), bad);
      expect(restoreTabs('x', [orders], '/home', '首页', title)).toBeNull();
    }
    sessionStorage.setItem(savedTabsKey('x'), JSON.stringify({ tabs: [{ key: 'http://evil', title: 'e' }, { key: '/enterprise', title: 1 }, null, { key: '/enterprise', title: 'E' }] }));
    expect(restoreTabs('x', [orders], '/home', '首页', title)).toEqual({
      tabs: [{ key: '/home', title: '首页' }, { key: '/enterprise', title: 'T/enterprise' }], activeKey: '/home', recent: ['/home', '/enterprise'],
    });
  });
});
