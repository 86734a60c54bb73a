/**
 * A machine as a Mermaid stateDiagram-v2 (pure: no DOM, usable by scripts and the /diagrams page),
 * written for people: states, events and guards by their Chinese names (labels.ts, from the machine
 * itself); the technical names are kept beside it (hover on the pages, %% comments in the source).
 * Nested states become composite blocks with their own [*] arrow, parallel regions are separated
 * by --, final states get an arrow to [*]. Transitions between the same two states are one arrow
 * whose label lists them (查询、翻页、排序 …): parallel arrows are what makes Mermaid's labels overlap.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { ANY_STATE_LABEL, eventLabel, guardLabel, guardName, labelsOf, stateLabel, technicalEvent, technicalState } from './labels.ts';

/** What the diagram shows, and the technical names behind each shown text (for hover). */
export interface MachineDiagram {
  source: string;
  /** a state's shown name → its technical names (several states may share a name) */
  states: ReadonlyMap<string, readonly string[]>;
  /** an arrow's shown label → its technical events (`user.declare`, `customs.receipt [stored]`) */
  edges: ReadonlyMap<string, readonly string[]>;
}

interface Edge { from: string; to: string; labels: string[]; technical: string[] }

const nodeId = (node: AnyStateNode): string => node.id.replace(/[^A-Za-z0-9_]/g, '_');

/** Characters Mermaid's state grammar reads as syntax. */
const clean = (text: string): string => text.replace(/[:;#{}"<>]/g, ' ').replace(/\s+/g, ' ').trim();

function add(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(value)) list.push(value);
  map.set(key, list);
}

export function machineDiagram(machine: AnyStateMachine): MachineDiagram {
  const direction = labelsOf(machine).direction;
  const lines: string[] = ['stateDiagram-v2', ...(direction ? [`  direction ${direction}`] : [])];
  const edges = new Map<string, Edge>();
  const states = new Map<string, string[]>();
  const edgeNames = new Map<string, string[]>();

  function collect(node: AnyStateNode): void {
    const from = nodeId(node);
    const transitions = [
      ...[...node.transitions].flatMap(([type, list]) => list.map((t) => ({ type, t }))),
      ...(node.always ?? []).map((t) => ({ type: '', t })),
    ];
    for (const { type, t } of transitions) {
      const guard = guardLabel(machine, t.guard);
      const label = clean(`${eventLabel(machine, type)}${guard ? `［${guard}］` : ''}`);
      const technical = `${technicalEvent(type)}${guardName(t.guard) ? ` [${guardName(t.guard)}]` : ''}`;
      // a guarded transition of 任意状态 without a target is a rule that keeps whatever state the
      // machine is in (a late receipt moves nothing): drawn as a loop, so the rule is on the diagram too
      const targets = t.target ?? (t.guard && node === machine.root ? [node] : []);
      for (const target of targets) {
        const key = `${from}>${nodeId(target)}`;
        const edge = edges.get(key) ?? { from, to: nodeId(target), labels: [], technical: [] };
        if (!edge.labels.includes(label)) edge.labels.push(label);
        if (!edge.technical.includes(technical)) edge.technical.push(technical);
        edges.set(key, edge);
      }
    }
  }

  function declare(node: AnyStateNode, indent: string): string {
    const id = nodeId(node);
    const label = clean(stateLabel(node));
    add(states, label, technicalState(node));
    lines.push(`${indent}state "${label}" as ${id}`);
    return id;
  }

  function emit(node: AnyStateNode, indent: string): void {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      const id = declare(child, indent);
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${id} {`);
        emitBody(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
      collect(child);
    }
  }

  function emitBody(node: AnyStateNode, indent: string): void {
    if (node.type === 'parallel') {
      (Object.values(node.states) as AnyStateNode[]).forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        const id = declare(region, indent);
        lines.push(`${indent}state ${id} {`);
        emitBody(region, `${indent}  `);
        lines.push(`${indent}}`);
        collect(region);
      });
      return;
    }
    for (const target of node.initial?.target ?? []) lines.push(`${indent}[*] --> ${nodeId(target)}`);
    emit(node, indent);
  }

  emitBody(machine.root, '  ');
  // Transitions declared on the machine itself apply in every state: drawn from one pseudo-state.
  collect(machine.root);
  if ([...edges.values()].some((e) => e.from === nodeId(machine.root))) {
    lines.push(`  state "${ANY_STATE_LABEL}" as ${nodeId(machine.root)}`);
    add(states, ANY_STATE_LABEL, `${machine.id} (any state)`);
  }
  for (const e of edges.values()) {
    const label = e.labels.join('、');
    add(edgeNames, label, e.technical.join(', '));
    lines.push(`  %% ${e.technical.join(', ')}`);
    lines.push(`  ${e.from} --> ${e.to} : ${label}`);
  }
  return { source: lines.join('\n'), states, edges: edgeNames };
}

export const toMermaid = (machine: AnyStateMachine): string => machineDiagram(machine).source;
