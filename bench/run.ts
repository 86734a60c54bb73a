/**
 * `npm run bench`: every benchmark in turn, each printing its numbers against its target.
 * Results are recorded by hand in docs/perf.md. PostgreSQL runs need DATABASE_URL
 * (scripts/pg-test.sh start prints one).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const benches = [
  'cold-start.ts', 'bundle-size.ts', 'query-engine.ts', 'bills-list.ts', 'bills-batch.ts', 'declare-pipeline.ts', 'sign-sm2.ts',
  'statistics.ts', 'rewards-import.ts', 'warehousing-upload.ts', 'receipt-ingest.ts', 'import-inventories.ts', 'order-summary.ts', 'overhead-ladder.ts',
  'session-check.ts', 'permission-check.ts', 'upload-hostile.ts', 'hostile-workbook.ts', 'input-guard.ts', 'customs-rules.ts', 'events.ts', 'save-batch.ts', 'operation-log.ts',
  'export-memory.ts', 'capacity.ts', 'mixed-scale.ts', 'count-summary.ts', 'rich-text.ts', 'review-filing.ts', 'review-queues.ts', 'hub-prune.ts',
];
const only = process.argv[2];
let failed = false;
for (const file of benches) {
  if (only && !file.startsWith(only)) continue;
  console.log(`\n== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, file)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
