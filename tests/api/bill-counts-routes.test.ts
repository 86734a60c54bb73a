/**
 * The count summary through the routes (migration 034, issue 21): the list's total and 状态统计 of
 * the default window, of a state tab and of no window at all answer what counting the bills does,
 * after the demo bills, declarations answered by customs, a bulk state change, create_time edits
 * and a delete; the server folds the deltas in the background; and a window-only request does read
 * the summary (a row planted in it shows), while a request with another term counts the rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBill } from '../../domain/bills/index.ts';
import { defaultCreateTimeWindow } from '../../domain/query.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { call, declareFixture, openDemoSuite, type DemoSuite } from '../helpers/test-app.ts';

let suite: DemoSuite;
const def = findBill('export', 'order')!;
const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };

beforeAll(async () => {
  suite = await openDemoSuite({ env: { CUSTOMS_POLL_MS: '0' }, seedBills: true });
}, 120_000);
afterAll(async () => { await suite?.t.close(); });

const company = () => suite.admin.userInfo.companyId;
const db = () => suite.t.handle.db;
const post = async (path: string, data: unknown) => {
  const r = await call(suite.t.app, `/api/enterprise${path}`, data, suite.admin.token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.data;
};

/** The bills of the request counted in SQL: the whole truth the summary must give. */
async function counted(terms: { window?: boolean; states?: string[] }): Promise<Map<string, number>> {
  const { rows } = await sql<{ state: string; n: number }>`select state, count(*)::int as n from bill_heads
    where company_id = ${company()} and bill_key = ${def.key} and mode = ${def.mode}
      and (${!terms.window} or create_time between (${start} || '+08')::timestamptz and (${end} || '+08')::timestamptz)
      and (${!terms.states} or state = any(${terms.states ?? []}))
    group by state`.execute(db());
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}

async function answered(terms: { window?: boolean; states?: string[] }) {
  const list = [...(terms.window ? [window] : []), ...(terms.states ? [{ column: 'state', termType: 'in', type: 'and', value: terms.states }] : [])];
  const page = await post(def.api.pageList!, { pageIndex: 0, pageSize: 5, terms: list });
  const states = await post(def.api.queryStateCount!, { terms: list }) as { state: string; count: number }[];
  return { total: page.total as number, states: new Map(states.filter((s) => s.count > 0).map((s) => [s.state, s.count])) };
}

async function expectExact(): Promise<void> {
  for (const terms of [{ window: true }, { window: true, states: ['120'] }, { window: true, states: ['DRAFT', '2', '120'] }, {}]) {
    const truth = await counted(terms);
    const got = await answered(terms);
    expect(got.total, JSON.stringify(terms)).toBe([...truth.values()].reduce((a, b) => a + b, 0));
    // the state counts ignore the state term: every state of the window
    expect(got.states, JSON.stringify(terms)).toEqual(await counted(terms.window ? { window: true } : {}));
  }
}

describe('list totals and state counts from the count summary', () => {
  it('answer what counting the bills answers, through declarations, receipts, bulk changes, edits and deletes', async () => {
    await expectExact();
    for (let i = 1; i <= 3; i++) await declareFixture(suite.t, suite.admin.token, def, exportOrderBill({ orderNo: `CNT-${i}`, copNo: `CNT-C-${i}` }));
    await expectExact();
    const ids = (await db().selectFrom('bill_heads').select('id').where('company_id', '=', company()).where('bill_key', '=', def.key).where('mode', '=', def.mode).orderBy('id').execute()).map((r) => Number(r.id));
    expect(ids.length).toBeGreaterThan(3);
    // a bulk state change, a bill moved to the window's first day and one out of the window, a delete
    await db().updateTable('bill_heads').set({ state: '2' }).where('id', 'in', ids.slice(0, 2)).execute();
    await sql`update bill_heads set create_time = (${start} || '+08')::timestamptz + interval '1 second' where id = ${ids[2]!}`.execute(db());
    await sql`update bill_heads set create_time = (${start} || '+08')::timestamptz - interval '1 second' where id = ${ids[3]!}`.execute(db());
    await expectExact();
    await db().deleteFrom('bill_lines').where('head_id', '=', ids.at(-1)!).execute();
    await sql`delete from customs_messages where bill_id = ${ids.at(-1)!}`.execute(db());
    await db().deleteFrom('bill_heads').where('id', '=', ids.at(-1)!).execute();
    await expectExact();
  });

  it('folds the deltas into the day rows in the background, the counts unchanged', async () => {
    const deltas = async (q = db()) => Number((await sql<{ n: number }>`select count(*)::int as n from bill_count_deltas`.execute(q)).rows[0]!.n);
    // seen inside the writing transaction: no compaction can fold them before it commits
    await db().transaction().execute(async (trx) => {
      await trx.updateTable('bill_heads').set({ state: '120' }).where('company_id', '=', company()).where('bill_key', '=', def.key).execute();
      expect(await deltas(trx)).toBeGreaterThan(0);
    });
    // the server's compactor turns every 2 s; generous for a loaded machine
    for (let i = 0; i < 150 && (await deltas()) > 0; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await deltas()).toBe(0);
    await expectExact();
  }, 60_000);

  it('reads the summary for a window-only request and counts the rows for any other', async () => {
    const like = { column: 'order_no', termType: 'like', type: 'and', value: 'CNT-' };
    const before = await post(def.api.pageList!, { terms: [window] });
    const searched = await post(def.api.pageList!, { terms: [window, like] });
    // a day row no bill stands behind, in the middle of the window
    await sql`insert into bill_counts (company_id, bill_key, mode, day, state, n)
      values (${company()}, ${def.key}, ${def.mode}, (now() at time zone 'Asia/Shanghai')::date - 100, 'PLANTED', 1000)`.execute(db());
    try {
      expect((await post(def.api.pageList!, { terms: [window] })).total).toBe(before.total + 1000);
      const states = await post(def.api.queryStateCount!, { terms: [window] }) as { state: string; count: number }[];
      expect(states.find((s) => s.state === 'PLANTED')?.count).toBe(1000);
      expect((await post(def.api.pageList!, { terms: [window, like] })).total).toBe(searched.total);
    } finally {
      await sql`delete from bill_counts where state = 'PLANTED'`.execute(db());
    }
  });
});
