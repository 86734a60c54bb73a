/**
 * The bill engine's routes: one set per registered bill definition (domain/bills/index.ts), and the
 * bulk-job runner behind 批量申报 (jobs left running by a stopped server resume once it is ready), and
 * the folding of the count summary's deltas (server/bills/count-compactor.ts).
 */
import type { FastifyInstance } from 'fastify';
import { billDefinitions } from '../../domain/bills/index.ts';
import { registerJobRoutes } from './job-routes.ts';
import { startCompacting } from './count-compactor.ts';
import { createJobRunner } from './jobs.ts';
import { registerBillRoutes } from './routes.ts';
import { createStateNames } from './states.ts';

export default async function billRoutes(app: FastifyInstance) {
  const stateNames = createStateNames(app.db, app.caches);
  const runner = createJobRunner({
    db: app.db, stateNames, log: app.log.child({ module: 'bill-jobs' }), pauseMs: app.config.billJobPauseMs,
    wake: () => { if (app.hasDecorator('customs')) app.customs.wake(); },
  });
  for (const def of billDefinitions) registerBillRoutes(app, def, stateNames, runner);
  registerJobRoutes(app, runner);
  app.addHook('onReady', async () => { await runner.resumeAll(); });
  // a shutdown stops the jobs first, not after the requests it waits for (server/ops/shutdown.ts)
  app.drain.onDrain(() => runner.stop());
  const compactor = startCompacting(app.db, (error) => app.log.warn({ err: error }, 'bill counts: compaction failed'));
  app.addHook('onClose', async () => { await runner.stop(); await compactor.stop(); });
}
