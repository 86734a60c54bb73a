import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../testing/auth.ts';
import { pageTitle } from './page-title.ts';

const { modules } = sessionFixture();

describe('pageTitle', () => {
  it('a menu page is its module; a bill detail page is its bill’s module with 添加 or 详情', () => {
    expect(pageTitle(modules, '/bill/export/order')).toBe('出口订单');
    expect(pageTitle(modules, '/details/export/order')).toBe('出口订单 添加');
    expect(pageTitle(modules, '/details/export/order', '?id=7&startTime=a&endTime=b')).toBe('出口订单 详情');
    expect(pageTitle(modules, '/details/export/order', '?id=')).toBe('出口订单 添加');
  });

  it('other pages: their own title, else the path', () => {
    expect(pageTitle(modules, '/home')).toBe('首页');
    expect(pageTitle(modules, '/nowhere')).toBe('/nowhere');
  });
});
