/**
 * A large enterprise's years in one database (issue 21): `heads` bill heads of every bill type in
 * working proportions (orders, waybills and inventories dominate), over 1,000 companies of very
 * different sizes — the demo company (3302961A2B) holds 30 %, the other demo company (3301964C7D)
 * a small 0.02 %, 998 more on a steep curve — two years of dates, two lines for each order,
 * inventory and tax bill, and one receipt for each bill customs has answered.
 *
 * Rows are made by PostgreSQL itself (generate_series, a hash of the row number for every choice),
 * a slice at a time, with the triggers off (replica role: no event per row, no summary upkeep, no
 * foreign-key check) and without waiting for each commit. The secondary indexes of the three big
 * tables are dropped for the load and built once at the end, after VACUUM ANALYZE: maintaining fifteen
 * indexes (two of them trigram GIN) row by row is what made 10,000,000 heads take hours; building
 * each from sorted data takes minutes. Their definitions are kept in `bench_dropped_indexes` until
 * rebuilt, so a load that dies half-way is repaired by the next one. The indexes that back a
 * constraint (primary keys, unique keys the foreign keys and ON CONFLICT use) stay.
 * The statistics summary and the bill count summary are rebuilt once at the end. Deterministic: the same size gives the same data.
 * BENCH_KEEP=1 reuses a set of the same size already loaded.
 */
import { sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { rebuildBillCounts } from '../server/bills/counts-sql.ts';
import { rebuildStatistics } from '../server/statistics/summary-sql.ts';

/** mode, bill type and share (%) of the heads. */
export const MIX: readonly [string, string, number][] = [
  ['export', 'order', 14], ['import', 'order', 10], ['export', 'waybill', 11], ['import', 'waybill', 8],
  ['export', 'detailedList', 16], ['import', 'detailedList', 12], ['export', 'receipt', 5], ['import', 'receipt', 6],
  ['import', 'taxbill', 6], ['export', 'arrivalNote', 2], ['export', 'departureForm', 1], ['export', 'billOfLading', 1],
  ['export', 'declarationForm', 2], ['export', 'summaryApplicationForm', 1], ['export', 'tallying', 1], ['import', 'warehousingDetails', 1],
  ['export', 'billCancellation', 0.7], ['import', 'billCancellation', 0.6], ['export', 'returnApplicationForm', 0.9], ['import', 'returnApplicationForm', 0.8],
];
/** States in working proportions: mostly answered, a few drafts, in flight and refused. */
const STATES = ['120', '120', '120', '120', '120', '120', '120', '120', '800', '800', '800', '899', '899', '100', 'DRAFT', 'DECLARING', '2', '399', 'SEND_FAILED', 'ERROR'];
const SLICE = 1_000_000;
const BIG_TABLES = ['bill_heads', 'bill_lines', 'customs_receipts'];

export interface MixedSet {
  bigCompanyId: number;
  smallCompanyId: number;
  heads: number;
  loadSeconds: number;
}

export async function seedMixedBills(db: Db, heads: number): Promise<MixedSet> {
  const t0 = performance.now();
  const companyId = async (code: string) => (await db.selectFrom('companies').select('id').where('company_code', '=', code).executeTakeFirstOrThrow()).id;
  const bigCompanyId = await companyId('3302961A2B');
  const smallCompanyId = await companyId('3301964C7D');
  await sql`insert into companies (company_code, company_name, approve_state, profile)
    select '33029' || lpad(g::text, 5, '0'), '压测企业' || g, 2, '{}' from generate_series(1, 998) g
    on conflict (company_code) do nothing`.execute(db);
  const others = (await sql<{ id: number }>`select id from companies where company_code like '33029_____' and company_code ~ '^33029[0-9]{5}$' order by company_code`.execute(db)).rows.map((r) => r.id);
  await restoreIndexes(db);
  const existing = Number((await sql<{ n: string }>`select count(*) as n from bill_heads where data->>'mix' = '1'`.execute(db)).rows[0]!.n);
  if (process.env.BENCH_KEEP && existing === heads) return { bigCompanyId, smallCompanyId, heads, loadSeconds: 0 };

  // a set of another size goes first, set-wise: with the triggers off (no event, no summary upkeep
  // per row), so the lines go explicitly rather than through the cascade
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`delete from customs_receipts where business_key like 'MX%'`.execute(trx);
    await sql`delete from bill_lines l using bill_heads h where h.company_id = l.company_id and h.id = l.head_id and h.data->>'mix' = '1'`.execute(trx);
    await sql`delete from bill_heads where data->>'mix' = '1'`.execute(trx);
  });
  let total = 0;
  const thresholds: number[] = [];
  for (const [, , share] of MIX) thresholds.push((total += share) / 100);
  await dropSecondaryIndexes(db);
  const keys = MIX.map(([, key]) => key);
  const modes = MIX.map(([mode]) => mode);
  for (let lo = 1; lo <= heads; lo += SLICE) {
    const hi = Math.min(heads, lo + SLICE - 1);
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`set local synchronous_commit = off`.execute(trx);
      const first = Number((await sql<{ n: string }>`select coalesce(max(id), 0) as n from bill_heads`.execute(trx)).rows[0]!.n);
      await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, logistics_no, invt_no, cop_no, bill_no, pre_no,
          ebp_code, ebp_name, ebc_code, ebc_name, logistics_code, logistics_name, agent_code, agent_name, customs_code, trade_mode,
          app_type, app_time, create_time, update_time, return_status, return_time, return_info, data)
        select case when u.c < 0.30 then ${bigCompanyId} when u.c < 0.3002 then ${smallCompanyId}
                    else (${sql.val(others)}::int[])[1 + floor(${others.length} * power(u.c2, 3))::int] end,
               (${sql.val(keys)}::text[])[t.k], (${sql.val(modes)}::text[])[t.k], s.state,
               'MXO' || lpad(g::text, 9, '0'), 'MXL' || lpad(g::text, 9, '0'), 'MXI' || lpad(g::text, 9, '0'), 'MXC' || lpad(g::text, 9, '0'),
               'MXB' || lpad((g / 50)::text, 8, '0'), 'MXP' || lpad(g::text, 9, '0'),
               '33029600P' || (g % 7), '压测电商平台' || (g % 7), '33029610E' || (g % 13), '压测电商企业' || (g % 13),
               '33029620L' || (g % 5), '压测物流企业' || (g % 5), '33029630A' || (g % 3), '压测报关企业' || (g % 3),
               (array['3105','3104','2244'])[1 + g % 3], (array['9610','1210','9710','9810'])[1 + (g / 7) % 4],
               '1', u.at, u.at, u.at + interval '2 hours',
               case when s.state ~ '^[0-9]+$' then s.state end, case when s.state ~ '^[0-9]+$' then to_char(u.at + interval '1 hour', 'YYYYMMDDHH24MISS') || '000' end,
               case when s.state = '100' then '商品总价与订单金额不符' when s.state ~ '^[0-9]+$' then '新增申报成功' end,
               jsonb_build_object('mix', '1', 'goodsValue', (g % 5000) + 0.5, 'currency', '142', 'freight', g % 30, 'note', '压测数据')
        from generate_series(${lo}::int, ${hi}::int) g
        cross join lateral (select ((hashint8(g::int8 * 8 + 1) & 2147483647)::float8 / 2147483647) as c,
                                   ((hashint8(g::int8 * 8 + 2) & 2147483647)::float8 / 2147483647) as c2,
                                   now() - (((hashint8(g::int8 * 8 + 4) & 2147483647)::float8 / 2147483647) * interval '730 days') as at) u
        cross join lateral (select least(width_bucket((hashint8(g::int8 * 8 + 3) & 2147483647)::float8 / 2147483647, ${sql.val([0, ...thresholds.slice(0, -1)])}::float8[]), ${MIX.length}) as k) t
        cross join lateral (select (${sql.val(STATES)}::text[])[1 + (hashint8(g::int8 * 8 + 5) & 2147483647) % ${STATES.length}] as state) s`.execute(trx);
      await sql`insert into bill_lines (company_id, head_id, gnum, data)
        select h.company_id, h.id, n, jsonb_build_object('itemNo', 'MX-' || (h.id % 977), 'itemName', '压测商品' || (h.id % 977), 'qty', 1 + n, 'price', 50 + h.id % 100, 'unit', '011', 'currency', '142')
        from bill_heads h cross join generate_series(1, 2) n
        where h.id > ${first} and h.bill_key in ('order', 'detailedList', 'taxbill')`.execute(trx);
      await sql`insert into customs_receipts (guid, message_type, business_key, company_id, bill_id, return_status, return_time, return_info, keys, xml)
        select gen_random_uuid()::text, 'MIX', coalesce(h.order_no, h.cop_no), h.company_id, h.id, h.return_status, h.return_time, h.return_info, '{}', '<mix/>'
        from bill_heads h where h.id > ${first} and h.return_status is not null`.execute(trx);
    });
    console.log(`seed-mixed: ${hi.toLocaleString('en')} / ${heads.toLocaleString('en')} heads (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // vacuum before the indexes are built: the visibility map (index-only scans) without index passes
  for (const table of BIG_TABLES) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  const tIndex = performance.now();
  await restoreIndexes(db);
  console.log(`seed-mixed: indexes built in ${((performance.now() - tIndex) / 1000).toFixed(0)} s`);
  await rebuildStatistics(db);
  await sql`vacuum analyze statistics_daily`.execute(db);
  await rebuildBillCounts(db);
  await sql`vacuum analyze bill_counts`.execute(db);
  return { bigCompanyId, smallCompanyId, heads, loadSeconds: (performance.now() - t0) / 1000 };
}

/** Drops the indexes of the big tables that back no constraint, keeping their definitions to rebuild. */
async function dropSecondaryIndexes(db: Db): Promise<void> {
  await sql`create table if not exists bench_dropped_indexes (name text primary key, definition text not null)`.execute(db);
  const { rows } = await sql<{ name: string; definition: string }>`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid in (select oid from pg_class where relname = any(${sql.val(BIG_TABLES)}::text[]) and relkind = 'r')
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`.execute(db);
  for (const r of rows) {
    await sql`insert into bench_dropped_indexes (name, definition) values (${r.name}, ${r.definition}) on conflict (name) do nothing`.execute(db);
    await sql`drop index ${sql.id(r.name)}`.execute(db);
  }
}

/** Builds again every index dropped for a load (this one's, or one that died half-way). */
async function restoreIndexes(db: Db): Promise<void> {
  await sql`create table if not exists bench_dropped_indexes (name text primary key, definition text not null)`.execute(db);
  const { rows } = await sql<{ name: string; definition: string }>`select name, definition from bench_dropped_indexes order by name`.execute(db);
  for (const r of rows) {
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
      await sql.raw(r.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(trx);
      await sql`delete from bench_dropped_indexes where name = ${r.name}`.execute(trx);
    });
  }
}
