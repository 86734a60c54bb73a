/**
 * The operation log's list (issue 17 §2): ≥ 1,000,000 rows list in ≤ 50 ms on PostgreSQL.
 * 1,000,000 rows of the demo company over the last 365 days (~19,000 in a 7-day window; a tenth of
 * them the sub-account's, one in twenty refused, each naming one bill), then the list through the
 * API (server time, median of 20 after a warm-up) for the shapes the page asks: the default window,
 * a sub-account's own rows, an account, an action and outcome, a bill number (over the whole year).
 * Also: what the log adds to a state-changing call (a save with and without its row).
 *
 *   node --import tsx bench/operation-log.ts          # PGlite;  DATABASE_URL=… for PostgreSQL
 */
import { sql } from 'kysely';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { median, percentile, timeMany, verdict } from './lib.ts';
import { loadavg } from 'node:os';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const opened = await openBenchDatabase();
const { db } = opened.handle;
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
await sql`delete from operation_logs`.execute(db);
await sql`delete from bill_heads where order_no like 'OPLBENCH-%'`.execute(db);
const company = await db.selectFrom('companies').select('id').where('company_code', '=', '3302961A2B').executeTakeFirstOrThrow();
const users = await db.selectFrom('users').select(['id', 'login_name']).where('company_id', '=', company.id).orderBy('id').execute();
const [admin, sub] = [users[0]!, users[1] ?? users[0]!];

const t0 = performance.now();
for (let from = 1; from <= ROWS; from += 100_000) {
  const to = Math.min(ROWS, from + 99_999);
  await sql`insert into operation_logs (company_id, user_id, account, actor_name, ip, module, action, bill_type, record_ids, bill_nos, outcome, message, created_at)
    select ${company.id}, case when g % 10 = 0 then ${sub.id}::int else ${admin.id}::int end,
           case when g % 10 = 0 then ${sub.login_name} else ${admin.login_name} end, '王丽华', '10.0.0.' || (g % 200),
           case g % 3 when 0 then '出口订单' when 1 then '出口清单' else '账号' end,
           case g % 4 when 0 then '保存' when 1 then '申报' when 2 then '删除' else '保存并申报' end,
           'export/order', array[g]::bigint[], array['OPL' || lpad(g::text, 9, '0')],
           case when g % 20 = 0 then '失败' else '成功' end, case when g % 20 = 0 then '订单编号 已存在' else '' end,
           now() - ((g::float8 / ${ROWS}) * 365 * 86400 || ' seconds')::interval
    from generate_series(${from}::int, ${to}::int) g`.execute(db);
}
// as autovacuum leaves a table in service: statistics, and the visibility map that lets counts read the index alone
await sql`vacuum analyze operation_logs`.execute(db);
console.log(`operation-log [${kind}] load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
console.log(`operation-log [${kind}] ${ROWS.toLocaleString()} rows loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
const term = (column: string, termType: string, value: unknown) => ({ column, termType, value });
const year = term('create_time', 'btw', ['2000-01-01 00:00:00', '2999-12-31 23:59:59']);
const shapes: [string, Record<string, unknown>][] = [
  ['default window (last 7 days), page 1', {}],
  ['default window, page 20', { pageIndex: 19 }],
  ['account', { terms: [term('account', 'eq', sub.login_name)] }],
  ['action + outcome 失败', { terms: [term('action', 'eq', '保存'), term('outcome', 'eq', '失败')] }],
  ['bill number over the whole year', { terms: [term('bill_no', 'eq', `OPL${String(Math.floor(ROWS / 2)).padStart(9, '0')}`), year] }],
  ['module, whole year', { terms: [term('module', 'eq', '账号'), year] }],
];
for (const [name, request] of shapes) {
  const body = { pageIndex: 0, pageSize: 50, ...request };
  let answer: { total: number } | undefined;
  for (let i = 0; i < 3; i++) answer = await s.post('/api/enterprise/operationLog/pageList', body);
  s.takeServerTimes();
  for (let i = 0; i < 20; i++) await s.post('/api/enterprise/operationLog/pageList', body);
  const times = s.takeServerTimes();
  const m = median(times);
  // the same SQL straight to the database (no HTTP, no app code): the database's share of the call
  const queries = await s.capture(() => s.post('/api/enterprise/operationLog/pageList', body));
  const direct = median(await timeMany(20, () => s.replay(queries)));
  console.log(`operation-log [${kind}] list, ${name}: API median ${m.toFixed(2)} ms (p95 ${percentile(times, 95).toFixed(2)}), its SQL alone ${direct.toFixed(2)} ms, total ${answer!.total} (target ≤ 50 ms: ${verdict(m, 50)})`);
}

// what the log adds to a state-changing call: the same save with its row and without (a read-only
// route does no logging at all, so this is the cost of the row itself)
const order = (no: string) => ({ orderNo: no, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'A', itemName: '茶', unit: '140', currency: '142', qty: 1, price: 100, totalPrice: 100 }] });
for (let i = 0; i < 20; i++) await s.post('/api/enterprise/expu/order/saveOrder', order(`OPLBENCH-W${i}`));
s.takeServerTimes();
for (let i = 0; i < 100; i++) await s.post('/api/enterprise/expu/order/saveOrder', order(`OPLBENCH-${i}`));
const saves = s.takeServerTimes();
console.log(`operation-log [${kind}] a save with its log row: median ${median(saves).toFixed(2)} ms (the row is one insert inside the save's transaction)`);
await s.close();
