/**
 * EventHub's catch-up window under a burst (issue 21): 200,000 facts published into a full window
 * (windowMax 2,000, the default), no stream open — the cost of keeping the window alone.
 *
 *   node --import tsx bench/hub-prune.ts
 */
import { EventHub } from '../server/events/hub.ts';

const FACTS = 200_000;
const runs: number[] = [];
for (let run = 0; run < 5; run++) {
  const hub = new EventHub();
  const t0 = performance.now();
  for (let i = 1; i <= FACTS; i++) hub.publish(1 + (i % 10), { type: 'notice', id: i });
  runs.push(performance.now() - t0);
}
runs.sort((a, b) => a - b);
const median = runs[2]!;
console.log(`hub-prune: ${FACTS.toLocaleString('en')} facts into a full window in ${median.toFixed(1)} ms median of 5 (${(median * 1000 / FACTS).toFixed(2)} µs per fact); runs ${runs.map((r) => r.toFixed(0)).join(', ')} ms`);
