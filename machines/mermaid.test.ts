import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { authMachine } from './auth.ts';
import { billLifecycleMachine } from './bill-lifecycle.ts';
import { machineDiagram, toMermaid } from './mermaid.ts';

describe('toMermaid', () => {
  it('draws nested states, initial arrows, labelled transitions and final states', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      meta: { events: { 'user.go': '前进', next: '下一步' } },
      states: {
        a: { description: '甲', on: { 'user.go': 'b' } },
        b: { description: '乙', initial: 'x', states: { x: { description: '子一', on: { next: 'y' } }, y: { description: '子二', type: 'final' } }, onDone: 'c' },
        c: { description: '丙', type: 'final' },
      },
    });
    const text = toMermaid(machine);
    expect(text.split('\n')[0]).toBe('stateDiagram-v2');
    expect(text).toContain('state "甲" as m_a');
    expect(text).toContain('[*] --> m_a');
    expect(text).toContain('state m_b {');
    expect(text).toContain('[*] --> m_b_x');
    expect(text).toContain('m_a --> m_b : 前进');
    expect(text).toContain('m_b_x --> m_b_y : 下一步');
    expect(text).toContain('m_b_y --> [*]');
    expect(text).toContain('m_b --> m_c : 完成');
    expect(text).toContain('m_c --> [*]');
  });

  it('labels invoke results and guards in Chinese, keeping the technical names for hover', () => {
    const diagram = machineDiagram(authMachine);
    expect(diagram.source).toContain('auth_loggingIn --> auth_authenticated : 登录完成');
    expect(diagram.source).toContain('auth_loggingIn --> auth_passwordChangeRequired : 登录失败［须修改密码］');
    expect(diagram.source).toContain('auth_authenticated_idle --> auth_authenticated_refreshing : 令牌过期、刷新会话、备案已审核');
    expect(diagram.edges.get('令牌过期、刷新会话、备案已审核')).toEqual(['api.tokenExpired, session.refresh, live.filingDecided']);
    expect(diagram.states.get('刷新令牌中')).toEqual(['authenticated.refreshing']);
    expect(diagram.source).not.toMatch(/ : [^\n]*[a-z]+\.[a-z]/); // no developer names on arrows
  });

  it('names the machine-wide transitions 任意状态, never in English', () => {
    const text = toMermaid(billLifecycleMachine);
    expect(text).toContain('state "任意状态" as billLifecycle');
    expect(text).toContain('billLifecycle --> billLifecycle_customs_stored : 回执［120 入库］');
    expect(text.split('\n')[1]).toBe('  direction LR'); // the machine's own drawing direction
    expect(text).not.toContain('any state');
    expect(text).not.toContain('user.declare]');
  });
});
