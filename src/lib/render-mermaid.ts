/**
 * Mermaid is ~1 MB of JS: it is imported here, dynamically, and nowhere else, so only a page that
 * draws a diagram (/diagrams, a bill's 状态图) ever downloads it — never /login or the first
 * screen. Shared by features (src/features/diagrams re-exports it), hence in lib/.
 */
let ready: Promise<typeof import('mermaid').default> | null = null;

function loadMermaid() {
  ready ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
    return mermaid;
  });
  return ready;
}

let counter = 0;

/** Mermaid source → SVG markup (sanitised by mermaid's strict security level). */
export async function renderMermaid(source: string): Promise<string> {
  const mermaid = await loadMermaid();
  counter += 1;
  const { svg } = await mermaid.render(`diagram-${counter}`, source);
  return svg;
}

export function download(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
