/**
 * Mermaid is ~1 MB of JS, and its ELK layout (@mermaid-js/layout-elk, elkjs) as much again: both are
 * imported here, dynamically, and nowhere else, so only a page that draws a diagram (/diagrams, a
 * bill's 状态图) ever downloads them — never /login or the first screen. Shared by features
 * (src/features/diagrams re-exports it), hence in lib/.
 */
let ready: Promise<typeof import('mermaid').default> | null = null;

function loadMermaid() {
  ready ??= Promise.all([import('mermaid'), import('@mermaid-js/layout-elk')]).then(([{ default: mermaid }, { default: elkLayouts }]) => {
    mermaid.registerLayoutLoaders(elkLayouts);
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'default',
      // Labels as SVG text, not HTML in <foreignObject>: the SVG then draws onto a canvas (PNG
      // download) and opens in any viewer.
      htmlLabels: false,
      // ELK routes the arrows around the states and gives each label its own place; dagre put the
      // labels of a large machine on each other (issue 31 item 9). Set here, not in the sources:
      // diagrams/ stays plain Mermaid for GitHub, which has no ELK (docs/decisions/mermaid-elk-layout.md).
      layout: 'elk',
      state: { nodeSpacing: 70, rankSpacing: 80, padding: 12, useMaxWidth: false },
    });
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

export function download(fileName: string, content: string | Blob, type: string): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** SVG markup → PNG bytes, drawn at `scale` (2: sharp on high-density screens and in documents). */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('SVG image failed to load'));
      image.src = url;
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    const box = (doc.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
    const width = box[2] || image.naturalWidth || 800;
    const height = box[3] || image.naturalHeight || 600;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas unavailable');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
