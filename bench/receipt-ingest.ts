/**
 * Receipt ingest: 5,000 declared export orders answered by customs twice (2 申报中, then 120 入库),
 * in CEB304 files of 100 returns — read, matched to the bill, stored once, applied through the
 * lifecycle, one transaction per file (server/customs/receipts/ingest.ts) — against a bare UPDATE
 * of the same rows (one statement per receipt).
 * Target (customs pipeline issue): ≥ 2,000 receipts/s on PostgreSQL; the ratio is reported.
 * Each run starts from vacuumed tables: the previous run's deleted rows would otherwise be read
 * again by every scan, the ingest's and the baseline's.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/receipt-ingest.ts
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildReceiptXml } from '../server/customs/receipts/build.ts';
import { findReceiptType } from '../server/customs/receipts/catalogue.ts';
import { ingestReceiptXml } from '../server/customs/receipts/ingest.ts';
import { returnTimeOf } from '../server/customs/xml/format.ts';
import { openBenchDatabase } from './api-session.ts';
import { verdict } from './lib.ts';

const BILLS = Number(process.env.BENCH_ROWS ?? 5000);
const PER_FILE = 100;
const { handle } = await openBenchDatabase();
const { db } = handle;
const company = await db.selectFrom('companies').select(['id', 'company_code']).where('company_code', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
await sql`delete from customs_receipts`.execute(db);
await sql`delete from bill_heads where bill_key = 'order' and order_no like 'RI%'`.execute(db);
const ids = (await sql<{ id: number }>`
  insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebc_code, app_type, app_time, data)
  select ${company.id}, 'order', 'export', 'DECLARING', 'RI' || lpad(g::text, 8, '0'), '3302960E8F', ${company.company_code}, '1', now(), '{}'::jsonb
  from generate_series(1, ${BILLS}) g returning id`.execute(db)).rows.map((r) => Number(r.id));
await sql`vacuum analyze bill_heads`.execute(db);
await sql`vacuum analyze customs_receipts`.execute(db);

const type = findReceiptType('CEB304')!;
const base = Date.now();
function files(status: string, offsetMs: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < BILLS; i += PER_FILE) {
    const returns = [];
    for (let k = i; k < Math.min(BILLS, i + PER_FILE); k++) {
      returns.push({
        guid: randomUUID().toUpperCase(), returnStatus: status, returnInfo: status === '2' ? '新增申报成功' : '海关入库成功',
        returnTime: returnTimeOf(new Date(base + offsetMs + k)),
        fields: { ebpCode: '3302960E8F', ebcCode: company.company_code!, orderNo: `RI${String(k + 1).padStart(8, '0')}` },
      });
    }
    out.push(buildReceiptXml(type, randomUUID().toUpperCase(), returns));
  }
  return out;
}
const batches = [files('2', 0), files('120', 60_000)];

let t = performance.now();
for (const batch of batches) for (const xml of batch) await ingestReceiptXml(db, xml, { companyId: company.id });
const ingestMs = performance.now() - t;
const receipts = BILLS * 2;
const stored = await db.selectFrom('customs_receipts').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
const taken = await db.selectFrom('bill_heads').select(sql<number>`count(*)::int`.as('n')).where('order_no', 'like', 'RI%').where('state', '=', '120').executeTakeFirstOrThrow();

t = performance.now();
for (const status of ['2', '120']) {
  for (const id of ids) {
    await db.updateTable('bill_heads').set({ return_status: status, return_time: returnTimeOf(new Date()), return_info: '海关入库成功' }).where('id', '=', id).execute();
  }
}
const bareMs = performance.now() - t;

const rate = receipts / (ingestMs / 1000);
console.log(`receipt-ingest [${handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${receipts} receipts in ${batches[0]!.length * 2} files: `
  + `${ingestMs.toFixed(0)} ms, ${rate.toFixed(0)} receipts/s (≥ 2500, issue 28: ${verdict(rate, 2500, false)}); stored ${stored.n}, bills at 120: ${taken.n}`);
console.log(`  bare UPDATE of the same rows: ${bareMs.toFixed(0)} ms, ${(receipts / (bareMs / 1000)).toFixed(0)} rows/s; ingest costs ${(ingestMs / bareMs).toFixed(1)}× the bare update`);
await handle.close();
