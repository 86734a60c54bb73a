import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle } from './db/database.ts';
import { seed } from './db/seed/index.ts';
import { seedDemoBills } from './db/seed/demo-bills.ts';
import { demoCompanies, demoOperator, demoUsers } from './db/seed/demo.ts';

export interface Started {
  app: FastifyInstance;
  handle: DatabaseHandle;
  url: string;
  demoCreated: boolean;
}

/** Opens the database, migrates, seeds, builds the app and listens. Used by server.ts and by tests. */
export async function start(config: Config): Promise<Started> {
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) });
  try {
    await migrateToLatest(handle.db);
    const { demoCreated } = await seed(handle.db);
    if (demoCreated) {
      const demo = await handle.db.selectFrom('companies').select('id').where('company_code', '=', demoCompanies[0].company_code).executeTakeFirstOrThrow();
      await seedDemoBills(handle.db, demo.id);
    }
    const app = await buildApp({ config, db: handle.db, listen: handle.listen, closeDatabase: () => handle.close() });
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, handle, url, demoCreated };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

export function demoLoginsText(): string {
  const line = (u: { login_name: string; password: string; user_type: string }) => `  ${u.login_name.padEnd(12)} ${u.password.padEnd(18)} ${u.user_type}`;
  return ['演示账号 (demo logins):', ...demoUsers.map(line), line(demoOperator)].join('\n');
}
