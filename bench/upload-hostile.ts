/**
 * Hostile workbooks through the API (issue 14): each is uploaded and read by 批量查询
 * (parseQueryTemplate); meanwhile a light call (/api/dictionary/item/queryByCode) runs in a loop.
 * Reported per file: the answer, how long it took, the server's RSS rise over its level just
 * before (sampled every 10 ms; the files are made before the baseline is taken), and the light
 * call's latency while the hostile one was read, against its latency at rest.
 * Targets: a 10 MB hostile workbook raises RSS by < 200 MB; the light call keeps answering.
 *
 *   node --import tsx bench/upload-hostile.ts
 */
import ExcelJS from 'exceljs';
import { deepSheet, hostileXlsx, hugeSharedStrings, SHARED_STRINGS, SHEET, sheetOfSharedRefs, sheetOfSpaces } from '../tests/helpers/hostile-xlsx.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median, percentile, verdict } from './lib.ts';

const MB = 1024 * 1024;
const opened = await openBenchDatabase();
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });

async function upload(file: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'hostile_1.xlsx');
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

/** Light calls, one after another, until `until` settles. */
async function lightLoop(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => { done = true; });
  const times: number[] = [];
  while (!done) times.push(await light());
  return times;
}

const rss = () => process.memoryUsage().rss;

async function measure(label: string, files: Buffer[]) {
  const uris = await Promise.all(files.map(upload));
  const base = rss();
  let peak = base;
  const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 10);
  const t = performance.now();
  const answers = Promise.all(uris.map(parse));
  const during = await lightLoop(answers);
  const took = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const rise = (peak - base) / MB;
  const size = files.reduce((n, f) => n + f.length, 0) / MB;
  console.log(`${label} (${size.toFixed(1)} MB uploaded): ${[...new Set(await answers)].join(' / ')} in ${fmt(took)}; ` +
    `RSS +${rise.toFixed(0)} MB (< 200 MB: ${verdict(rise, 200)}); light call during: ${during.length} answered, ` +
    `median ${fmt(median(during))}, p95 ${fmt(percentile(during, 95))}, max ${fmt(Math.max(...during))}`);
}

// at rest, and the pool warmed by one good template (as on a server that has read one before)
const rest: number[] = [];
for (let i = 0; i < 200; i++) rest.push(await light());
console.log(`light call at rest: median ${fmt(median(rest))}, p95 ${fmt(percentile(rest, 95))}`);
const good = new ExcelJS.Workbook();
good.addWorksheet('查询模板').addRows([['订单编号'], ['SO-1']]);
console.log(`good template: ${await parse(await upload(Buffer.from(await good.xlsx.writeBuffer())))}`);

const bomb = await hostileXlsx([{ name: SHEET, chunks: sheetOfSpaces(1024 * MB), claimedSize: 1000 }]);
await measure('zip bomb: 1 GB of spaces claiming 1,000 bytes', [bomb]);
await measure('three such bombs at once', [bomb, bomb, bomb]);
// ~10 MB: shared strings of random text (they do not deflate away) and a deep sheet, both claiming
// 1,000 bytes; 23 MB unpacked, so refused at the cap while inflating
const tenMb = await hostileXlsx([
  { name: SHARED_STRINGS, chunks: hugeSharedStrings(12_500_000, '订单编号', true), claimedSize: 1000 },
  { name: SHEET, chunks: deepSheet(1_500_000), claimedSize: 1000 },
]);
await measure('10 MB hostile workbook: lying sizes, 1.5 million nested elements, a 12.5 M-character shared string (23 MB unpacked)', [tenMb]);
// the worst that gets past the cap to exceljs: the same kinds, 15.3 MB unpacked (6 MB uploaded)
const worst = await hostileXlsx([
  { name: SHARED_STRINGS, chunks: hugeSharedStrings(7_500_000, '订单编号', true), claimedSize: 1000 },
  { name: SHEET, chunks: deepSheet(1_100_000), claimedSize: 1000 },
]);
await measure('the same kinds just under the cap: 1.1 million nested elements, a 7.5 M-character shared string (15.3 MB unpacked)', [worst]);
await measure('two of those at once', [worst, worst]);
await measure('deep XML: 2 million nested elements (14 MB unpacked, under the cap)', [await hostileXlsx([{ name: SHEET, chunks: deepSheet(2_000_000) }])]);
await measure('huge shared strings: 1 M characters in 100,000 cells', [await hostileXlsx([
  { name: SHEET, chunks: sheetOfSharedRefs(100_000) }, { name: SHARED_STRINGS, chunks: hugeSharedStrings(1_000_000, '订单编号') },
])]);
await measure('huge shared strings: one of 15 M characters (under the cap)', [await hostileXlsx([
  { name: SHEET, chunks: sheetOfSharedRefs(10) }, { name: SHARED_STRINGS, chunks: hugeSharedStrings(15_000_000, '订单编号') },
])]);
await s.close();
process.exit(0);
