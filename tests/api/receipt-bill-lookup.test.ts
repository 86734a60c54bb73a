/**
 * Issue 28 (receipt ingest 515/s): the statement that finds and locks a file's bills by their keys
 * reads the company's own bills (on a large table: its btree on the number, bill_heads_order_no),
 * never a list's trigram index (migration 035). pg_trgm's GIN serves `=` too, and the planner, pricing a
 * trigram lookup as one rare entry, took `bill_heads_search_export_order` for `order_no in (…)`:
 * every number shares its prefix's trigrams, so each lookup read their posting lists and the index's
 * pending list (100–780 ms a file of 100 on a fresh bench database). The plan is asked as for a
 * table too large to read whole (no sequential scan), which is where the choice matters. Fails on
 * the former `order_no in (…)` lookup on PostgreSQL (PGlite's planner happened to take the btree).
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuid } from '../../server/customs/declaration.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { ingestReceiptXml } from '../../server/customs/receipts/ingest.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let company: { id: number; company_code: string | null };
const captured: CompiledQuery[] = [];
let capturing = false;
const BILLS = 2_000;
const EBP = '3302960E8F';
const orderNo = (k: number) => `LKO${String(k).padStart(9, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' }, log: (e) => { if (capturing && e.level === 'query') captured.push(e.query); } });
  await t.app.customs.worker.stop();
  company = await t.handle.db.selectFrom('companies').select(['id', 'company_code']).where('company_code', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebc_code, app_type, app_time, data)
    select ${company.id}::int, 'order', 'export', 'DECLARING', 'LKO' || lpad(g::text, 9, '0'), ${EBP}, ${company.company_code}, '1', now(), '{}'::jsonb
    from generate_series(1, ${BILLS}) g`.execute(t.handle.db);
  await sql`analyze bill_heads`.execute(t.handle.db);
}, 120_000);
afterAll(async () => { await t?.close(); });

/** Every index a plan (EXPLAIN's JSON) reads. */
function indexesOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(indexesOf);
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  return [...(typeof o['Index Name'] === 'string' ? [o['Index Name']] : []), ...Object.values(o).flatMap(indexesOf)];
}

describe('a file of receipts finds its bills', () => {
  it('through the company\'s own bills, not the 出口订单 list\'s trigram index', async () => {
    const type = findReceiptType('CEB304')!;
    const returns = Array.from({ length: 100 }, (_, k) => ({
      guid: newGuid(), returnStatus: '2', returnInfo: '新增申报成功', returnTime: `20261207101112${String(k).padStart(3, '0')}`,
      fields: { ebpCode: EBP, ebcCode: company.company_code!, orderNo: orderNo(1001 + k) },
    }));
    capturing = true;
    const result = await ingestReceiptXml(t.handle.db, buildReceiptXml(type, newGuid(), returns), { companyId: company.id });
    capturing = false;
    expect(result).toMatchObject({ stored: 100, applied: 100, unmatched: 0 });

    const lookup = captured.filter((q) => /from bill_heads where id = any\(array\(/.test(q.sql) && /for update/.test(q.sql));
    expect(lookup).toHaveLength(1);
    const plan = await t.handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery(CompiledQuery.raw(`explain (format json) ${lookup[0]!.sql}`, [...lookup[0]!.parameters]));
      const json = (rows[0] as Record<string, unknown>)['QUERY PLAN'];
      return typeof json === 'string' ? JSON.parse(json) as unknown : json;
    });
    const indexes = indexesOf(plan);
    expect(indexes.filter((name) => name.startsWith('bill_heads_search_'))).toEqual([]);
  });
});
