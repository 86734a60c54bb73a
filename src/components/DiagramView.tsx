/**
 * A drawn statechart at a readable size: fitted to the width at first (not below READABLE_SCALE:
 * a wider drawing is then panned), − / + or the wheel (about the pointer) to zoom, 适应宽度 to fit the
 * whole width, drag to pan (no label text gets selected). Hovering a state or an arrow shows its technical name (an SVG <title>), which
 * the drawing itself never prints. Used by a bill's 状态图 and by /diagrams.
 */
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { diagramsText } from '../../domain/texts/web.ts';
import { separateLabels } from './separate-labels.ts';

/** Mermaid source → SVG markup */
export type RenderDiagram = (source: string) => Promise<string>;

export interface DiagramNames {
  /** a state's shown name → technical names */
  states: ReadonlyMap<string, readonly string[]>;
  /** an arrow's shown label → technical events */
  edges: ReadonlyMap<string, readonly string[]>;
}

export interface DiagramViewProps {
  source: string;
  names: DiagramNames;
  render: RenderDiagram;
  /** the drawing's accessible name */
  label: string;
  loadingLabel?: string;
  failedTitle?: string;
  /** the viewport's height in px (the drawing pans inside it) */
  height?: number;
  /** the SVG as shown (labels separated, hover names), once drawn: what the downloads save */
  onDrawn?: (svg: string) => void;
}

const MIN_SCALE = 0.2;
/** The first view fits the width, but never below this: 14 px labels stay ≥ 9.8 px (then pan). */
const READABLE_SCALE = 0.7;
const MAX_SCALE = 4;
/** …nor above this: a machine of three states opened at 400 % as one huge box (issue 31 item 9) */
const LARGEST_FIRST_SCALE = 1.5;
const STEP = 1.25;
/** one wheel notch: finer than a button press */
const WHEEL_STEP = 1.1;
const clamp = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The SVG's own size (its viewBox), which Mermaid's max-width styling hides. */
function naturalSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.viewBox.baseVal;
  if (box && box.width > 0) return { width: box.width, height: box.height };
  const rect = svg.getBoundingClientRect();
  return { width: rect.width || 1, height: rect.height || 1 };
}

/** Adds the technical names as hover titles: states by their node id, arrows by their label text. */
function addHoverNames(svg: SVGSVGElement, names: DiagramNames): void {
  const title = (element: Element, text: string) => {
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.textContent = text;
    element.prepend(t);
  };
  // SVG text wraps long labels into lines: compare without whitespace
  const bare = (text: string | null) => (text ?? '').replace(/\s+/g, '');
  const byText = (map: ReadonlyMap<string, readonly string[]>) => new Map([...map].map(([k, v]) => [bare(k), v.join(', ')]));
  const states = byText(names.states);
  const edges = byText(names.edges);
  for (const node of svg.querySelectorAll('g.node')) {
    const technical = states.get(bare(node.textContent));
    if (technical) title(node, technical);
  }
  for (const label of svg.querySelectorAll('g.edgeLabel')) {
    const technical = edges.get(bare(label.textContent));
    if (technical) title(label, technical);
  }
}

export function DiagramView({ source, names, render, label, loadingLabel = diagramsText.loading, failedTitle = diagramsText.failed, height = 520, onDrawn }: DiagramViewProps) {
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const drawing = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);
  /** the view is still the first one (not zoomed or panned): it follows the viewport's width */
  const initial = useRef(true);
  const firstView = (natural: { width: number; height: number }) => {
    const width = viewport.current?.clientWidth ?? natural.width;
    return { scale: clamp(Math.min(LARGEST_FIRST_SCALE, Math.max(READABLE_SCALE, width / natural.width))), x: 0, y: 0 };
  };

  useEffect(() => {
    let live = true;
    setSvg(null);
    setError(null);
    render(source).then(
      (markup) => live && setSvg(markup),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [source, render]);

  const fit = () => {
    const width = viewport.current?.clientWidth ?? 0;
    if (!size || width <= 0) return;
    setView({ scale: clamp(width / size.width), x: 0, y: 0 }); // asked for: the whole width, however small
  };

  // drawn: size the SVG to its own dimensions, name its parts for hover, fit it to the width
  useLayoutEffect(() => {
    const element = drawing.current?.querySelector('svg');
    if (!svg || !element) return;
    const sized = (natural: { width: number; height: number }) => {
      element.style.maxWidth = 'none';
      element.setAttribute('width', String(natural.width));
      element.setAttribute('height', String(natural.height));
    };
    sized(naturalSize(element));
    separateLabels(element);
    const natural = naturalSize(element); // a label moved below the bottom makes it taller
    sized(natural);
    addHoverNames(element, names);
    setSize(natural);
    initial.current = true;
    setView(firstView(natural));
    onDrawn?.(new XMLSerializer().serializeToString(element));
  }, [svg, names]); // onDrawn is a notification, not an input

  // the viewport narrows when its window gains a scrollbar: the first view fits again
  useEffect(() => {
    const el = viewport.current;
    if (!el || !size || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (initial.current) setView(firstView(size));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [size, svg]);

  /** Zooms about a point of the viewport (its centre for the buttons, the pointer for the wheel): what is there stays there. */
  const zoomAt = (factor: number, cx: number, cy: number) => setView((v) => {
    initial.current = false;
    const scale = clamp(v.scale * factor);
    const k = scale / v.scale;
    return { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
  });
  const zoom = (factor: number) => zoomAt(factor, (viewport.current?.clientWidth ?? 0) / 2, (viewport.current?.clientHeight ?? 0) / 2);

  // the wheel zooms about the pointer; React's wheel listener is passive, so the page would scroll too
  useEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      const at = el.getBoundingClientRect();
      zoomAt(e.deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP, e.clientX - at.left, e.clientY - at.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [svg]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    initial.current = false;
    drag.current = { x: view.x, y: view.y, startX: e.clientX, startY: e.clientY };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) setView((v) => ({ ...v, x: d.x + e.clientX - d.startX, y: d.y + e.clientY - d.startY }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  if (error !== null) return <Alert color="red" title={failedTitle}>{error}</Alert>;
  if (svg === null) return <Center p="md"><Loader size="sm" aria-label={loadingLabel} /></Center>;
  const shownHeight = size ? Math.min(height, Math.max(160, size.height * view.scale + 16)) : height;
  return (
    <div>
      <Group gap="xs" mb="xs">
        <Button size="compact-sm" variant="default" onClick={() => zoom(1 / STEP)} aria-label={diagramsText.zoomOut}>−</Button>
        <Text size="sm" w={52} ta="center" data-testid="diagram-zoom">{diagramsText.zoomLevel(Math.round(view.scale * 100))}</Text>
        <Button size="compact-sm" variant="default" onClick={() => zoom(STEP)} aria-label={diagramsText.zoomIn}>+</Button>
        <Button size="compact-sm" variant="default" onClick={fit}>{diagramsText.fitWidth}</Button>
        <Text size="xs" c="dimmed">{diagramsText.viewHint}</Text>
      </Group>
      <div
        ref={viewport}
        role="img"
        aria-label={label}
        data-testid="diagram-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        style={{
          position: 'relative', overflow: 'hidden', height: shownHeight, cursor: 'grab', touchAction: 'none', userSelect: 'none', WebkitUserSelect: 'none',
          border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-white)',
        }}
      >
        <div
          ref={drawing}
          style={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </div>
    </div>
  );
}
