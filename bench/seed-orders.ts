/**
 * The export orders the list benchmarks read: `rows` orders spread over the two demo enterprises and
 * eight more, in a working mix of states, over the last two years. BENCH_KEEP=1 reuses the orders of
 * an earlier run of the same size (PostgreSQL keeps them between runs). Returns the company ids and
 * the seconds the loading took.
 */
import { sql } from 'kysely';
import type { Db } from '../server/db/database.ts';

export async function seedExportOrders(db: Db, rows: number): Promise<{ companyIds: number[]; loadSeconds: number }> {
  const t0 = performance.now();
  for (let i = 0; i < 8; i++) {
    await db.insertInto('companies').values({ company_code: `33029610${String(i).padStart(2, '0')}`, company_name: `压测企业${i + 1}`, approve_state: 2, profile: '{}' })
      .onConflict((oc) => oc.column('company_code').doNothing()).execute();
  }
  const companyIds = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
  const existing = Number((await sql<{ n: string }>`select count(*) as n from bill_heads where bill_key = 'order'`.execute(db)).rows[0]!.n);
  if (!(process.env.BENCH_KEEP && existing === rows)) {
    await sql`delete from bill_heads where bill_key = 'order'`.execute(db);
    const states = ['DRAFT', 'DECLARING', 'SEND_FAILED', '2', '3', '100', '120', '120', '120', '120', '399', 'ERROR'];
    await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebp_name, ebc_code, ebc_name, app_type, app_time, create_time, update_time, return_info, data)
      select (${sql.val(companyIds)}::int[])[1 + g % ${companyIds.length}], 'order', 'export',
             (${sql.val(states)}::text[])[1 + (g / 7) % ${states.length}],
             'SO' || lpad(g::text, 10, '0'), '3302960001', '宁波跨境优选电商平台', '3302961A2B', '宁波跨境优选供应链管理有限公司', '1',
             now() - ((g % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
             now() - ((g % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
             now(), case when g % 12 = 5 then '商品总价与订单金额不符' else '新增申报成功' end,
             jsonb_build_object('orderType', 'E', 'goodsValue', (g % 5000) + 0.5, 'freight', 10, 'currency', '142',
               'copCode', '3302961A2B', 'copName', '宁波跨境优选供应链管理有限公司', 'dxpMode', 'DXP', 'dxpId', 'DXPENT0000458763', 'note', '压测数据')
      from generate_series(1, ${rows}) g`.execute(db);
    await sql`vacuum analyze bill_heads`.execute(db);
  }
  return { companyIds, loadSeconds: (performance.now() - t0) / 1000 };
}
