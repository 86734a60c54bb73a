/**
 * Model-based test of machines/slider-verify.ts through the real widget (src/components/SliderVerify.tsx):
 * paths generated from the machine, every step done in the rendered widget as a person would — a
 * drag is a pointer pressed on the handle, moved and let go; slider.reset is the widget's reset()
 * (what the 修改密码 form calls after a refused submit). After each step the widget must show what the
 * machine's state promises: where the handle is, 验证通过 or the hint, the error exactly when the
 * context says failed, and onVerified called once per entry into verified. The promise is read from
 * the machine itself run beside the widget (a graph state stands for several positions), which must
 * land in the step's graph state. At the end every state and every transition must have been walked.
 */
import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { createElement, createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { sliderVerifyText as t } from '../../domain/texts/slider-verify.ts';
import { sliderVerifyMachine, VERIFY_AT, type SliderContext, type SliderEvent } from '../../machines/slider-verify.ts';
import { SliderVerify, type SliderVerifyHandle } from '../../src/components/SliderVerify.tsx';
import { act, fireEvent, render, screen } from '../../src/testing/render.tsx';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, type ModelPath, type ModelStep } from './harness.ts';

/**
 * The release guard reads the position, and the view shows the error flag, so both are part of a
 * graph state (as buckets: at the start, part way, within the tolerance of the end); else the
 * graph would take a release from one position and the path to the state from another.
 */
type Snap = { value: unknown; context: SliderContext };
const bucket = (p: number) => (p >= VERIFY_AT ? 'end' : p > 0 ? 'part' : 'start');
const graphKey = (s: Snap) => `${JSON.stringify(s.value)}#${bucket(s.context.position)}#${s.context.failed ? 'failed' : 'ok'}`;

// part way, just inside the tolerance, and past the right end (a pointer beyond the track)
const events: SliderEvent[] = [
  { type: 'drag.start' }, { type: 'drag.release' }, { type: 'slider.reset' },
  { type: 'drag.move', position: 0.5 }, { type: 'drag.move', position: 0.985 }, { type: 'drag.move', position: 1.4 },
];

function sliderPaths(): ModelPath[] {
  const opts = { events, serializeState: graphKey, serializeEvent: (e: EventObject) => JSON.stringify(e) };
  const shortest = getShortestPaths(sliderVerifyMachine, opts as never) as unknown as { state: Snap; steps: ModelStep[] }[];
  const byState = new Map(shortest.map((p) => [graphKey(p.state), p]));
  const paths: ModelPath[] = shortest.map((p) => ({ name: `reaches ${graphKey(p.state)}`, steps: p.steps }));
  // the graph is small: every event that fires a transition from every graph state
  const adjacency = getAdjacencyMap(sliderVerifyMachine, opts as never) as unknown as Record<string, { state: Snap; transitions: Record<string, { event: EventObject; state: Snap }> }>;
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = byState.get(key);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      if (firedTransitions(state as never, event).length === 0) continue;
      paths.push({ name: `${key} --${JSON.stringify(event)}--> ${graphKey(next)}`, steps: [...prefix.steps, { event, state: next }] });
    }
  }
  return paths;
}

const paths = sliderPaths();
const covered = { states: new Set<string>(), transitions: new Set<string>() };

// happy-dom does no layout: a 300 px track, so the 40 px handle travels 260 px from x = 20
const TRACK = { x: 0, y: 0, left: 0, top: 0, right: 300, bottom: 36, width: 300, height: 36, toJSON: () => ({}) } as DOMRect;
const START_X = 20;
const TRAVEL = 260;
beforeEach(() => { vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(TRACK); });
afterEach(() => vi.restoreAllMocks());

const handle = () => screen.getByRole('slider', { name: t.handle });
const pointer = { isPrimary: true, pointerId: 1, button: 0, pointerType: 'mouse' };

/** What the widget must show in a state. */
function expectShows(state: Snap, verifiedEntries: number, onVerified: ReturnType<typeof vi.fn>) {
  const verified = JSON.stringify(state.value) === '"verified"';
  expect(handle().getAttribute('aria-valuenow')).toBe(String(Math.round(state.context.position * 100)));
  expect(screen.queryByText(verified ? t.verified : t.hint)).not.toBeNull();
  expect(screen.queryByText(verified ? t.hint : t.verified)).toBeNull();
  expect(handle().getAttribute('aria-disabled')).toBe(verified ? 'true' : null);
  expect(screen.queryByRole('alert')?.textContent ?? null).toBe(state.context.failed ? t.failed : null);
  expect(onVerified).toHaveBeenCalledTimes(verifiedEntries);
}

function walk(path: ModelPath) {
  const onVerified = vi.fn();
  const ref = createRef<SliderVerifyHandle>();
  render(createElement(SliderVerify, { onVerified, ref }));
  const model = createActor(sliderVerifyMachine).start();
  let prev = model.getSnapshot();
  for (const sid of activeStateIds(prev as never)) covered.states.add(sid);
  expectShows(prev as Snap, 0, onVerified);
  let entries = 0;
  // the pointer's x, kept between moves of one drag (a drag starts where the handle is)
  let x = START_X;
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as SliderEvent;
    const fired = firedTransitions(prev as never, event);
    model.send(event);
    const state = model.getSnapshot();
    expect(graphKey(state), event.type).toBe(graphKey(step.state as Snap));
    switch (event.type) {
      case 'drag.start':
        x = START_X + prev.context.position * TRAVEL;
        fireEvent.pointerDown(handle(), { ...pointer, clientX: x });
        break;
      case 'drag.move':
        x = START_X + event.position * TRAVEL;
        fireEvent.pointerMove(handle(), { ...pointer, clientX: x });
        break;
      case 'drag.release':
        fireEvent.pointerUp(handle(), { ...pointer, clientX: x });
        break;
      case 'slider.reset':
        act(() => ref.current!.reset());
        break;
    }
    if (state.matches('verified') && !prev.matches('verified')) entries++;
    expectShows(state, entries, onVerified);
    for (const k of fired) covered.transitions.add(k);
    for (const sid of activeStateIds(state as never)) covered.states.add(sid);
    prev = state;
  }
}

describe('slider verification machine, generated paths through the real widget', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThanOrEqual(10); });
  for (const path of paths) it(path.name, () => walk(path));
  it('visits every state and every transition', () => {
    expect([...declaredStates(sliderVerifyMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(sliderVerifyMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
