/**
 * saveBatch (issue 17 §3): 1,000 export orders with 3 lines each in one API call.
 * Targets: < 4 s on PGlite, < 2 s on PostgreSQL. Measured twice: new bills, then the same 1,000
 * again (idempotent: each found by its orderNo and its draft updated).
 *
 *   node --import tsx bench/save-batch.ts            # PGlite;  DATABASE_URL=… for PostgreSQL
 */
import { sql } from 'kysely';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { profiled, verdict } from './lib.ts';

const opened = await openBenchDatabase();
const { db } = opened.handle;
await sql`delete from customs_messages`.execute(db);
await sql`delete from bill_heads`.execute(db);
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const target = kind === 'PostgreSQL' ? 2000 : 4000;

const line = (gnum: number) => ({ gnum, itemNo: `NB-TEA-00${gnum}`, itemName: '宁波白茶礼盒', unit: '140', currency: '142', qty: 1, price: 112, totalPrice: 112 });
const bills = Array.from({ length: 1000 }, (_, i) => ({
  orderNo: `SBATCH${String(i).padStart(5, '0')}`, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台',
  goodsValue: 336, freight: 0, currency: '142', lines: [line(1), line(2), line(3)],
}));

for (const round of ['new', 'again (updates)']) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const answer = await profiled(`save-batch-${round.split(' ')[0]}`, () => s.post('/api/enterprise/bills/export/order/saveBatch', { bills }));
  const ms = performance.now() - t0;
  // PGlite works inside this process: its CPU time is what the call costs on an idle machine (the
  // wall time on a shared, loaded host is longer); on PostgreSQL the server's share is not in it
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const lines = await db.selectFrom('bill_lines').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  console.log(`save-batch [${kind}] 1,000 orders × 3 lines, ${round}: ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU of this process, succeeded ${answer.succeeded}, lines stored ${lines.n} (target < ${target / 1000} s: wall ${verdict(ms, target)}, CPU ${verdict(cpuMs, target)})`);
}
await s.close();
