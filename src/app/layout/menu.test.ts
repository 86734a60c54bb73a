import { describe, expect, it } from 'vitest';
import { modulesFixture } from '../../testing/auth.ts';
import { buildMenu, isKeptAlive, needsCompany, type MenuNode } from './menu.ts';

const outline = (nodes: MenuNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.module.name]: outline(n.children) } : n.module.name));

describe('buildMenu', () => {
  it('groups by parentId from -1, sorts by sortNo; hidden modules, children of pages and empty groups are no entries', () => {
    expect(outline(buildMenu(modulesFixture))).toEqual([
      '首页',
      { 出口业务: ['出口订单', '收款单'] },
      { 进口业务: ['进口订单'] },
      '统计',
      { 服务中心: ['工单'] },
    ]);
  });

  it('survives a module list with a cycle', () => {
    const cyclic = [
      { id: 1, parentId: -1, uri: '', name: 'a', sortNo: 1 },
      { id: 2, parentId: 1, uri: '', name: 'b', sortNo: 1 },
      { id: 1, parentId: 2, uri: '', name: 'a again', sortNo: 1 },
    ];
    expect(() => buildMenu(cyclic)).not.toThrow();
  });
});

describe('path rules', () => {
  it('bill and detail pages need a filed enterprise', () => {
    expect(needsCompany('/bill/export/order')).toBe(true);
    expect(needsCompany('/details/export/order')).toBe(true);
    expect(needsCompany('/statistics')).toBe(false);
    expect(needsCompany('/receipts/unmatched')).toBe(true);
  });

  it('bill and statistics pages are kept alive', () => {
    expect(isKeptAlive('/bill/export/order')).toBe(true);
    expect(isKeptAlive('/statistics')).toBe(true);
    expect(isKeptAlive('/details/export/order?id=7')).toBe(true);
    expect(isKeptAlive('/workorder')).toBe(false);
  });
});
