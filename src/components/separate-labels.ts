/**
 * Mermaid (dagre) puts an arrow's label at the middle of its drawn path, so the labels of two arrows
 * between the same states in opposite directions (编辑 ⇄ 暂存确认), or of arrows crossing a
 * composite state's border, can land on each other or on a state. ELK, which avoids that, is a
 * separate package (@mermaid-js/layout-elk) the console does not install; instead, after drawing,
 * each label that overlaps a state or an earlier label moves down, clear of it, a few passes until
 * none overlaps. The drawing is changed in place (the downloads serialise it afterwards).
 */
const GAP = 4;
const PASSES = 30;

function overlap(a: DOMRect, b: DOMRect): boolean {
  return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
}

/** Moves overlapping arrow labels apart; returns how many moves it made. */
export function separateLabels(svg: SVGSVGElement): number {
  const width = svg.viewBox.baseVal?.width || 0;
  const shown = svg.getBoundingClientRect().width;
  const ratio = width > 0 && shown > 0 ? width / shown : 1; // screen px → SVG units
  const labels = [...svg.querySelectorAll<SVGGElement>('g.edgeLabel')].filter((l) => (l.textContent ?? '').trim() !== '');
  const states = [...svg.querySelectorAll<SVGGElement>('g.node')].map((n) => n.getBoundingClientRect());
  let moves = 0;
  for (let pass = 0; pass < PASSES; pass += 1) {
    let moved = false;
    labels.forEach((label, i) => {
      const own = label.getBoundingClientRect();
      const others = [...states, ...labels.slice(0, i).map((l) => l.getBoundingClientRect())];
      const blocker = others.find((o) => overlap(own, o));
      if (!blocker) return;
      const dy = (blocker.bottom - own.top + GAP) * ratio;
      label.setAttribute('transform', `${label.getAttribute('transform') ?? ''} translate(0, ${dy.toFixed(1)})`.trim());
      moved = true;
      moves += 1;
    });
    if (!moved) break;
  }
  // labels moved below the drawing's bottom: let the drawing grow to show them
  const bottom = Math.max(0, ...labels.map((l) => l.getBoundingClientRect().bottom));
  const svgRect = svg.getBoundingClientRect();
  if (bottom > svgRect.bottom && width > 0) {
    const box = svg.viewBox.baseVal;
    box.height += (bottom - svgRect.bottom) * ratio + GAP;
  }
  return moves;
}
