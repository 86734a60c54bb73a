/**
 * Migration 035 (issue 21): every list search has an index of its own list, derived from the bill
 * definitions, and the searches answer exactly what a substring test of every bill answers.
 * - Each `like` field of a search bar on a number or other text column is in the trigram index of its
 *   list (bill type + direction): at 10,000,000 heads the indexes shared by several lists made a
 *   common-prefix search (`MXL0004711`) intersect posting lists as long as all those lists' rows,
 *   131–207 ms whatever the company's size.
 * - Each `like` field on an enterprise column (ebc_name …) has a names index, and the list reads the
 *   company's names first (server/bills/pick-names.ts): at 10M the largest company's 出口订单
 *   `ebc_name ~ 企业7` tested the substring on its 210,000 orders of the window (207 ms).
 */
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeSearches } from '../../domain/bills/columns.ts';
import { exportDetailedList } from '../../domain/bills/export-detailed-list.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { billDefinitions } from '../../domain/bills/index.ts';
import { SMALL_SCOPE } from '../../server/bills/small-scope.ts';
import { LIST_SEARCHES, NAME_SEARCHES, searchIndexName } from '../../server/db/migrations/035-list-search-indexes.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
let companyId: number;
let otherId: number;
const captured: CompiledQuery[] = [];
let capturing = false;
const ROWS = 60_000;
const NAMES = ['宁波茶业出口有限公司', 'ABC Trading 宁波有限公司', '折扣50%专营店', '折扣500专营店', '杭州丝绸有限公司', '  宁波茶业出口有限公司'];

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' }, log: (e) => { if (capturing && e.level === 'query') captured.push(e.query); } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
  const idOf = async (login: string) => (await t.handle.db.selectFrom('users').select('company_id').where('login_name', '=', login).executeTakeFirstOrThrow()).company_id!;
  [companyId, otherId] = [await idOf('admin'), await idOf('other')];
  await t.handle.db.transaction().execute(async (trx) => {
    // rows made set-wise, the per-row triggers (events, statistics upkeep) off
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, logistics_no, cop_no, invt_no, ebc_name, app_time, create_time, data)
      select case when g % 7 = 0 then ${otherId}::int else ${companyId}::int end,
             (array['order', 'waybill', 'detailedList'])[1 + g % 3], case when g % 2 = 0 then 'export' else 'import' end,
             (array['120', '800', 'DRAFT'])[1 + (g / 3) % 3],
             'LSO' || lpad(g::text, 9, '0'), 'LSL' || lpad(g::text, 9, '0'), 'LSC' || lpad(g::text, 9, '0'), 'LSI' || lpad(g::text, 9, '0'),
             (${sql.val(NAMES)}::text[])[1 + g % ${NAMES.length}], now() - (g % 300) * interval '1 day', now() - (g % 300) * interval '1 day', '{}'
      from generate_series(1, ${ROWS}) g`.execute(trx);
  });
  await sql`analyze bill_heads`.execute(t.handle.db);
}, 180_000);
afterAll(async () => { await t?.close(); });

describe('the definitions\' searches and their indexes', () => {
  it('migration 035 lists every list\'s trigram searches as the definitions have them', () => {
    const fromDefinitions = billDefinitions
      .map((d) => [d.mode, d.key, likeSearches(d).trigram] as const)
      .filter(([, , columns]) => columns.length > 0);
    expect([...LIST_SEARCHES].sort()).toEqual([...fromDefinitions].sort());
  });

  it('each trigram search is in its list\'s index, partial to the bill type and direction', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where tablename = 'bill_heads'`.execute(t.handle.db);
    for (const d of billDefinitions) {
      for (const column of likeSearches(d).trigram) {
        const def = rows.find((r) => r.indexname === searchIndexName(d.mode, d.key))?.indexdef ?? `${d.mode} ${d.key}: no search index`;
        const expression = column.startsWith('data:') ? `((data ->> '${column.slice(5)}'::text))` : column;
        expect(def).toContain(`${expression} gin_trgm_ops`);
        expect(def).toMatch(new RegExp(`WHERE \\(\\(\\(bill_key\\)::text = '${d.key}'::text\\) AND \\(\\(mode\\)::text = '${d.mode}'::text\\)\\)`));
      }
    }
  });

  it('each enterprise search has a names index: company, direction, the column, partial to the bill type', async () => {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'bill_heads'`.execute(t.handle.db);
    const named = billDefinitions.flatMap((d) => likeSearches(d).names.map((column) => [d.key, column] as const));
    expect(named.length).toBeGreaterThan(0);
    for (const [key, column] of named) {
      expect(rows.some((r) => r.indexdef.includes(`btree (company_id, mode, ${column}, state, create_time) WHERE ((bill_key)::text = '${key}'::text)`)), `${key} ${column}`).toBe(true);
    }
    expect(NAME_SEARCHES.length + 1).toBeGreaterThanOrEqual(new Set(named.map(([k, c]) => `${k} ${c}`)).size);
  });

  it('a number search of 出口清单 reads 出口清单\'s own trigram index, not one shared with other lists', async () => {
    const plan = await t.handle.db.transaction().execute(async (trx) => {
      return (await sql<{ 'QUERY PLAN': string }>`explain select id from bill_heads where company_id = ${sql.lit(companyId)}
        and bill_key = 'detailedList' and mode = 'export' and bill_heads.logistics_no ilike '%LSL0000471%'`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('bill_heads_search_export_detailed_list');
  });
});

/** A list's page (all of it) and total, and its state counts, for these terms. */
async function list(base: string, terms: unknown[], token = admin.token, pageList = 'pageList'): Promise<{ total: number; ids: number[]; counts: Record<string, number> }> {
  const data = { pageIndex: 0, pageSize: 1000, terms };
  const page = await call(t.app, `/api/enterprise${base}/${pageList}`, data, token);
  expect(page.body.code).toBe(0);
  const counts = await call(t.app, `/api/enterprise${base}/queryStateCount`, data, token);
  expect(counts.body.code).toBe(0);
  return {
    total: page.body.data.total,
    ids: page.body.data.datas.map((r: { id: number }) => Number(r.id)).sort((a: number, b: number) => a - b),
    counts: Object.fromEntries((counts.body.data as { state: string; count: number }[]).filter((c) => c.count > 0).map((c) => [c.state, c.count])),
  };
}

/** What a substring test of every export order of the company finds (list-query's ilike: trimmed, escaped). */
async function truth(text: string): Promise<{ total: number; ids: number[]; counts: Record<string, number> }> {
  const pattern = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<{ id: string; state: string }>`select id, state from bill_heads where company_id = ${companyId} and bill_key = 'order' and mode = 'export' and ebc_name ilike ${pattern}`.execute(t.handle.db);
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.state] = (counts[r.state] ?? 0) + 1;
  return { total: rows.length, ids: rows.map((r) => Number(r.id)).sort((a, b) => a - b), counts };
}

describe('出口订单 searched by enterprise name', () => {
  const base = exportOrder.api.pageList.replace(/\/pageList$/, '');
  const byName = (value: string) => ({ column: 'ebc_name', termType: 'like', value });

  it('reads the company\'s names, then the matching orders by name (no substring test of each order)', async () => {
    captured.length = 0;
    capturing = true;
    try { await list(base, [byName('茶业')]); } finally { capturing = false; }
    const statements = captured.map((q) => q.sql).filter((s) => /from "bill_heads"/.test(s) && !/with recursive names/.test(s));
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      expect(s).toContain('"bill_heads"."ebc_name" = any(');
      expect(s).not.toMatch(/ebc_name" ilike/);
    }
  });

  it('finds exactly what the substring test finds: any part, case, spaces, % and _, nothing, other companies', async () => {
    for (const text of ['茶业', 'abc trading', '  宁波  '.trim(), '50%', '折扣50', '_', '有限', '并无此名', '宁波茶业出口有限公司']) {
      const [answer, expected] = [await list(base, [byName(text)]), await truth(text)];
      expect({ total: answer.total, counts: answer.counts }, text).toEqual({ total: expected.total, counts: expected.counts });
      // the page (the first 1,000) is among them
      expect(answer.ids.length, text).toBe(Math.min(1000, expected.total));
      expect(answer.ids.filter((id) => !expected.ids.includes(id)), text).toEqual([]);
    }
  });

  it('keeps the other terms of the request (a state, a number) and the names\' own OR group', async () => {
    const answer = await list(base, [byName('茶业'), { column: 'state', termType: 'eq', value: '120' }]);
    const all = await truth('茶业');
    expect(answer.total).toBe(all.counts['120']);
    const either = await list(base, [byName('丝绸'), { column: 'order_no', termType: 'like', type: 'or', value: 'LSO000000012' }]);
    const silk = await truth('丝绸');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from bill_heads where company_id = ${companyId} and bill_key = 'order' and mode = 'export'
      and (ebc_name ilike '%丝绸%' or order_no ilike '%LSO000000012%')`.execute(t.handle.db);
    expect(either.total).toBe(rows[0]!.n);
    expect(either.total).toBeGreaterThanOrEqual(silk.total);
  });
});

describe('出口清单 searched by number: a small company reads its own bills, a large one the trigram index', () => {
  const base = exportDetailedList.api.pageList.replace(/\/queryPageList$/, '');
  const search = async (token: string, text: string) => {
    captured.length = 0;
    capturing = true;
    try { return await list(base, [{ column: 'logistics_no', termType: 'like', value: text }], token, 'queryPageList'); } finally { capturing = false; }
  };
  const statements = () => captured.map((q) => q.sql).filter((s) => /"bill_heads"\."logistics_no"/.test(s));
  const truthOf = async (company: number, text: string) => (await sql<{ n: number }>`select count(*)::int as n from bill_heads
    where company_id = ${company} and bill_key = 'detailedList' and mode = 'export' and logistics_no ilike ${`%${text}%`}`.execute(t.handle.db)).rows[0]!.n;
  const scopeOf = async (company: number) => (await sql<{ n: number }>`select count(*)::int as n from bill_heads
    where company_id = ${company} and bill_key = 'detailedList' and mode = 'export'`.execute(t.handle.db)).rows[0]!.n;

  it('the small company (fewer than SMALL_SCOPE inventories) tests its own: no trigram index can match the term', async () => {
    expect(await scopeOf(otherId)).toBeLessThan(SMALL_SCOPE);
    for (const text of ['LSL00000', 'lsl0000471', '4', '并无']) {
      const answer = await search(other.token, text);
      expect(answer.total, text).toBe(await truthOf(otherId, text));
      expect(statements().length).toBeGreaterThan(0);
      for (const s of statements()) expect(s).toContain(`("bill_heads"."logistics_no" || '') ilike`);
    }
  });

  it('the large company searches through the index, and finds the same', async () => {
    expect(await scopeOf(companyId)).toBeGreaterThanOrEqual(SMALL_SCOPE);
    for (const text of ['LSL00000', 'lsl0000471', '并无']) {
      const answer = await search(admin.token, text);
      expect(answer.total, text).toBe(await truthOf(companyId, text));
      for (const s of statements()) expect(s).toContain('"bill_heads"."logistics_no" ilike');
      // the page and its total from one reading of the matches (search-page.ts)
      expect(statements().some((s) => s.includes('count(*) over ()'))).toBe(true);
    }
  });

  it('pages the large company\'s matches exactly: page and total from one reading, every page, and past the end', async () => {
    const text = 'LSL0000012';
    const { rows } = await sql<{ id: string }>`select id from bill_heads where company_id = ${companyId} and bill_key = 'detailedList' and mode = 'export'
      and logistics_no ilike ${`%${text}%`} order by app_time desc, id desc`.execute(t.handle.db);
    const expected = rows.map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(7);
    const term = { column: 'logistics_no', termType: 'like', value: text };
    const seen: number[] = [];
    for (let pageIndex = 0; pageIndex * 7 < expected.length + 7; pageIndex++) {
      const r = await call(t.app, `/api/enterprise${exportDetailedList.api.pageList}`, { pageIndex, pageSize: 7, terms: [term], sorts: [{ name: 'app_time', order: 'desc' }] }, admin.token);
      expect(r.body.code).toBe(0);
      expect(r.body.data.total).toBe(expected.length);
      seen.push(...r.body.data.datas.map((d: { id: number }) => Number(d.id)));
    }
    expect(seen).toEqual(expected);
  });
});
