/**
 * The outbox as the bottleneck (issue 28 item 7): 500 export orders declared in one batch with the
 * software SM2 key, the server running as deployed (the worker polls and is woken by the declare
 * call), the folder transport writing one DxpMsg file per message. Timed from the declare call to
 * the moment all 500 files are in the outbox folder — target ≤ 3 s on PostgreSQL.
 *
 * What limits it is reported beside the figure: the worker's own clock of each step (claim, sign,
 * store the signed XML, write the file, record the outcome), summed over all messages and divided
 * by the wall time (how many were in flight on average), the main thread's event-loop utilisation
 * (near 1: the Node thread is the limit; low: waiting on the database or the disk) and the Node
 * process's CPU. Runs alternate the worker's concurrency (CUSTOMS_OUTBOX_CONCURRENCY, default
 * "1,8": before/after on the same minutes), each on a fresh table.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/outbox-throughput.ts   # PGlite without it
 *   BENCH_CONCURRENCY=1,4,8 BENCH_ROUNDS=2 BENCH_BILLS=500
 *   BENCH_PG_DATA=<cluster data dir>   a local cluster's CPU beside Node's (its postmaster.pid's children)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createSoftwareSigner } from '../server/customs/sign/index.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { profiled, verdict } from './lib.ts';

const BILLS = Number(process.env.BENCH_BILLS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map(Number);
const TARGET_MS = 3000;

const orderHead = {
  copCode: '3302961A2B', copName: '宁波跨境优选供应链管理有限公司', dxpMode: 'DXP', dxpId: 'DXPENT0000458763', appType: '1', orderType: 'E',
  ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', ebcCode: '3302961A2B', ebcName: '宁波跨境优选供应链管理有限公司', goodsValue: 336, freight: 0, currency: '142',
};
const orderLines = [
  { id: 'temp1', gnum: 1, itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', unit: '140', currency: '142', qty: 1, price: 168, totalPrice: 168 },
  { id: 'temp2', gnum: 2, itemNo: 'NB-TEA-002', itemName: '宁波红茶礼盒', unit: '140', currency: '142', qty: 1, price: 168, totalPrice: 168 },
];

const xmlFiles = (dir: string) => {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.xml') && !n.startsWith('.')).length;
  } catch {
    return 0;
  }
};

/** CPU milliseconds of a local PostgreSQL cluster's processes so far (BENCH_PG_DATA), or undefined. */
function clusterCpuMs(): number | undefined {
  const dir = process.env.BENCH_PG_DATA;
  if (!dir) return undefined;
  const postmaster = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
  const ticks = (pid: string) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      return 0;
    }
  };
  const children = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && (() => {
    try { return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === postmaster; } catch { return false; }
  })());
  return [postmaster, ...children].reduce((sum, pid) => sum + ticks(pid), 0) * 10;
}

const benchData = mkdtempSync(join(tmpdir(), 'cbec-bench-outbox-data-'));
const outboxRoot = mkdtempSync(join(tmpdir(), 'cbec-bench-outbox-'));
// the key is made before any clock starts (the first start of an installation makes it)
await createSoftwareSigner(benchData, 'sm2').sign('<a/>', { schema: 'export' }).catch(() => undefined);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const concurrency of CONCURRENCIES) {
      const opened = await openBenchDatabase();
      const { db } = opened.handle;
      const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
      await sql`delete from customs_messages`.execute(db);
      await sql`delete from bill_heads where order_no like 'OBT%'`.execute(db);
      const outboxDir = join(outboxRoot, `${round}-${concurrency}`);
      const s = await startBenchSession(opened, {
        CUSTOMS_TRANSPORT: 'folder', CUSTOMS_OUTBOX_DIR: outboxDir, CUSTOMS_INBOX_POLL_MS: '0',
        SIGN_ALGORITHM: 'sm2', DATA_DIR: benchData, CUSTOMS_OUTBOX_CONCURRENCY: String(concurrency),
      });
      const ids: number[] = [];
      for (let i = 0; i < BILLS; i++) ids.push((await s.post('/api/enterprise/expu/order/saveOrder', { ...orderHead, orderNo: `OBT${round}${concurrency}${String(i).padStart(5, '0')}`, details: orderLines })).id);
      // nothing of the saves left to run before the clock starts
      await s.app.customs.drain();
      s.app.customs.worker.takeStats?.();

      const load = loadavg()[0]!.toFixed(1);
      const cpu0 = process.cpuUsage();
      const pg0 = clusterCpuMs();
      const elu0 = performance.eventLoopUtilization();
      const t0 = performance.now();
      let declareMs = 0;
      const result = await profiled(`outbox-throughput-${concurrency}`, async () => {
        const answer = await s.post('/api/enterprise/expu/order/applyByIds', { ids });
        declareMs = performance.now() - t0;
        while (xmlFiles(outboxDir) < BILLS) {
          if (performance.now() - t0 > 120_000) throw new Error(`only ${xmlFiles(outboxDir)} files after 120 s`);
          await new Promise((r) => setTimeout(r, 20));
        }
        return answer;
      });
      const totalMs = performance.now() - t0;
      const elu = performance.eventLoopUtilization(elu0);
      const cpu = process.cpuUsage(cpu0);
      const pg1 = clusterCpuMs();
      await s.app.customs.drain();
      const stats = s.app.customs.worker.takeStats?.();
      const sent = await db.selectFrom('customs_messages').select(sql<number>`count(*)::int`.as('n')).where('status', '=', 'sent').executeTakeFirstOrThrow();
      if (result.succeeded !== BILLS || sent.n !== BILLS) throw new Error(`declared ${result.succeeded}, sent ${sent.n} of ${BILLS}`);

      const steps = stats ? Object.entries(stats.ms).map(([step, ms]) => `${step} ${(ms / stats.messages).toFixed(2)}`).join(', ') : 'n/a';
      const inFlight = stats ? (Object.values(stats.ms).reduce((a, b) => a + b, 0) / (totalMs - declareMs)).toFixed(1) : 'n/a';
      console.log(`outbox-throughput [${kind}, concurrency ${concurrency}, load ${load}] ${BILLS} SM2 bills: declare call ${declareMs.toFixed(0)} ms, `
        + `all files in the outbox ${(totalMs / 1000).toFixed(2)} s (${(BILLS / (totalMs / 1000)).toFixed(0)} files/s; ≤ 3 s: ${verdict(totalMs, TARGET_MS)})`);
      console.log(`  per message ms: ${steps}; in flight on average ${inFlight}; main thread busy ${(elu.utilization * 100).toFixed(0)} %, `
        + `Node CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms${pg0 === undefined ? '' : `, PostgreSQL CPU ${pg1! - pg0} ms`} over ${totalMs.toFixed(0)} ms wall`);
      await s.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(outboxRoot, { recursive: true, force: true });
  rmSync(benchData, { recursive: true, force: true });
}
