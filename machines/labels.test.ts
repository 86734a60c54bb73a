import { describe, expect, it } from 'vitest';
import { billLifecycleMachine } from './bill-lifecycle.ts';
import { machines } from './index.ts';
import { missingLabels, userActions } from './labels.ts';

describe('machine labels', () => {
  it.each(machines.map((m) => [m.name, m.machine] as const))('%s names every state, event and guard in Chinese', (_, machine) => {
    expect(missingLabels(machine)).toEqual([]);
  });

  it('lists the user actions a bill lifecycle state accepts, in words', () => {
    expect(userActions(billLifecycleMachine, 'draft')).toEqual(['保存', '申报', '删除']);
    expect(userActions(billLifecycleMachine, { customs: 'released' })).toEqual(['重新发送回执', '生成运抵单/总分单', '批量离境', '申请撤单', '申请撤单（已放行）', '申请退货', '汇总申请']);
    expect(userActions(billLifecycleMachine, 'sent')).toEqual([]);
  });
});
