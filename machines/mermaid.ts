/**
 * A machine as a Mermaid stateDiagram-v2 (pure: no DOM, usable by scripts and the /diagrams page).
 * Nested states become composite blocks with their own [*] arrow, parallel regions are separated
 * by --, transitions are labelled by event type (invoke results as "done login" / "error login",
 * eventless ones as "always") plus [guard] when guarded; final states get an arrow to [*].
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

interface Edge { from: string; to: string; label: string }

const nodeId = (node: AnyStateNode): string => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function eventLabel(type: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[1]} ${actor[2]}`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  if (type.startsWith('xstate.after.')) {
    // a number of ms, or a named delay (setup's delays: its value depends on the context)
    const delay = type.split('.')[2] ?? '';
    return /^\d+$/.test(delay) ? `after ${delay}ms` : `after ${delay}`;
  }
  return type === '' ? 'always' : type;
}

function guardLabel(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && typeof (guard as { type?: unknown }).type === 'string') {
    return ` [${(guard as { type: string }).type}]`;
  }
  return ' [guard]';
}

const clean = (text: string): string => text.replace(/[:;#{}"]/g, ' ').trim();

export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const edges: Edge[] = [];

  function collect(node: AnyStateNode): void {
    const from = nodeId(node);
    const add = (eventType: string, transitions: readonly { target?: readonly AnyStateNode[]; guard?: unknown }[]) => {
      for (const t of transitions) {
        for (const target of t.target ?? []) {
          edges.push({ from, to: nodeId(target), label: clean(eventLabel(eventType) + guardLabel(t.guard)) });
        }
      }
    };
    for (const [eventType, transitions] of node.transitions) add(eventType, transitions);
    if (node.always) add('', node.always);
  }

  function emit(node: AnyStateNode, indent: string): void {
    const children = Object.values(node.states) as AnyStateNode[];
    for (const child of children) {
      const id = nodeId(child);
      const grandChildren = Object.values(child.states) as AnyStateNode[];
      // every state is declared with its own key as label (ids are the full dotted path)
      // the description (Chinese, for analysts) follows the key when the machine gives one
      const label = child.description ? `${child.key} ${child.description}` : child.key;
      lines.push(`${indent}state "${clean(label)}" as ${id}`);
      if (grandChildren.length > 0) {
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
      const regions = Object.values(node.states) as AnyStateNode[];
      regions.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        lines.push(`${indent}state ${nodeId(region)} {`);
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
  // Transitions declared on the machine itself apply in every state: draw them from one pseudo-state.
  if (machine.root.transitions.size > 0) lines.push(`  state "任意状态 (any state)" as ${nodeId(machine.root)}`);
  collect(machine.root);
  for (const e of edges) lines.push(`  ${e.from} --> ${e.to}${e.label ? ` : ${e.label}` : ''}`);
  return lines.join('\n');
}
