import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { authMachine } from './auth.ts';
import { toMermaid } from './mermaid.ts';

describe('toMermaid', () => {
  it('draws nested states, initial arrows, labelled transitions and final states', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { 'user.go': 'b' } },
        b: { initial: 'x', states: { x: { on: { next: 'y' } }, y: { type: 'final' } }, onDone: 'c' },
        c: { type: 'final' },
      },
    });
    const text = toMermaid(machine);
    expect(text.split('\n')[0]).toBe('stateDiagram-v2');
    expect(text).toContain('[*] --> m_a');
    expect(text).toContain('state m_b {');
    expect(text).toContain('[*] --> m_b_x');
    expect(text).toContain('m_a --> m_b : user.go');
    expect(text).toContain('m_b_x --> m_b_y : next');
    expect(text).toContain('m_b_y --> [*]');
    expect(text).toContain('m_b --> m_c : done');
    expect(text).toContain('m_c --> [*]');
  });

  it('labels invoke results and guards of the auth machine', () => {
    const text = toMermaid(authMachine);
    expect(text).toContain('auth_loggingIn --> auth_authenticated : done login');
    expect(text).toContain('auth_loggingIn --> auth_passwordChangeRequired : error login [needsPasswordChange]');
    expect(text).toContain('auth_authenticated_idle --> auth_authenticated_refreshing : api.tokenExpired');
  });
});
