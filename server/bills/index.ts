/** The bill engine's routes: one set per registered bill definition (domain/bills/index.ts). */
import type { FastifyInstance } from 'fastify';
import { billDefinitions } from '../../domain/bills/index.ts';
import { registerBillRoutes } from './routes.ts';
import { createStateNames } from './states.ts';

export default async function billRoutes(app: FastifyInstance) {
  const stateNames = createStateNames(app.db);
  for (const def of billDefinitions) registerBillRoutes(app, def, stateNames);
}
