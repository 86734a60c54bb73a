import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Listen } from '../db/listener.ts';
import { CACHES_CHANNEL, TableCaches } from '../db/table-caches.ts';
import { openReadRouter, type ReadRouter } from '../db/read-router.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** What this server keeps of database tables, dropped on every server when they change (db/table-caches.ts). */
    caches: TableCaches;
    /** Where read-only screens read: the standby of DATABASE_READ_URL or the primary (db/read-router.ts). */
    reads: ReadRouter;
  }
}

/**
 * The database is opened (and migrated) by the caller, so tests can hand in a cloned template.
 * `listen`: the database's LISTEN, so a table change made through another app server drops what
 * this one kept of it; without it the server assumes it is the database's only one.
 */
export default fp(async function dbPlugin(app: FastifyInstance, opts: { db: Db; config: Config; listen?: Listen }) {
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  const caches = new TableCaches();
  app.decorate('caches', caches);
  const reads = await openReadRouter({ db: opts.db, databaseUrl: opts.config.databaseUrl, databaseReadUrl: opts.config.databaseReadUrl, readMaxLagMs: opts.config.readMaxLagMs });
  app.decorate('reads', reads);
  app.addHook('onClose', () => reads.close());
  if (opts.listen) {
    const stop = await opts.listen(CACHES_CHANNEL, caches);
    app.addHook('onClose', stop);
  } else {
    caches.ready();
  }
}, { name: 'db' });
