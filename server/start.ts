import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle } from './db/database.ts';
import { seed } from './db/seed/index.ts';
import { demoUsers } from './db/seed/demo.ts';

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
    const app = await buildApp({ config, db: handle.db });
    app.addHook('onClose', async () => { await handle.close(); });
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, handle, url, demoCreated };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

export function demoLoginsText(): string {
  return ['演示账号 (demo logins):', ...demoUsers.map((u) => `  ${u.login_name.padEnd(12)} ${u.password.padEnd(16)} ${u.user_type}`)].join('\n');
}
