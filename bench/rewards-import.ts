/**
 * Reward bill-number import of 20,000 rows (issue 6 part 10): upload of the .xlsx, then
 * /subsidy/bill/import (read, check every row, one transaction), target < 3 s; median of 5 through the
 * API on loopback.
 *
 *   node --import tsx bench/rewards-import.ts                    # PGlite
 *   DATABASE_URL=postgres://… node --import tsx bench/rewards-import.ts
 */
import ExcelJS from 'exceljs';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median, verdict } from './lib.ts';

const ROWS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const opened = await openBenchDatabase();
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';

const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('提单号');
sheet.addRow(['提单号', '付款企业', '收款企业', '提货时间', '航班号', '航班日期', '毛重（千克）']);
for (let i = 0; i < ROWS; i++) sheet.addRow([`784-${String(10000000 + i)}`, '宁波跨境优选供应链管理有限公司', '宁波机场物流', '2026-11-20 10:00', 'CA1234', '2026-11-20', 12.5]);
const file = Buffer.from(await book.xlsx.writeBuffer());

async function upload(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([file]), '提单号导入.xlsx');
  const res = await fetch(`${s.address}/api/file/upload`, { method: 'POST', body: form, headers: { 'x-authorization': `Bearer ${s.token}` } });
  const body = await res.json() as { code: number; message: string; data: { uri: string }[] };
  if (body.code !== 0) throw new Error(body.message);
  return body.data[0]!.uri;
}

const uploads: number[] = [];
const imports: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  const uri = await upload();
  uploads.push(performance.now() - t);
  t = performance.now();
  const res = await s.post('/api/enterprise/subsidy/bill/import', { filePath: uri });
  imports.push(performance.now() - t);
  if (res.total !== ROWS) throw new Error(`imported ${res.total}`);
}
const total = uploads.map((u, i) => u + imports[i]!);
console.log(`rewards-import [${kind}] ${ROWS.toLocaleString()} rows (${(file.length / 1024).toFixed(0)} KB .xlsx): upload ${fmt(median(uploads))}, import ${fmt(median(imports))}, ` +
  `upload + import median ${fmt(median(total))} (< 3 s: ${verdict(median(total), 3000)})`);
await s.close();
