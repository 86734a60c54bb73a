/** The diagrams page's renderer: the shared lazy Mermaid loader (also drawing a bill's 状态图). */
export { download, renderMermaid, svgToPng } from '../../lib/render-mermaid.ts';
