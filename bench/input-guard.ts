/**
 * What the input guard (server/http/input-guard.ts) costs per request: the one walk over a parsed
 * body every route now does before ajv and its handler. Typical bodies (a list request, a bill save
 * with lines) and hostile ones (20,000 arrays deep, 1 MB of text, 10,000 ids). Target: the walk
 * costs no more than the JSON.parse of the same body that every request already pays (microseconds
 * for a real request), and a hostile body is refused at the depth limit, without recursion.
 */
import { BIGINT_ID_MAX, findInputProblem } from '../server/http/input-guard.ts';
import { median, verdict } from './lib.ts';

const options = { idMax: BIGINT_ID_MAX };

const listBody = {
  data: {
    pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }],
    terms: [
      { column: 'order_no', termType: 'like', value: 'YX2026' },
      { column: 'app_time', termType: 'btw', value: ['2026-01-01 00:00:00', '2026-12-31 23:59:59'] },
      { column: 'state', termType: 'in', value: ['DRAFT', 'DECLARING', 'SUCCESS'] },
    ],
  },
};
const line = (i: number) => ({ id: `temp${i}`, gnum: i, itemNo: `YX-TEA-${i}`, itemName: '西湖龙井茶礼盒（250克）', itemDescribe: '明前一级龙井，铁罐礼盒装', barCode: '6921234560017', unit: '140', currency: '142', qty: 2, price: 89.9, totalPrice: 179.8, country: '142', gmodel: '250g/盒', note: null });
const saveBody = {
  data: {
    orderType: 'E', orderNo: 'YX20260318102436001', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', ebcCode: '3302961A2B',
    ebcName: '宁波跨境优选供应链管理有限公司', goodsValue: 309.3, freight: 0, currency: '142', note: '出口至马来西亚，含2项商品',
    details: Array.from({ length: 50 }, (_, i) => line(i + 1)),
  },
};
const deepText = `{"data":{"ids":${'['.repeat(20_000)}1${']'.repeat(20_000)}}}`;
const bigText = { data: { note: 'x'.repeat(1024 * 1024) } };
const manyIds = { data: { ids: Array.from({ length: 10_000 }, (_, i) => i + 1) } };

function batch(runs: number, fn: () => void): number {
  const t = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return ((performance.now() - t) * 1000) / runs;
}

/**
 * The guard beside JSON.parse of the same body (which every request already pays), paired within
 * each round: on a shared, loaded machine both slow alike, so the median of the rounds' ratios is
 * the stable number.
 */
function time(name: string, make: () => unknown, runs: number) {
  const input = make();
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  const parsed = JSON.parse(text) as unknown;
  const guard = () => { findInputProblem(parsed, options, 'data'); };
  const parse = () => { JSON.parse(text); };
  batch(runs, guard);
  batch(Math.max(10, runs / 10), parse);
  const g: number[] = [], p: number[] = [], ratio: number[] = [];
  for (let r = 0; r < 21; r++) {
    g.push(batch(runs, guard));
    p.push(batch(Math.max(10, runs / 10), parse));
    ratio.push(g.at(-1)! / p.at(-1)!);
  }
  const rt = median(ratio);
  console.log(`  ${name.padEnd(40)} guard ${median(g).toFixed(2).padStart(8)} µs   JSON.parse ${median(p).toFixed(2).padStart(9)} µs   ${(100 * rt).toFixed(0).padStart(3)} %   ${verdict(rt, 1)}`);
}

console.log('input guard, one walk per request (medians of 21 paired rounds):');
time('list request (3 terms, 1 sort)', () => listBody, 20_000);
time('bill save, 50 lines × 14 fields', () => saveBody, 2_000);
time('ids 20,000 arrays deep (refused at 32)', () => deepText, 2_000);
time('1 MB note', () => bigText, 200);
time('10,000 ids', () => manyIds, 200);
console.log(`  (load average now ${(await import('node:os')).loadavg()[0]!.toFixed(1)} on ${(await import('node:os')).cpus().length} cores)`);
