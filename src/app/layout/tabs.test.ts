import { describe, expect, it } from 'vitest';
import {
  closeTab, closeTabs, HOME_PATH, homePathOf, initialTabs, isClosable, openTab, othersThan, pinTab, renamedFrom, renameTab, retitleTab, tabRename, tabsOverCap,
  type TabsState,
} from './tabs.ts';

/** The strip as shown: tabs and the active one (the recency order is tested on its own). */
const strip = ({ tabs, activeKey }: TabsState) => ({ tabs, activeKey });

describe('tabs', () => {
  const start = initialTabs('首页');

  it('start with home, which is never closable', () => {
    expect(strip(start)).toEqual({ tabs: [{ key: HOME_PATH, title: '首页' }], activeKey: HOME_PATH });
    expect(isClosable(HOME_PATH)).toBe(false);
    expect(closeTab(start, HOME_PATH)).toBe(start);
  });

  it('open appends and activates; opening an open page only activates it', () => {
    let s = openTab(start, { key: '/a', title: 'A' });
    s = openTab(s, { key: '/b', title: 'B' });
    expect(s.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/b']);
    s = openTab(s, { key: '/a', title: 'A' });
    expect(s.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/b']);
    expect(s.activeKey).toBe('/a');
  });

  it('closing the active tab activates its left neighbour; closing another keeps the active one', () => {
    let s = openTab(openTab(openTab(start, { key: '/a', title: 'A' }), { key: '/b', title: 'B' }), { key: '/c', title: 'C' });
    s = closeTab(s, '/c');
    expect(strip(s)).toEqual({ tabs: [{ key: HOME_PATH, title: '首页' }, { key: '/a', title: 'A' }, { key: '/b', title: 'B' }], activeKey: '/b' });
    s = closeTab(s, '/a');
    expect(s.activeKey).toBe('/b');
    s = closeTab(s, '/b');
    expect(strip(s)).toEqual(strip(start));
  });

  it('a renamed tab keeps its place and becomes active; without the old tab the new one opens', () => {
    const s = openTab(openTab(openTab(start, { key: '/a', title: 'A' }), { key: '/b', title: 'B' }), { key: '/c', title: 'C' });
    expect(strip(renameTab(s, '/b', { key: '/b?id=1', title: 'B 详情' }))).toEqual({
      tabs: [{ key: HOME_PATH, title: '首页' }, { key: '/a', title: 'A' }, { key: '/b?id=1', title: 'B 详情' }, { key: '/c', title: 'C' }],
      activeKey: '/b?id=1',
    });
    expect(renameTab(s, '/gone', { key: '/d', title: 'D' })).toEqual(openTab(s, { key: '/d', title: 'D' }));
    // the new address already open elsewhere: one tab for it, where the renamed one stood
    expect(renameTab(s, '/b', { key: '/c', title: 'C2' }).tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/c']);
  });

  it('reads the rename from a navigation’s state', () => {
    expect(renamedFrom(tabRename('/details/export/order'))).toBe('/details/export/order');
    expect(renamedFrom(null)).toBeNull();
    expect(renamedFrom({ renamesTab: 3 })).toBeNull();
  });

  const opened = (...keys: string[]) => keys.reduce((s, k) => openTab(s, { key: k, title: k.slice(1).toUpperCase() }), start);

  it('a page names its own tab (its bill number); the address no longer retitles it; empty gives it back', () => {
    let s = retitleTab(opened('/d?id=1'), '/d?id=1', 'SO20261126001', '出口订单 详情');
    expect(s.tabs[1]).toEqual({ key: '/d?id=1', title: 'SO20261126001', named: true });
    s = openTab(openTab(s, { key: '/a', title: 'A' }), { key: '/d?id=1', title: '出口订单 详情' });
    expect(s.tabs[1]!.title).toBe('SO20261126001');
    s = retitleTab(s, '/d?id=1', '', '出口订单 详情');
    expect(s.tabs[1]).toEqual({ key: '/d?id=1', title: '出口订单 详情', named: false });
    expect(retitleTab(s, '/gone', 'X', 'Y')).toBe(s);
  });

  it('关闭其他 keeps home and the active tab; 关闭全部 leaves home', () => {
    const s = openTab(opened('/a', '/b', '/c'), { key: '/b', title: 'B' });
    expect(othersThan(s, '/b')).toEqual(['/a', '/c']);
    expect(strip(closeTabs(s, othersThan(s, '/b'))).tabs.map((t) => t.key)).toEqual([HOME_PATH, '/b']);
    const all = closeTabs(s, othersThan(s, HOME_PATH));
    expect(strip(all)).toEqual(strip(start));
  });

  it('over the cap the page shown least recently closes first, never home or the active one', () => {
    let s = opened('/a', '/b', '/c', '/d');
    s = openTab(s, { key: '/a', title: 'A' }); // /a shown again: /b is now the oldest
    expect(tabsOverCap(s, 5, () => false)).toEqual({ close: [], short: 0 });
    s = openTab(s, { key: '/e', title: 'E' });
    expect(tabsOverCap(s, 5, () => false)).toEqual({ close: ['/b'], short: 0 });
    expect(tabsOverCap(s, 4, () => false)).toEqual({ close: ['/b', '/c'], short: 0 });
    expect(tabsOverCap(s, null, () => false)).toEqual({ close: [], short: 0 });
  });

  it('over the cap a pinned page or one with unsaved work is passed over; when nothing else can go, none closes', () => {
    const s = opened('/a', '/b', '/c');
    expect(tabsOverCap(s, 3, (k) => k === '/a')).toEqual({ close: ['/b'], short: 0 });
    expect(tabsOverCap(pinTab(s, '/a', true), 3, () => false)).toEqual({ close: ['/b'], short: 0 });
    expect(tabsOverCap(s, 3, (k) => k !== '/c')).toEqual({ close: [], short: 1 });
    expect(tabsOverCap(pinTab(s, '/b', true), 3, (k) => k === '/a')).toEqual({ close: [], short: 1 });
    expect(tabsOverCap(pinTab(s, '/b', true), 2, (k) => k === '/a')).toEqual({ close: [], short: 2 });
  });

  it('a pinned tab stands after home and the tabs pinned before it; unpinned it leads the others', () => {
    let s = opened('/a', '/b', '/c');
    s = pinTab(s, '/c', true);
    s = pinTab(s, '/b', true);
    expect(s.tabs.map((t) => `${t.key}${t.pinned ? '*' : ''}`)).toEqual([HOME_PATH, '/c*', '/b*', '/a']);
    s = pinTab(s, '/c', false);
    expect(s.tabs.map((t) => `${t.key}${t.pinned ? '*' : ''}`)).toEqual([HOME_PATH, '/b*', '/c', '/a']);
    expect(s.tabs[2]).toEqual({ key: '/c', title: 'C' });
    expect(pinTab(s, HOME_PATH, true)).toBe(s);
    expect(pinTab(s, '/b', true)).toBe(s);
    expect(s.activeKey).toBe('/c');
  });

  it('关闭其他 and 关闭全部 keep pinned tabs; × closes them', () => {
    const s = pinTab(opened('/a', '/b', '/c'), '/b', true);
    expect(othersThan(s, '/c')).toEqual(['/a']);
    expect(othersThan(s, HOME_PATH)).toEqual(['/a', '/c']);
    expect(closeTab(s, '/b').tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/c']);
  });
});

describe('the home tab of a platform operator (issue 20)', () => {
  it('is its first page, never closable, where 首页 is for an enterprise', () => {
    expect(homePathOf([{ uri: '/home' }, { uri: '/workorder' }])).toBe(HOME_PATH);
    expect(homePathOf([{ uri: '' }, { uri: '/review/filing' }, { uri: '/review/company' }])).toBe('/review/filing');
    const start = initialTabs('备案审核', '/review/filing');
    const opened = openTab(start, { key: '/review/company', title: '企业管理' });
    expect(othersThan(opened, '/review/filing')).toEqual(['/review/company']);
    expect(closeTab(opened, '/review/filing').tabs.map((t) => t.key)).toEqual(['/review/filing', '/review/company']);
    expect(closeTab(opened, '/review/company')).toMatchObject({ activeKey: '/review/filing' });
    expect(isClosable('/review/filing', '/review/filing')).toBe(false);
  });
});

