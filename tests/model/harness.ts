import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate';

/**
 * Model-based test paths from a real machine. createTestModel refuses machines that invoke or use
 * `after`, so paths come from the graph functions directly: the shortest path to every state, plus,
 * for every transition, the shortest path to its source followed by that transition (all-transitions
 * coverage). Steps that are actor outcomes (xstate.done.actor.*, xstate.error.actor.*) are produced
 * by the real world in the test, not sent.
 */
export interface ModelStep { event: EventObject; state: unknown }
export interface ModelPath { name: string; steps: ModelStep[] }

export const serializeState = (s: { value: unknown }) => JSON.stringify(s.value);
const serializeEvent = (e: EventObject) => JSON.stringify(e);

type AnySnapshot = Snapshot<unknown> & { value: unknown; machine: AnyStateMachine };

/** The transitions a machine declares, as `sourceId|eventType|targets|guard` keys. */
export function declaredTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const [, defs] of node.transitions) for (const t of defs) keys.add(transitionKey(t));
    for (const t of node.always ?? []) keys.add(transitionKey(t));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return keys;
}

export function declaredStates(machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    ids.add(node.id);
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return ids;
}

interface TransitionLike { source: { id: string }; eventType: string; target?: readonly { id: string }[] | undefined; guard?: unknown }

export function transitionKey(t: TransitionLike): string {
  const guard = typeof t.guard === 'object' && t.guard !== null ? (t.guard as { type?: string }).type : typeof t.guard === 'string' ? t.guard : '';
  return `${t.source.id}|${t.eventType}|${(t.target ?? []).map((n) => n.id).join(',')}|${guard ?? ''}`;
}

/** Which declared transitions fire when `event` is applied to `snapshot`. */
export function firedTransitions(snapshot: AnySnapshot, event: EventObject): string[] {
  const data = (snapshot.machine as unknown as { getTransitionData(s: unknown, e: EventObject): TransitionLike[] }).getTransitionData(snapshot, event);
  return data.map(transitionKey);
}

/** State node ids a snapshot is in. */
export function activeStateIds(snapshot: AnySnapshot): string[] {
  return (snapshot as unknown as { _nodes: { id: string }[] })._nodes.map((n) => n.id);
}

/**
 * `serialize` tells states apart: by default the state value; a machine whose behaviour also depends
 * on a context flag names it too, so the paths reach both kinds of the state.
 */
export function modelPaths(machine: AnyStateMachine, events: EventObject[], input?: unknown, serialize: (s: { value: unknown; context?: unknown }) => string = serializeState): ModelPath[] {
  const opts = { events, serializeState: serialize, serializeEvent, ...(input === undefined ? {} : { input }) };
  const shortest = getShortestPaths(machine, opts as never) as unknown as { state: AnySnapshot; steps: ModelStep[] }[];
  const byState = new Map(shortest.map((p) => [serialize(p.state), p]));
  const paths: ModelPath[] = shortest.map((p) => ({ name: `reaches ${serialize(p.state)}`, steps: p.steps }));
  const adjacency = getAdjacencyMap(machine, opts as never) as unknown as Record<string, { state: AnySnapshot; transitions: Record<string, { event: EventObject; state: AnySnapshot }> }>;
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = byState.get(key);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      if (firedTransitions(state, event).length === 0) continue;
      paths.push({ name: `${key} --${event.type}--> ${serialize(next)}`, steps: [...prefix.steps, { event, state: next }] });
    }
  }
  return paths;
}

/**
 * Paths that start alike are walked once. A path is a fresh page driven through its events; one
 * whose events are the start of a longer path's (the shortest path to a state is the start of the
 * paths of that state's transitions) is walked, step for step with the same checks, by the longer
 * one. So the paths are handed out longest first, every walk tells the log how far it drove, and a
 * path is walked on its own only when no walk before it drove all of its events.
 */
export function longestFirst<P extends ModelPath>(paths: readonly P[]): P[] {
  return paths.map((path, i) => ({ path, i })).sort((a, b) => b.path.steps.length - a.path.steps.length || a.i - b.i).map(({ path }) => path);
}

export interface WalkLog {
  /** `events` were driven from a fresh page, each step checked (the start of a walk, as far as it went) */
  drove(events: readonly EventObject[]): void;
  /** whether a walk so far drove all of `events`, in order, from a fresh page */
  covers(events: readonly EventObject[]): boolean;
}

export function createWalkLog(): WalkLog {
  const driven: string[][] = [];
  const keys = (events: readonly EventObject[]) => events.map(serializeEvent);
  return {
    drove(events) { driven.push(keys(events)); },
    covers(events) {
      const wanted = keys(events);
      return driven.some((walked) => walked.length >= wanted.length && wanted.every((k, i) => walked[i] === k));
    },
  };
}
