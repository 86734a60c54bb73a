// The 订单汇总 search (bills §7 queryOrderList) through its indexes (migration 013): an enterprise
// name search answered from the company's distinct names (server/bills/pick-names.ts) finds exactly
// what the substring test found — case, escaping, trimming, other companies, nothing found, with
// a number search — and past MAX_NAMES names the term stays the substring test.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDeclarationForm } from '../../domain/bills/export-declaration-form.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { billModel } from '../../server/bills/model.ts';
import { MAX_NAMES, narrowByNames } from '../../server/bills/pick-names.ts';
import { compileListQuery } from '../../server/query/list-query.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
let companyId: number;

async function takenOrder(orderNo: string, ebcName: string, token = admin.token): Promise<number> {
  const r = await call(t.app, `/api/enterprise${exportOrder.api.save}`, {
    orderNo, ebcName, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 10, freight: 0,
    details: [{ id: 'temp0', gnum: 1, itemNo: 'SKU-1', itemName: '宁波白茶礼盒', qty: 1, price: 10, unit: '011', currency: '142', totalPrice: 10, country: '142', gmodel: '常规' }],
  }, token);
  expect(r.body).toMatchObject({ code: 0 });
  const id = r.body.data.id as number;
  await t.handle.db.updateTable('bill_heads').set({ state: '120' }).where('id', '=', id).execute();
  return id;
}

/** the order numbers the dialog lists for these terms, and its total */
async function search(terms: unknown[], token = admin.token): Promise<{ total: number; orderNos: string[] }> {
  const r = await call(t.app, `/api/enterprise${exportDeclarationForm.api.pickList}`, { pageIndex: 0, pageSize: 400, terms }, token);
  expect(r.body.code).toBe(0);
  return { total: r.body.data.total, orderNos: r.body.data.datas.map((o: { orderNo: string }) => o.orderNo).sort() };
}
const byName = (value: string) => ({ column: 'ebc_name', termType: 'like', value });

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
  companyId = (await t.handle.db.selectFrom('users').select('company_id').where('login_name', '=', 'admin').executeTakeFirstOrThrow()).company_id!;
  await takenOrder('OS-0001', 'ABC Trading 宁波有限公司');
  await takenOrder('OS-0002', '宁波茶业出口有限公司');
  await takenOrder('OS-0003', '折扣50%专营店');
  await takenOrder('OS-0004', '折扣500专营店');
  await takenOrder('OS-0005', '宁波茶业出口有限公司');
  await takenOrder('OS-0006', '杭州独家名称有限公司', other.token);
});
afterAll(async () => { await t.close(); });

describe('订单汇总 search', () => {
  it('pages past the middle (read from the end) in exactly the order of the whole list', async () => {
    const page = async (pageIndex: number, pageSize: number) => {
      const r = await call(t.app, `/api/enterprise${exportDeclarationForm.api.pickList}`, { pageIndex, pageSize, terms: [] }, admin.token);
      expect(r.body.code).toBe(0);
      return r.body.data as { total: number; datas: { id: number }[] };
    };
    const whole = await page(0, 400);
    expect(whole.total).toBeGreaterThanOrEqual(5);
    for (const size of [2, 3]) {
      const pages = [];
      for (let i = 0; i * size < whole.total + size; i++) {
        const p = await page(i, size);
        expect(p.total).toBe(whole.total);
        pages.push(...p.datas.map((d) => d.id));
      }
      expect(pages).toEqual(whole.datas.map((d) => d.id));
    }
  });

  it('has the order-number trigram index (the export orders\' own since migration 035) and the enterprise-name index on this database', async () => {
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'bill_heads' and indexname in ('bill_heads_search_export_order', 'bill_heads_order_ebc') order by indexname`.execute(t.handle.db);
    expect(rows.map((r) => r.indexname)).toEqual(['bill_heads_order_ebc', 'bill_heads_search_export_order']);
  });

  it('finds an enterprise name by any part of it, ignoring case and surrounding spaces', async () => {
    expect(await search([byName('茶业')])).toEqual({ total: 2, orderNos: ['OS-0002', 'OS-0005'] });
    expect(await search([byName('abc trading')])).toEqual({ total: 1, orderNos: ['OS-0001'] });
    expect(await search([byName('  茶业出口 ')])).toEqual({ total: 2, orderNos: ['OS-0002', 'OS-0005'] });
  });

  it('takes % and _ in a name search as the characters themselves', async () => {
    expect(await search([byName('50%')])).toEqual({ total: 1, orderNos: ['OS-0003'] });
    expect(await search([byName('折扣50_')])).toEqual({ total: 0, orderNos: [] });
  });

  it('finds nothing for a name no order of the company has, another company\'s included', async () => {
    expect(await search([byName('独家名称')])).toEqual({ total: 0, orderNos: [] });
    expect(await search([byName('独家名称')], other.token)).toEqual({ total: 1, orderNos: ['OS-0006'] });
  });

  it('combines a name search with a number search, and an empty name field filters nothing', async () => {
    expect(await search([byName('茶业'), { column: 'order_no', termType: 'like', value: 'os-0005' }])).toEqual({ total: 1, orderNos: ['OS-0005'] });
    const all = await search([]);
    expect(await search([byName('  ')])).toEqual(all);
    expect(all.orderNos).toEqual(expect.arrayContaining(['OS-0001', 'OS-0002', 'OS-0003', 'OS-0004', 'OS-0005']));
  });

  it('keeps the substring test past MAX_NAMES names, with the same answers', async () => {
    const model = billModel(exportOrder);
    const scope = { companyId, model };
    /** the SQL of the name term the dialog's query runs */
    const nameTerm = async (value: string) => {
      const narrowed = await narrowByNames(t.handle.db, scope, compileListQuery({ terms: [byName(value)] }, model.whitelist));
      return narrowed.groups[0]![0]!.where.compile(t.handle.db).sql;
    };
    expect(await nameTerm('茶业')).toMatch(/^"bill_heads"\."ebc_name" = any\(\$1::text\[\]\)$/);
    expect(await nameTerm('批量企业12')).toBe('false');
    // MAX_NAMES + 1 more names: 批量企业0 … 批量企业N, their orders taken by customs
    await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebc_name, create_time, data)
      select ${companyId}, 'order', 'export', '120', 'BULK' || g, '批量企业' || g, now(), '{}'::jsonb
      from generate_series(0, ${MAX_NAMES}) g`.execute(t.handle.db);
    expect(await nameTerm('茶业')).toMatch(/ilike/);
    // 批量企业12 and 批量企业120 … 批量企业129
    const found = await search([byName('批量企业12')]);
    expect(found.total).toBe(11);
    expect(found.orderNos).toEqual(['BULK12', ...Array.from({ length: 10 }, (_, i) => `BULK12${i}`)].sort());
    expect(await search([byName('茶业')])).toEqual({ total: 2, orderNos: ['OS-0002', 'OS-0005'] });
  });
});
