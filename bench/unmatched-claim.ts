/**
 * Receipts of no bill (issue 15 part 3): 5,000 bare CEB304 returns for orders the console does not
 * hold, in files of 100 without a channel (each file attributes its rows to the company whose
 * codes they carry: one extra query per file), then the cost the bills pay when they come: an
 * import of 500 orders claiming their 1,000 waiting receipts in one statement (claim.ts), and a
 * save that finds nothing waiting (the usual case) among the 4,000 left.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/unmatched-claim.ts
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildReceiptXml } from '../server/customs/receipts/build.ts';
import { findReceiptType } from '../server/customs/receipts/catalogue.ts';
import { claimUnmatchedReceipts } from '../server/customs/receipts/claim.ts';
import { ingestReceiptXml } from '../server/customs/receipts/ingest.ts';
import { returnTimeOf } from '../server/customs/xml/format.ts';
import { openBenchDatabase } from './api-session.ts';
import { median, timeMany, verdict } from './lib.ts';

const ORDERS = 2500;
const CLAIMED = 500;
const PER_FILE = 100;
const { handle } = await openBenchDatabase();
const { db } = handle;
const company = await db.selectFrom('companies').select(['id', 'company_code']).where('company_code', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
await sql`delete from customs_receipts`.execute(db);
await sql`delete from bill_heads where bill_key = 'order' and order_no like 'UC%'`.execute(db);
await sql`vacuum analyze customs_receipts`.execute(db);

const type = findReceiptType('CEB304')!;
const base = Date.now();
const orderNo = (k: number) => `UC${String(k).padStart(8, '0')}`;
const files: string[] = [];
for (const [s, status] of ['2', '120'].entries()) {
  for (let i = 0; i < ORDERS; i += PER_FILE) {
    const returns = [];
    for (let k = i; k < Math.min(ORDERS, i + PER_FILE); k++) {
      returns.push({
        guid: randomUUID().toUpperCase(), returnStatus: status, returnInfo: status === '2' ? '新增申报成功' : '海关入库成功',
        returnTime: returnTimeOf(new Date(base + s * 60_000 + k)), fields: { ebpCode: '3302960E8F', ebcCode: company.company_code!, orderNo: orderNo(k) },
      });
    }
    files.push(buildReceiptXml(type, randomUUID().toUpperCase(), returns));
  }
}

let t = performance.now();
for (const xml of files) await ingestReceiptXml(db, xml);
const ingestMs = performance.now() - t;
const owned = await db.selectFrom('customs_receipts').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', company.id).where('bill_id', 'is', null).executeTakeFirstOrThrow();

// an import of CLAIMED orders: the bills and their claim in one transaction (the claim timed alone)
let claimMs = 0;
const applied = await db.transaction().execute(async (trx) => {
  const ids = (await sql<{ id: number }>`
    insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebc_code, app_type, data)
    select ${company.id}, 'order', 'export', 'DRAFT', 'UC' || lpad(g::text, 8, '0'), '3302960E8F', ${company.company_code}, '1', '{}'::jsonb
    from generate_series(0, ${CLAIMED - 1}) g returning id`.execute(trx)).rows.map((r) => Number(r.id));
  t = performance.now();
  const n = await claimUnmatchedReceipts(trx, ids);
  claimMs = performance.now() - t;
  return n;
});
const at120 = await db.selectFrom('bill_heads').select(sql<number>`count(*)::int`.as('n')).where('order_no', 'like', 'UC%').where('state', '=', '120').executeTakeFirstOrThrow();

// a save whose bill nothing waits for: one claim over a fresh bill, 200 times
const lonely = (await sql<{ id: number }>`
  insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebc_code, app_type, data)
  values (${company.id}, 'order', 'export', 'DRAFT', 'UX00000001', '3302960E8F', ${company.company_code}, '1', '{}'::jsonb) returning id`.execute(db)).rows[0]!.id;
// inside an open transaction, as a save runs it
const times = await db.transaction().execute((trx) => timeMany(200, () => claimUnmatchedReceipts(trx, [Number(lonely)])));

const rate = (ORDERS * 2) / (ingestMs / 1000);
console.log(`unmatched-claim [${handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${ORDERS * 2} bare unmatched receipts in ${files.length} files: `
  + `${ingestMs.toFixed(0)} ms, ${rate.toFixed(0)} receipts/s (≥ 2000: ${verdict(rate, 2000, false)}); attributed to the company: ${owned.n}`);
console.log(`  import of ${CLAIMED} orders claiming ${CLAIMED * 2} receipts: ${claimMs.toFixed(0)} ms (bills at 120: ${at120.n}, applied ${applied})`);
console.log(`  claim on a save with nothing waiting (${ORDERS * 2 - CLAIMED * 2} unmatched receipts stored): median ${median(times).toFixed(2)} ms`);
await sql`delete from customs_receipts`.execute(db);
await sql`delete from bill_heads where bill_key = 'order' and (order_no like 'UC%' or order_no like 'UX%')`.execute(db);
await handle.close();
