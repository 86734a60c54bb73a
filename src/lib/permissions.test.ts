import { describe, expect, it } from 'vitest';
import { modulesFixture } from '../testing/auth.ts';
import { buttonCodesFor, moduleForPath } from './permissions.ts';

describe('button codes of a page', () => {
  it('come from the module whose uri matches the page', () => {
    expect([...buttonCodesFor(modulesFixture, '/bill/export/order')]).toEqual(['add', 'delete']);
    expect([...buttonCodesFor(modulesFixture, '/bill/export/order/?x=1')]).toEqual(['add', 'delete']);
  });

  it('a bill detail page takes the codes of its list module', () => {
    expect([...buttonCodesFor(modulesFixture, '/details/export/order')]).toEqual(['add', 'delete']);
  });

  it('the longest matching uri wins (routes with a parameter are seeded without it)', () => {
    expect(moduleForPath(modulesFixture, '/workorder/show/12')?.code).toBe('workorder_show');
    expect(moduleForPath(modulesFixture, '/workorder')?.code).toBe('workorder');
    expect(moduleForPath(modulesFixture, '/workorderX')).toBeUndefined();
  });

  it('no module, no codes', () => {
    expect(buttonCodesFor(modulesFixture, '/nowhere').size).toBe(0);
  });
});
