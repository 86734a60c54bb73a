import { describe, expect, it } from 'vitest';
import { exportDetailedList } from '../../../../../domain/bills/export-detailed-list.ts';
import { exportOrder } from '../../../../../domain/bills/export-order.ts';
import { MAIN_ACTIONS, splitActions } from './ListActions.tsx';

const listActions = (def: typeof exportOrder) => def.actions.filter((a) => a.place === 'list');

describe('splitActions (where nothing is laid out, e.g. jsdom)', () => {
  it('出口清单: the first 6 as buttons, the rest under 更多操作', () => {
    const all = listActions(exportDetailedList);
    expect(all.length).toBeGreaterThan(MAIN_ACTIONS + 2);
    const { main, more } = splitActions(all);
    expect(main).toHaveLength(MAIN_ACTIONS);
    expect([...main, ...more]).toEqual(all);
  });

  it('a list with few actions keeps them all as buttons', () => {
    const all = listActions(exportOrder);
    expect(splitActions(all)).toEqual({ main: all, more: [] });
  });
});
