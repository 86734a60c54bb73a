import { describe, expect, it } from 'vitest';
import { billLifecycleMachine } from './bill-lifecycle.ts';
import { machines } from './index.ts';
import { missingLabels, userActions } from './labels.ts';
import { machineDiagram } from './mermaid.ts';

describe('machine labels', () => {
  it.each(machines.map((m) => [m.name, m.machine] as const))('%s names every state, event and guard in Chinese', (_, machine) => {
    expect(missingLabels(machine)).toEqual([]);
  });

  // a name may carry a Chinese sentence and still leak a developer word ('failed' on slider-verify's idle state, issue 31 item 9)
  it.each(machines.map((m) => [m.name, m.machine] as const))('%s shows no English word on its diagram (customs codes like 5xx aside)', (_, machine) => {
    const diagram = machineDiagram(machine);
    const shown = [...diagram.states.keys(), ...diagram.edges.keys()];
    expect(shown.filter((text) => /[A-Za-z]/.test(text.replace(/\d+xx/g, '')))).toEqual([]);
  });

  it('lists the user actions a bill lifecycle state accepts, in words', () => {
    expect(userActions(billLifecycleMachine, 'draft')).toEqual(['保存', '申报', '删除']);
    expect(userActions(billLifecycleMachine, { customs: 'released' })).toEqual(['重新发送回执', '生成运抵单/总分单', '批量离境', '申请撤单', '申请撤单（已放行）', '申请退货', '汇总申请']);
    expect(userActions(billLifecycleMachine, 'sent')).toEqual([]);
  });
});
