/**
 * What /login costs a browser (target: initial JS+CSS ≤ 250 KB gzipped): the built console is
 * served by the real server and opened in Chromium; every JS and CSS response of the page load is
 * gzipped here (level 9) and summed, along with what actually crossed the wire (precompressed).
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, startServer } from '../tests/e2e/harness.ts';
import { verdict } from './lib.ts';

const server = await startServer();
const context = await launchBrowser();
try {
  const page = await context.newPage();
  const assets: { url: string; raw: number; gzip: number; wire: number; type: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    const type = /\.css(\?|$)/.test(url) ? 'css' : /\.m?js(\?|$)/.test(url) ? 'js' : '';
    if (!type) return;
    pending.push((async () => {
      const body = await response.body();
      const sizes = await response.request().sizes().catch(() => ({ responseBodySize: body.length }));
      assets.push({ url: url.replace(server.url, ''), raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize, type });
    })());
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const sum = (k: 'raw' | 'gzip' | 'wire', type?: string) => assets.filter((a) => !type || a.type === type).reduce((n, a) => n + a[k], 0) / 1000;
  const mermaid = assets.some((a) => /mermaid/.test(a.url));
  console.log(`bundle-size /login: ${assets.length} files, JS ${sum('gzip', 'js').toFixed(1)} KB + CSS ${sum('gzip', 'css').toFixed(1)} KB gzipped = ${sum('gzip').toFixed(1)} KB (target ≤ 250 KB: ${verdict(sum('gzip'), 250)}); raw ${sum('raw').toFixed(1)} KB; on the wire (brotli) ${sum('wire').toFixed(1)} KB; mermaid loaded: ${mermaid}`);
  for (const a of assets.sort((x, y) => y.gzip - x.gzip)) console.log(`  ${(a.gzip / 1000).toFixed(1).padStart(6)} KB  ${a.url}`);
} finally {
  await context.close();
  await server.stop();
}
