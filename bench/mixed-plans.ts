/**
 * Query plans on the mixed set (issue 21): the statements the hottest list, count and search calls
 * issue, captured as the API sends them and replayed under EXPLAIN (ANALYZE, BUFFERS), for the
 * largest company and a small one. Printed per statement: the time, and every scan whose row estimate
 * is off by more than 10× (the sign of correlated columns the planner takes as independent —
 * company, bill type, mode, state — and the fix is extended statistics or an index, docs/scaling.md).
 *
 *   DATABASE_URL=… MIXED_HEADS=10000000 BENCH_KEEP=1 node --import tsx bench/mixed-plans.ts
 */
import { sql, type CompiledQuery } from 'kysely';
import { loadavg } from 'node:os';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { loginAs, openBenchDatabase, startBenchSession } from './api-session.ts';
import { seedMixedBills } from './seed-mixed.ts';

const HEADS = Number(process.env.MIXED_HEADS ?? 1_000_000);
const opened = await openBenchDatabase();
if (opened.handle.kind !== 'pg') throw new Error('mixed-plans reads PostgreSQL plans: set DATABASE_URL');
const set = await seedMixedBills(opened.handle.db, HEADS);
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
await initCustomsSchemas();
const small = await loginAs(s.address, opened.handle, 'other', 'Cbec@2026other');
console.log(`mixed-plans [PostgreSQL] ${HEADS.toLocaleString('en')} heads (machine load ${loadavg()[0]!.toFixed(1)})`);

const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };
const page = (terms: unknown[] = [], sorts: unknown[] = [{ name: 'app_time', order: 'desc' }]) => ({ pageIndex: 0, pageSize: 10, sorts, terms: [window, ...terms] });
const like = (column: string, value: string) => ({ column, termType: 'like', type: 'and', value });
const CALLS: { name: string; path: string; data: unknown }[] = [
  { name: '出口订单 list', path: '/api/enterprise/expu/order/pageList', data: page() },
  { name: '出口订单 counts', path: '/api/enterprise/expu/order/queryStateCount', data: page() },
  { name: '出口订单 search order_no', path: '/api/enterprise/expu/order/pageList', data: page([like('order_no', '0004711')]) },
  { name: '出口清单 list', path: '/api/enterprise/expuInventry/queryPageList', data: page() },
  { name: '出口清单 search invt_no', path: '/api/enterprise/expuInventry/queryPageList', data: page([like('invt_no', '0004711')]) },
  { name: '订单汇总 search order_no', path: '/api/enterprise/expuDeclaration/queryOrderList', data: page([like('order_no', '0004711')], [{ name: 'create_time', order: 'desc' }]) },
  // the misses of the 10M run after migration 032 (docs/perf.md), read again after migration 035
  { name: '出口订单 search order_no full', path: '/api/enterprise/expu/order/pageList', data: page([like('order_no', 'MXO000471123')]) },
  { name: '出口订单 search ebc_name', path: '/api/enterprise/expu/order/pageList', data: page([like('ebc_name', '企业7')]) },
  { name: '出口清单 search logistics_no', path: '/api/enterprise/expuInventry/queryPageList', data: page([like('logistics_no', 'MXL0004711')]) },
  { name: '出口清单 search cop_no', path: '/api/enterprise/expuInventry/queryPageList', data: page([like('cop_no', 'MXC000471')]) },
  { name: '进口清单 search invt_no full', path: '/api/enterprise/invtInventory/queryPageList', data: page([like('invt_no', 'MXI000471123')]) },
];

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Plan Rows': number; 'Actual Rows': number; 'Actual Loops': number; 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number; Plans?: PlanNode[] }

/** The indexes a plan reads, in plan order. */
const indexesOf = (node: PlanNode): string[] => [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
/** Scans whose estimate is off by 10× — below a Limit only those reading more than planned (a Limit stops a scan early by design). */
function misestimates(node: PlanNode, out: string[] = [], underLimit = false): string[] {
  const actual = node['Actual Rows'] * node['Actual Loops'];
  const planned = node['Plan Rows'] * node['Actual Loops'];
  const off = Math.max(actual, 1) / Math.max(planned, 1);
  if (node['Relation Name'] && (off > 10 || (off < 0.1 && !underLimit))) {
    out.push(`${node['Node Type']} ${node['Index Name'] ?? node['Relation Name']}: planned ${planned.toLocaleString('en')}, actual ${actual.toLocaleString('en')}`);
  }
  for (const child of node.Plans ?? []) misestimates(child, out, underLimit || node['Node Type'] === 'Limit');
  return out;
}

for (const [who, post] of [['largest company', s.post], ['small company', small.post]] as const) {
  console.log(` ${who}`);
  for (const c of CALLS) {
    const captured: CompiledQuery[] = [];
    opened.setCapture((q) => captured.push(q));
    await post(c.path, c.data);
    opened.setCapture(null);
    for (const q of captured.filter((x) => /bill_heads|bill_lines/.test(x.sql) && /^\s*select/i.test(x.sql))) {
      const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>`explain (analyze, buffers, format json) ${sql.raw(inline(q))}`.execute(opened.handle.db);
      const plan = rows[0]!['QUERY PLAN'][0];
      const wrong = misestimates(plan.Plan);
      // buffers: what the statement touched, the measure that does not move with the machine's load
      const buffers = (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      console.log(`  ${c.name}: ${plan['Execution Time'].toFixed(1)} ms, ${buffers} buffers, top ${plan.Plan['Node Type']} [${[...new Set(indexesOf(plan.Plan))].join(', ')}]${wrong.length ? `; estimates off: ${wrong.join('; ')}` : ''}`);
      // a slow statement's whole plan, to read what it scanned
      if (plan['Execution Time'] > Number(process.env.PLAN_PRINT_MS ?? 50)) {
        const text = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${sql.raw(inline(q))}`.execute(opened.handle.db);
        for (const r of text.rows) console.log(`      ${r['QUERY PLAN']}`);
      }
    }
  }
}
console.log(`set: largest company ${set.bigCompanyId}, small ${set.smallCompanyId}; machine load at the end ${loadavg()[0]!.toFixed(1)}`);
await s.close();

/** The statement with its parameters inline (EXPLAIN takes no bound values). */
function inline(q: CompiledQuery): string {
  return q.sql.replace(/\$(\d+)/g, (_, n) => literal(q.parameters[Number(n) - 1]));
}

/** A bound value as an SQL literal (EXPLAIN of a statement with parameters needs them inline). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `array[${v.map(literal).join(', ')}]`;
  return `'${String(v).replace(/'/g, "''")}'`;
}
