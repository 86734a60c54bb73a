import { describe, expect, it } from 'vitest';
import { closeTab, HOME_PATH, initialTabs, isClosable, openTab } from './tabs.ts';

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
});
