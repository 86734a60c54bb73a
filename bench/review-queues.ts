/**
 * The operator's queues (issue 20: 结汇审核, 核销审核, 补贴审核) over a platform's worth of records:
 * BENCH_ROWS settlements (default 200,000) of 50 companies, 1 in 100 still waiting (申报中/审核中),
 * as many verification applications and a tenth as many reward applications, then each queue
 * through the API (X-Review-Token; server time, median of 20 after a warm-up) for the shapes the
 * pages ask: the waiting states (how the page opens), a company, a number, all states.
 * Target: ≤ 50 ms a page, as the other lists.
 *
 *   node --import tsx bench/review-queues.ts          # PGlite;  DATABASE_URL=… for PostgreSQL
 */
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { median, percentile, postJson, verdict } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const TOKEN = 'bench-review-token';
const opened = await openBenchDatabase();
const { db } = opened.handle;
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';

await sql`delete from settlements where note = 'REVIEWBENCH'`.execute(db);
await sql`delete from subsidies where note = 'REVIEWBENCH'`.execute(db);
await sql`insert into companies (company_name, company_code, customs_regist_code, approve_state, profile)
  select '审核基准企业' || g, 'RB' || lpad(g::text, 8, '0'), 'RBC' || lpad(g::text, 7, '0'), 1, '{}'
  from generate_series(1, 50) g on conflict do nothing`.execute(db);
const companies = (await db.selectFrom('companies').select('id').where('company_code', 'like', 'RB%').orderBy('id').execute()).map((c) => c.id);
const t0 = performance.now();
const states = sql`case when g % 200 = 0 then 'declare' when g % 200 = 1 then 'audit' when g % 10 = 2 then 'not_approved' else 'approved' end`;
for (let from = 1; from <= ROWS; from += 50_000) {
  const to = Math.min(ROWS, from + 49_999);
  await sql`insert into settlements (company_id, ie_type, state, declare_no, trade_mode, currency, bank_code, bank_name, note, total_amount, total_count, app_time, state_time)
    select (${sql.raw(`array[${companies.join(',')}]`)})[1 + g % 50], 'EXP', ${states}, 'RBJH' || lpad(g::text, 12, '0'), '9610', '142', '104', '中国银行', 'REVIEWBENCH',
           1000, 3, now() - ((g::float8 / ${ROWS}) * 365 * 86400 || ' seconds')::interval, now()
    from generate_series(${from}::int, ${to}::int) g`.execute(db);
}
await sql`insert into settlement_verifications (company_id, settlement_id, ver_no, amount, state, app_time)
  select s.company_id, s.id, 'RBHX' || lpad(s.id::text, 12, '0'), 100, case when s.id % 100 = 0 then 'audit' else 'approved' end, s.app_time
  from settlements s where s.note = 'REVIEWBENCH' and s.state = 'approved'`.execute(db);
await sql`insert into subsidies (company_id, company_name, apply_type, company_type, ck_start_time, ck_end_time, note, import_no, state, apply_time)
  select (${sql.raw(`array[${companies.join(',')}]`)})[1 + g % 50], '审核基准企业', 'E9', '1', '2026-01-01', '2026-12-31', 'REVIEWBENCH', 0,
         case when g % 100 = 0 then 'wait_audit' when g % 100 = 1 then 'audit' else 'approved' end,
         now() - ((g::float8 / ${ROWS / 10}) * 365 * 86400 || ' seconds')::interval
  from generate_series(1, ${ROWS / 10}::int) g`.execute(db);
await sql`vacuum analyze`.execute(db);
console.log(`review-queues [${kind}] load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`review-queues [${kind}] ${ROWS.toLocaleString()} settlements (+ verifications, ${(ROWS / 10).toLocaleString()} reward applications) loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const someVerNo = (await db.selectFrom('settlement_verifications').select('ver_no').where('ver_no', 'like', 'RBHX%').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).ver_no;
const s = await startBenchSession(opened, { REVIEW_TOKEN: TOKEN, CUSTOMS_POLL_MS: '0' });
const term = (column: string, termType: string, value: unknown) => ({ column, termType, value });
const shapes: [string, string, Record<string, unknown>][] = [
  ['settlement', 'waiting (申报中, 审核中), page 1', { terms: [term('state', 'in', ['declare', 'audit'])] }],
  ['settlement', 'waiting, page 10', { pageIndex: 9, terms: [term('state', 'in', ['declare', 'audit'])] }],
  ['settlement', 'waiting, one company', { terms: [term('state', 'in', ['declare', 'audit']), term('company_name', 'like', '审核基准企业1')] }],
  ['settlement', 'a declaration number (exact, as the page asks), all states', { terms: [term('declare_no', 'eq', `RBJH${String(Math.floor(ROWS / 2)).padStart(12, '0')}`)] }],
  ['settlement', 'part of a declaration number (contains), all states', { terms: [term('declare_no', 'like', `${String(Math.floor(ROWS / 2)).padStart(12, '0')}`)] }],
  ['settlement', 'all states, page 1', {}],
  ['verification', 'waiting (审核中), page 1', { terms: [term('state', 'in', ['audit'])] }],
  ['verification', 'a verification number (exact)', { terms: [term('ver_no', 'eq', someVerNo)] }],
  ['subsidy', 'waiting (待核验, 核验中), page 1', { terms: [term('state', 'in', ['wait_audit', 'audit'])] }],
];
const post = async (path: string, data: unknown) => {
  const body = await postJson(s.address, path, JSON.stringify({ data }), { 'x-review-token': TOKEN });
  if (body.code !== 0) throw new Error(`${path}: ${body.message}`);
  return body.data as { total: number };
};
for (const [queue, name, request] of shapes) {
  const path = `/api/review/${queue}/pageList`;
  const body = { pageIndex: 0, pageSize: 20, ...request };
  let answer: { total: number } | undefined;
  for (let i = 0; i < 3; i++) answer = await post(path, body);
  s.takeServerTimes();
  for (let i = 0; i < 20; i++) await post(path, body);
  const times = s.takeServerTimes();
  const m = median(times);
  console.log(`review-queues [${kind}] ${queue}, ${name}: API median ${m.toFixed(2)} ms (p95 ${percentile(times, 95).toFixed(2)}), total ${answer!.total} (target ≤ 50 ms: ${verdict(m, 50)})`);
}
await sql`delete from settlements where note = 'REVIEWBENCH'`.execute(db);
await sql`delete from subsidies where note = 'REVIEWBENCH'`.execute(db);
await s.close();
