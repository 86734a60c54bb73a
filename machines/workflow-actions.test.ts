/** The 结汇单详情 actions ask the settlement machine about the head (the page's owner), never about the lines. */
import { describe, expect, it } from 'vitest';
import { settlementDetailActions as actions } from './workflow-actions.ts';
import { allows } from './workflow-page.ts';

const lines = [{ id: 1 }, { id: 2 }];

describe('settlementDetailActions', () => {
  it('are allowed only while the head is 待生成, whichever lines are chosen', () => {
    for (const action of Object.values(actions)) {
      expect(allows(action, lines, [1], { id: 7, state: 'to_declare' } as never)).toBe(true);
      expect(allows(action, lines, [], { id: 7, state: 'to_declare' } as never)).toBe(true);
      for (const state of ['declare', 'audit', 'approved', 'not_approved', 'revoke', 'nonsense']) {
        expect(allows(action, lines, [1], { id: 7, state } as never)).toBe(false);
      }
    }
  });

  it('are refused while no head has been read', () => {
    for (const action of Object.values(actions)) expect(allows(action, lines, [1], null)).toBe(false);
  });

  it('check that 添加清单 chose inventories', () => {
    expect(actions.add.check({ inventoryIds: [] })).toBe('请选择需要添加的清单');
    expect(actions.add.check({})).toBe('请选择需要添加的清单');
    expect(actions.add.check({ inventoryIds: [11] })).toBeNull();
  });
});
