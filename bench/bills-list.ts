/**
 * 1,000,000 export orders across 10 companies: pageList and queryStateCount through the API
 * (HTTP on loopback, logged in) vs the very SQL those calls run, replayed directly, in one run.
 * Targets (bill engine issue): the API adds ≤ 1.5 ms over the SQL's own median; on PostgreSQL
 * list ≤ 20 ms, counts ≤ 50 ms.
 *
 *   node --import tsx bench/bills-list.ts                    # PGlite
 *   DATABASE_URL=postgres://… node --import tsx bench/bills-list.ts
 */
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { startOverheadMeter } from './api-overhead.ts';
import { seedExportOrders } from './seed-orders.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
// 1,000 rounds on PostgreSQL: at 300 the medians of a 12–35 ms query still moved ±0.3 ms from run to run,
// which is a fifth of the 1.5 ms measured; PGlite's slower queries keep to 100.
const RUNS = Number(process.env.BENCH_RUNS ?? (process.env.DATABASE_URL ? 1000 : 100));

const opened = await openBenchDatabase();
const { db } = opened.handle;
const { companyIds, loadSeconds } = await seedExportOrders(db, ROWS);

// Nothing in the background (outbox polling, the simulator's reply pump, the folder inbox): its
// queries would land in the captured SQL. The folder transport with polling off does nothing unasked.
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
// The customs schemas compile in the background after start (0.5–1 s of CPU): not during the runs.
await initCustomsSchemas();
const [start, end] = defaultCreateTimeWindow(new Date());
const request = {
  pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }],
  terms: [
    { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] },
    { column: 'state', termType: 'eq', type: 'and', value: '120' },
  ],
};
const countRequest = { pageIndex: 0, pageSize: 10, sorts: [], terms: [{ column: 'create_time', termType: 'btw', type: 'and', value: [start, end] }] };

const meter = await startOverheadMeter(s, { runs: RUNS, pg: opened.handle.kind === 'pg' });

const sample = await s.post('/api/enterprise/expu/order/pageList', request);
console.log(`bills-list [${opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${ROWS.toLocaleString()} orders / ${companyIds.length} companies (load ${loadSeconds.toFixed(1)} s); demo company total in window+state: ${sample.total}`);
await meter.measure('pageList', '/api/enterprise/expu/order/pageList', request, 20);
await meter.measure('queryStateCount', '/api/enterprise/expu/order/queryStateCount', countRequest, 50);
await meter.close();
await s.close();
