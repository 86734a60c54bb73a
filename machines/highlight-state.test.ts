import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { billLifecycleMachine, lifecycleValueOf } from './bill-lifecycle.ts';
import { highlightState, leafPaths } from './highlight-state.ts';
import { toMermaid } from './mermaid.ts';

const lifecycle = toMermaid(billLifecycleMachine);
/** the lines highlightState added */
const added = (text: string, base = lifecycle) => text.slice(base.length).split('\n').filter(Boolean).map((l) => l.trim());

describe('highlightState', () => {
  it('marks a top-level state of the lifecycle (DECLARING → declaring)', () => {
    const text = highlightState(lifecycle, lifecycleValueOf('DECLARING'));
    expect(text.startsWith(lifecycle)).toBe(true);
    expect(added(text)).toEqual([expect.stringMatching(/^classDef current fill:/), 'class billLifecycle_declaring current']);
  });

  it('marks the nested leaf of a customs state (120 → customs.stored), not its parent', () => {
    expect(added(highlightState(lifecycle, lifecycleValueOf('120')))).toContain('class billLifecycle_customs_stored current');
    expect(added(highlightState(lifecycle, lifecycleValueOf('ERROR')))).toContain('class billLifecycle_customs_error current');
    expect(added(highlightState(lifecycle, lifecycleValueOf('502')))).toContain('class billLifecycle_customs_inspection current');
    expect(highlightState(lifecycle, lifecycleValueOf('120'))).not.toContain('class billLifecycle_customs current');
  });

  it('prefers the path from the root over a deeper state of the same name', () => {
    const m = createMachine({ id: 'm', initial: 'a', states: { a: {}, b: { initial: 'a', states: { a: {} } } } });
    const text = toMermaid(m);
    expect(added(highlightState(text, 'a'), text)).toContain('class m_a current');
    expect(added(highlightState(text, { b: 'a' }), text)).toContain('class m_b_a current');
  });

  it('marks every active leaf of a parallel state', () => {
    const m = createMachine({ id: 'p', type: 'parallel', states: { left: { initial: 'x', states: { x: {} } }, right: { initial: 'y', states: { y: {} } } } });
    const text = toMermaid(m);
    expect(added(highlightState(text, { left: 'x', right: 'y' }), text).slice(1)).toEqual(['class p_left_x current', 'class p_right_y current']);
  });

  it('leaves a diagram without that state as it was', () => {
    expect(highlightState(lifecycle, 'nowhere')).toBe(lifecycle);
    expect(highlightState(lifecycle, { customs: 'nowhere' })).toBe(lifecycle);
  });
});

describe('leafPaths', () => {
  it('flattens state values to their leaves', () => {
    expect(leafPaths('draft')).toEqual([['draft']]);
    expect(leafPaths({ customs: 'stored' })).toEqual([['customs', 'stored']]);
    expect(leafPaths({ a: { b: 'c' }, d: 'e' })).toEqual([['a', 'b', 'c'], ['d', 'e']]);
    expect(leafPaths({ a: {} })).toEqual([['a']]);
  });
});
