import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle } from './db/database.ts';
import { seed } from './db/seed/index.ts';
import { ServerState } from './ops/server-state.ts';
import { seedDemoBills } from './db/seed/demo-bills.ts';
import { demoCompanies, demoOperator, demoUsers } from './db/seed/demo.ts';
import { installBackups } from './ops/backup/index.ts';
import { demoAccountsWithPublishedPasswords } from './auth/published-passwords.ts';
import { firstStartText } from '../domain/texts/first-start.ts';

export interface Started {
  app: FastifyInstance;
  handle: DatabaseHandle;
  url: string;
  demoCreated: boolean;
  /** What the operator must know about the accounts (production: how to make the first ones, published passwords in use). */
  accountNotes: string[];
}

/** Opens the database, migrates, seeds, builds the app and listens. Used by server.ts and by tests. */
export async function start(config: Config): Promise<Started> {
  // one health for the pool (connections lost and made) and the app (/readyz, the 503 answers)
  const state = new ServerState();
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl, availability: state } : { dataDir: pgliteDir(config.dataDir) });
  try {
    await migrateToLatest(handle.db);
    const production = config.nodeEnv === 'production';
    const { demoCreated, noOperator, noEnterprise } = await seed(handle.db, { demo: !production });
    if (demoCreated) {
      const demo = await handle.db.selectFrom('companies').select('id').where('company_code', '=', demoCompanies[0].company_code).executeTakeFirstOrThrow();
      await seedDemoBills(handle.db, demo.id);
    }
    const app = await buildApp({
      config, db: handle.db, listen: handle.listen, state, closeDatabase: () => handle.close(), ...(handle.poolStats ? { poolStats: handle.poolStats } : {}),
    });
    // close hooks run last-registered first: a backup in progress ends before the database closes
    await installBackups(app, handle);
    const url = await app.listen({ port: config.port, host: config.host });
    const accountNotes: string[] = [];
    if (production) {
      if (noOperator) accountNotes.push(firstStartText.noOperator);
      if (noEnterprise) accountNotes.push(firstStartText.noEnterprise(url));
      const published = await demoAccountsWithPublishedPasswords(handle.db);
      if (published.length > 0) accountNotes.push(firstStartText.publishedPasswords(published));
    }
    return { app, handle, url, demoCreated, accountNotes };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

export function demoLoginsText(): string {
  const line = (u: { login_name: string; password: string; user_type: string }) => `  ${u.login_name.padEnd(12)} ${u.password.padEnd(18)} ${u.user_type}`;
  return ['演示账号 (demo logins):', ...demoUsers.map(line), line(demoOperator)].join('\n');
}
