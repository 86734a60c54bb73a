import { describe, expect, it } from 'vitest';
import { closeTab, HOME_PATH, initialTabs, isClosable, openTab, renamedFrom, renameTab, tabRename } from './tabs.ts';

describe('tabs', () => {
  const start = initialTabs('首页');

  it('start with home, which is never closable', () => {
    expect(start).toEqual({ tabs: [{ key: HOME_PATH, title: '首页' }], activeKey: HOME_PATH });
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
    expect(s).toEqual({ tabs: [{ key: HOME_PATH, title: '首页' }, { key: '/a', title: 'A' }, { key: '/b', title: 'B' }], activeKey: '/b' });
    s = closeTab(s, '/a');
    expect(s.activeKey).toBe('/b');
    s = closeTab(s, '/b');
    expect(s).toEqual(start);
  });

  it('a renamed tab keeps its place and becomes active; without the old tab the new one opens', () => {
    const s = openTab(openTab(openTab(start, { key: '/a', title: 'A' }), { key: '/b', title: 'B' }), { key: '/c', title: 'C' });
    expect(renameTab(s, '/b', { key: '/b?id=1', title: 'B 详情' })).toEqual({
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
});
