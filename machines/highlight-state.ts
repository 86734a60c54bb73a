/**
 * Marks the current state in a Mermaid diagram made by toMermaid (mermaid.ts), for the bill detail
 * page's 状态图: a `classDef current` style and a `class <node> current` line for every active leaf
 * of the state value. Pure text in, text out.
 *
 * toMermaid names a node after its state's full id (machine id and path, non-word characters as
 * `_`); the text does not say the machine id, so a leaf is found as the declared node whose name
 * ends with its path (`…_customs_stored` for {customs: 'stored'}), the shortest such name when
 * several do (the path from the root, not a deeper state of the same name). A value that names no
 * node of the diagram leaves the text as it was: a diagram without a highlight, never a wrong one.
 */
import type { StateValue } from 'xstate';

/** The class the SVG's current-state node carries (what tests and styles look for). */
export const CURRENT_CLASS = 'current';
const STYLE = 'fill:#fff3bf,stroke:#e8590c,stroke-width:3px,font-weight:bold';

const segment = (key: string): string => key.replace(/[^A-Za-z0-9_]/g, '_');

/** Every active leaf of a state value as its path: {customs: 'stored'} → [['customs', 'stored']]. */
export function leafPaths(value: StateValue, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [[...prefix, value]];
  const entries = Object.entries(value);
  if (entries.length === 0) return prefix.length > 0 ? [prefix] : [];
  return entries.flatMap(([key, child]) => (child === undefined ? [[...prefix, key]] : leafPaths(child, [...prefix, key])));
}

/** The node names the diagram declares (`state "label" as name`, `state name {`). */
function declaredNodes(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/^\s*state\s+(?:"[^"]*"\s+as\s+)?([A-Za-z0-9_]+)/gm)) names.add(m[1]!);
  return [...names];
}

export function highlightState(mermaidText: string, stateValue: StateValue): string {
  const nodes = declaredNodes(mermaidText);
  const current: string[] = [];
  for (const path of leafPaths(stateValue)) {
    const tail = `_${path.map(segment).join('_')}`;
    const match = nodes.filter((n) => n.endsWith(tail)).sort((a, b) => a.length - b.length)[0];
    if (match && !current.includes(match)) current.push(match);
  }
  if (current.length === 0) return mermaidText;
  return [mermaidText, `  classDef ${CURRENT_CLASS} ${STYLE}`, ...current.map((n) => `  class ${n} ${CURRENT_CLASS}`)].join('\n');
}
