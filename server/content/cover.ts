/**
 * Cover pictures of the seeded news: an SVG card per item (a gradient of one of six palettes, a
 * simple line motif and the first characters of the title), so the demo's cards and carousel look
 * like published news without binary images in the repository.
 */
const palettes = [
  ['#0b4ea2', '#1f8ceb'], ['#0d7a5f', '#2bb58a'], ['#8a3ffc', '#4f7cff'], ['#c2410c', '#f59e0b'], ['#0f766e', '#38bdf8'], ['#9f1239', '#f43f5e'],
] as const;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function coverSvg(title: string, index: number): string {
  const [from, to] = palettes[index % palettes.length]!;
  const chars = [...title.replace(/[“”"]/g, '')];
  const line1 = chars.slice(0, 13).join('');
  const line2 = chars.length > 13 ? chars.slice(13, 25).join('') + (chars.length > 25 ? '…' : '') : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>
<g fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="2">
<circle cx="${640 - (index % 3) * 40}" cy="120" r="150"/><circle cx="${700 - (index % 4) * 30}" cy="360" r="90"/>
<path d="M0 ${330 + (index % 5) * 10} C 200 ${260 + (index % 3) * 20}, 420 420, 800 300"/>
</g>
<text x="56" y="96" fill="#fff" fill-opacity="0.85" font-size="24">跨境电商通关服务平台</text>
<text x="56" y="250" fill="#fff" font-size="44" font-weight="bold">${escapeXml(line1)}</text>
${line2 ? `<text x="56" y="312" fill="#fff" font-size="44" font-weight="bold">${escapeXml(line2)}</text>` : ''}
</svg>
`;
}
