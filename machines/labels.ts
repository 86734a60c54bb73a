/**
 * The Chinese names a business analyst reads in a statechart, taken from the machine itself — one
 * place, beside the behaviour they name, used by the exported .mmd (npm run diagrams), /diagrams and
 * a bill's 状态图:
 *   a state      its `description` (XState's own field for a state)
 *   an event     the root's `meta.events` (XState declares no event objects to describe)
 *   a guard      the root's `meta.guards`
 *   an invoke    the root's `meta.actors`, naming its done (…完成) and error (…失败) events
 * Events XState makes itself need no entry: delays of a fixed length (…毫秒后; a named delay is named in `meta.delays`), a compound state's completion (完成)
 * and eventless transitions (自动). labels.test.ts fails while any state, event or guard of a
 * registered machine lacks its name; the technical name stays available for hover (technical*).
 */
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';

/** The root `meta` of a machine: its Chinese event, guard and invoke names. */
export interface MachineLabels {
  events?: Readonly<Record<string, string>>;
  guards?: Readonly<Record<string, string>>;
  actors?: Readonly<Record<string, string>>;
  /** named delays (setup's delays, whose length depends on the context) */
  delays?: Readonly<Record<string, string>>;
  /** how the diagram runs: LR for a machine with many states in one rank (fits a screen's width) */
  direction?: 'LR' | 'TB';
}

/** Typed helper for a machine's root `meta`. */
export const machineLabels = (labels: MachineLabels): MachineLabels => labels;

export const labelsOf = (machine: AnyStateMachine): MachineLabels => (machine.root.meta ?? {}) as MachineLabels;

/** 任意状态: the pseudo-state that stands for transitions declared on the machine itself. */
export const ANY_STATE_LABEL = '任意状态';

/** A state's Chinese name (its key when the machine gives none: labels.test.ts reports it). */
export const stateLabel = (node: AnyStateNode): string => node.description ?? node.key;

/** A state's technical name: its path inside the machine (customs.stored). */
export const technicalState = (node: AnyStateNode): string => node.path.join('.') || node.machine.id;

/** The guard's technical name ('' for none). */
export function guardName(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return 'guard';
}

/** The Chinese name of an event type; null when the machine names none. */
export function findEventLabel(machine: AnyStateMachine, type: string): string | null {
  const labels = labelsOf(machine);
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) {
    const name = labels.actors?.[actor[2]!];
    return name === undefined ? null : `${name}${actor[1] === 'done' ? '完成' : '失败'}`;
  }
  if (type.startsWith('xstate.done.state.')) return '完成';
  if (type.startsWith('xstate.after.')) {
    const delay = type.split('.')[2] ?? '';
    return /^\d+$/.test(delay) ? `${delay} 毫秒后` : labels.delays?.[delay] ?? null;
  }
  if (type === '') return '自动';
  return labels.events?.[type] ?? null;
}

/** The Chinese name of an event type, the technical one when the machine names none. */
export const eventLabel = (machine: AnyStateMachine, type: string): string => findEventLabel(machine, type) ?? type;

/** The Chinese name of a guard; null when the machine names none. */
export function findGuardLabel(machine: AnyStateMachine, guard: unknown): string | null {
  const name = guardName(guard);
  return name === '' ? '' : labelsOf(machine).guards?.[name] ?? null;
}

export const guardLabel = (machine: AnyStateMachine, guard: unknown): string => findGuardLabel(machine, guard) ?? guardName(guard);

/** The technical name of an event as a developer reads it: eventless transitions are "always". */
export const technicalEvent = (type: string): string => (type === '' ? 'always' : type);

/** Every state node below the root, depth first. */
export function allStates(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

/** Every (event type, guard) pair the machine's transitions use, root included. */
export function allTransitions(machine: AnyStateMachine): { node: AnyStateNode; type: string; guard: unknown; targets: readonly AnyStateNode[] }[] {
  const out: { node: AnyStateNode; type: string; guard: unknown; targets: readonly AnyStateNode[] }[] = [];
  for (const node of [machine.root, ...allStates(machine)]) {
    for (const [type, transitions] of node.transitions) {
      for (const t of transitions) out.push({ node, type, guard: t.guard, targets: t.target ?? [] });
    }
    for (const t of node.always ?? []) out.push({ node, type: '', guard: t.guard, targets: t.target ?? [] });
  }
  return out;
}

/** What still lacks a Chinese name: "state a.b", "event user.x", "guard g" (empty when complete). */
export function missingLabels(machine: AnyStateMachine): string[] {
  const missing = new Set<string>();
  const chinese = /[\u4e00-\u9fff]/;
  for (const node of allStates(machine)) if (!node.description || !chinese.test(node.description)) missing.add(`state ${technicalState(node)}`);
  for (const { type, guard } of allTransitions(machine)) {
    const event = findEventLabel(machine, type);
    if (event === null || !chinese.test(event)) missing.add(`event ${type}`);
    const g = findGuardLabel(machine, guard);
    if (g === null || (g !== '' && !chinese.test(g))) missing.add(`guard ${guardName(guard)}`);
  }
  return [...missing];
}

/**
 * The user events a state accepts, by their Chinese names, in the machine's order, once each
 * (可执行：申报、删除). Transitions that keep the state count: saving a draft is an action too.
 */
export function userActions(machine: AnyStateMachine, value: StateValue): string[] {
  const names: string[] = [];
  for (const node of machine.resolveState({ value, context: {} })._nodes as AnyStateNode[]) {
    for (const type of node.transitions.keys()) {
      const label = type.startsWith('user.') ? eventLabel(machine, type) : null;
      if (label !== null && !names.includes(label)) names.push(label);
    }
  }
  return names;
}
