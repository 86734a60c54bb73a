import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** The database is opened (and migrated) by the caller, so tests can hand in a cloned template. */
export default fp(async function dbPlugin(app: FastifyInstance, opts: { db: Db; config: Config }) {
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
}, { name: 'db' });
