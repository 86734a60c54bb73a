/**
 * A drawn statechart: it opens fitted to its frame — whole, centred, at most 150 % (diagram-fit.ts
 * places it) — in a frame no taller than that fit needs; − / + or the wheel (about the pointer) to
 * zoom, 适合窗口 to fit it again, drag to pan (no label text gets selected). Hovering a state or an
 * arrow shows its technical name (an SVG <title>), which the drawing itself never prints. Used by a
 * bill's 状态图 and by /diagrams.
 */
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { diagramsText } from '../../domain/texts/web.ts';
import { fitView, frameHeight, placeView, zoomView, type Size } from './diagram-fit.ts';

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
  /** the frame's largest height in px (a drawing that fits lower gets a lower frame) */
  height?: number;
  /** the SVG as shown (with its hover names), once drawn: what the downloads save */
  onDrawn?: (svg: string) => void;
}

const STEP = 1.25;
/** one wheel notch: finer than a button press */
const WHEEL_STEP = 1.1;

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
  const [size, setSize] = useState<Size | null>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const drawing = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);
  /** the view is still the first one (not zoomed or panned): it follows the frame's size */
  const initial = useRef(true);
  const frame = (natural: Size, width = viewport.current?.clientWidth ?? natural.width): Size =>
    ({ width, height: frameHeight(natural, width, height) });

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
    if (!size) return;
    initial.current = true;
    setView(fitView(size, frame(size)));
  };

  // drawn: size the SVG to its own dimensions, name its parts for hover, fit it to the frame
  useLayoutEffect(() => {
    const element = drawing.current?.querySelector('svg');
    if (!svg || !element) return;
    const sized = (natural: Size) => {
      element.style.maxWidth = 'none';
      element.setAttribute('width', String(natural.width));
      element.setAttribute('height', String(natural.height));
    };
    const natural = naturalSize(element);
    sized(natural);
    addHoverNames(element, names);
    setSize(natural);
    setFrameWidth(viewport.current?.clientWidth ?? natural.width);
    initial.current = true;
    setView(fitView(natural, frame(natural)));
    onDrawn?.(new XMLSerializer().serializeToString(element));
  }, [svg, names]); // onDrawn is a notification, not an input

  // the frame narrows when its window gains a scrollbar or is resized: the first view fits again,
  // a zoomed one stays where it is (placed again: centred or covering)
  useEffect(() => {
    const el = viewport.current;
    if (!el || !size || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const width = el.clientWidth;
      setFrameWidth(width);
      setView((v) => (initial.current ? fitView(size, frame(size, width)) : placeView(v, size, frame(size, width))));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [size, svg]);

  /** Zooms about a point of the frame (its centre for the buttons, the pointer for the wheel): what is there stays there. */
  const zoomAt = (factor: number, x: number, y: number) => {
    if (!size) return;
    initial.current = false;
    const f = frame(size);
    setView((v) => zoomView(v, factor, { x, y }, size, f));
  };
  const zoom = (factor: number) => {
    if (!size) return;
    const f = frame(size);
    zoomAt(factor, f.width / 2, f.height / 2);
  };

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
  }, [svg, size]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    initial.current = false;
    drag.current = { x: view.x, y: view.y, startX: e.clientX, startY: e.clientY };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !size) return;
    const f = frame(size);
    setView((v) => placeView({ ...v, x: d.x + e.clientX - d.startX, y: d.y + e.clientY - d.startY }, size, f));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  if (error !== null) return <Alert color="red" title={failedTitle}>{error}</Alert>;
  if (svg === null) return <Center p="md"><Loader size="sm" aria-label={loadingLabel} /></Center>;
  const shownHeight = size ? frameHeight(size, frameWidth || size.width, height) : height;
  return (
    <div>
      <Group gap="xs" mb="xs">
        <Button size="compact-sm" variant="default" onClick={() => zoom(1 / STEP)} aria-label={diagramsText.zoomOut}>−</Button>
        <Text size="sm" w={52} ta="center" data-testid="diagram-zoom">{diagramsText.zoomLevel(Math.round(view.scale * 100))}</Text>
        <Button size="compact-sm" variant="default" onClick={() => zoom(STEP)} aria-label={diagramsText.zoomIn}>+</Button>
        <Button size="compact-sm" variant="default" onClick={fit}>{diagramsText.fitWindow}</Button>
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
