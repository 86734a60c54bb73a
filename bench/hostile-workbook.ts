/**
 * A valid workbook longer than its reader takes (issue 29, reproduction 4): 批量查询 given the real
 * header 订单编号 over 200,000 order numbers — once written by exceljs (shared strings, as Excel
 * saves it) and once with inline strings —, one file and then ten at once, while a light call
 * (/api/dictionary/item/queryByCode) runs in a loop. Reported: the answer, how long it took, the
 * server's RSS peak over its idle level (taken after the pool is warmed by one good template and
 * before the files are sent), and the light call's latency meanwhile.
 * Targets: ten at once add < 100 MB over idle RSS; the light call's p99 < 500 ms and max < 1 s.
 *
 *   node --expose-gc --import tsx bench/hostile-workbook.ts
 */
import ExcelJS from 'exceljs';
import { hostileXlsx, SHEET, sheetOfValues } from '../tests/helpers/hostile-xlsx.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median, percentile, verdict } from './lib.ts';

const MB = 1024 * 1024;
const ROWS = 200_000;
const opened = await openBenchDatabase();
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });

async function upload(file: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'orders.xlsx');
  const res = await fetch(`${s.address}/api/file/upload`, { method: 'POST', body: form, headers: { 'x-authorization': `Bearer ${s.token}` } });
  const body = await res.json() as { code: number; message: string; data: { uri: string }[] };
  if (body.code !== 0) throw new Error(body.message);
  return body.data[0]!.uri;
}

async function parse(uri: string): Promise<string> {
  const res = await fetch(`${s.address}/api/enterprise/bills/export/order/parseQueryTemplate`, {
    method: 'POST', body: JSON.stringify({ data: { filePath: uri } }), headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${s.token}` },
  });
  const body = await res.json() as { code: number; message: string };
  return body.code === 0 ? 'read' : `${res.status} ${body.message}`;
}

async function light(): Promise<number> {
  const t = performance.now();
  await s.post('/api/dictionary/item/queryByCode', { dicCode: 'currency' });
  return performance.now() - t;
}

async function lightLoop(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => { done = true; });
  const times: number[] = [];
  while (!done) times.push(await light());
  return times;
}

const rss = () => process.memoryUsage().rss;

/** RSS once settled (after a collection when run with --expose-gc): the server's idle level. */
async function idleRss(): Promise<number> {
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 1000));
  globalThis.gc?.();
  return rss();
}

async function measure(label: string, file: Buffer, copies: number) {
  const uris = await Promise.all(Array.from({ length: copies }, () => upload(file)));
  const idle = await idleRss();
  let peak = rss();
  const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 10);
  const t = performance.now();
  const answers = Promise.all(uris.map(parse));
  const during = await lightLoop(answers);
  const took = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const rise = (peak - idle) / MB;
  const p99 = percentile(during, 99);
  const max = Math.max(...during);
  console.log(`${label} ×${copies} (${(file.length / MB).toFixed(2)} MB each): ${[...new Set(await answers)].join(' / ')} in ${fmt(took)}; ` +
    `RSS ${(idle / MB).toFixed(0)} → ${(peak / MB).toFixed(0)} MB, +${rise.toFixed(0)} MB over idle (< 100 MB: ${verdict(rise, 100)}); ` +
    `light call: ${during.length} answered, median ${fmt(median(during))}, p99 ${fmt(p99)} (< 500 ms: ${verdict(p99, 500)}), max ${fmt(max)} (< 1 s: ${verdict(max, 1000)})`);
}

// made in a function so the 200,000-row exceljs model is garbage before the idle level is taken
async function sharedStringsFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('查询模板');
  sheet.addRow(['订单编号']);
  for (let i = 2; i <= ROWS + 1; i++) sheet.addRow([`SO-${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const shared = await sharedStringsFile();
const inline = await hostileXlsx([{ name: SHEET, chunks: sheetOfValues(ROWS, '订单编号') }], '订单编号');

const rest: number[] = [];
for (let i = 0; i < 200; i++) rest.push(await light());
console.log(`light call at rest: median ${fmt(median(rest))}, p95 ${fmt(percentile(rest, 95))}`);
const good = new ExcelJS.Workbook();
good.addWorksheet('查询模板').addRows([['订单编号'], ['SO-1']]);
console.log(`good template: ${await parse(await upload(Buffer.from(await good.xlsx.writeBuffer())))}`);

await measure('200,000 order numbers, inline strings (the reported 1.46 MB file)', inline, 1);
await measure('200,000 order numbers, inline strings', inline, 10);
// as exceljs writes it: 5 MB of shared strings read whole, the sheet streamed to the limit
await measure('200,000 order numbers, shared strings (as exceljs writes it)', shared, 1);
await measure('200,000 order numbers, shared strings', shared, 10);
await s.close();
process.exit(0);
