/**
 * 入库明细单 from its data template, 20,000 rows (issue 18 §2): upload of the .xlsx, then
 * /invt/delivery/uploadTemplate (whole-file read, every bill checked as for declaring, all saved in
 * one transaction), target < 3 s; median of BENCH_RUNS through the API on loopback. Two shapes of
 * the same 20,000 parcels: one flight's bill of 20,000 lines, and 200 bills of 100 lines.
 *
 *   node --import tsx bench/warehousing-upload.ts                    # PGlite
 *   DATABASE_URL=postgres://… node --import tsx bench/warehousing-upload.ts
 */
import ExcelJS from 'exceljs';
import { importWarehousingDetails } from '../domain/bills/import-warehousing-details.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median, verdict } from './lib.ts';

const ROWS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const def = importWarehousingDetails;

const opened = await openBenchDatabase();
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const labels = [...def.upload!.head, ...def.upload!.lines!].map((n) => [...def.head, ...def.lines!.fields].find((f) => f.name === n)!.label);

/** A filled template: `bills` bills sharing the rows; copNos carry the run so each run's are new. */
async function workbook(run: number, bills: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据模板');
  sheet.addRow(labels);
  const per = ROWS / bills;
  for (let i = 0; i < ROWS; i++) {
    const b = Math.floor(i / per);
    sheet.addRow([`RKD${run}B${String(b).padStart(4, '0')}`, '3109', '3302961A2B', '宁波跨境优选供应链管理有限公司', '5', 'MU730', '20260318', `784-${String(56120000 + b)}`,
      '3301964C7D', '杭州云途国际物流有限公司', 'A区03排', `YT${run}${String(i).padStart(12, '0')}`, null]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(file: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), '入库明细.xlsx');
  const res = await fetch(`${s.address}/api/file/upload`, { method: 'POST', body: form, headers: { 'x-authorization': `Bearer ${s.token}` } });
  const body = await res.json() as { code: number; message: string; data: { uri: string }[] };
  if (body.code !== 0) throw new Error(body.message);
  return body.data[0]!.uri;
}

for (const bills of [1, 200]) {
  const uploads: number[] = [];
  const imports: number[] = [];
  let size = 0;
  for (let run = 0; run < RUNS; run++) {
    const file = await workbook(bills * 100 + run, bills);
    size = file.length;
    let t = performance.now();
    const uri = await upload(file);
    uploads.push(performance.now() - t);
    t = performance.now();
    const res = await s.post(`/api/enterprise${def.api.uploadTemplate}`, { filePath: uri });
    imports.push(performance.now() - t);
    if (res.total !== bills) throw new Error(`made ${JSON.stringify(res).slice(0, 300)}`);
  }
  const total = uploads.map((u, i) => u + imports[i]!);
  console.log(`warehousing-upload [${kind}] ${ROWS.toLocaleString()} rows as ${bills} bill(s) (${(size / 1024).toFixed(0)} KB .xlsx): upload ${fmt(median(uploads))}, ` +
    `uploadTemplate ${fmt(median(imports))}, total median ${fmt(median(total))} (< 3 s: ${verdict(median(total), 3000)})`);
}
await s.close();
