/**
 * Liveness and readiness for a reverse proxy or an orchestrator (README, deploy/): GET /healthz
 * answers while the process serves (no database call: a database restart must not get healthy app
 * servers restarted), GET /readyz answers 200 only while this server can do its work — the database
 * answers, its migrations are this code's, LISTEN hears every channel, and it is not shutting down.
 * Public, not rate-limited, cheap: the database probe is shared and kept for a second. Both answer in
 * the envelope like every route (code 0, or -1 with the 503); the probes' facts are its data.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { operationsText } from '../../domain/texts/operations.ts';
import { migrationsCurrent } from '../db/database.ts';
import { defineRoute } from '../http/route.ts';

/** How long a probe's answer stands; a proxy asking every second costs one `select 1` a second. */
const PROBE_KEEP_MS = 1000;
/** A probe not answered by then counts as "unreachable" (the pool's own wait is longer). */
const PROBE_TIMEOUT_MS = 800;

export interface Readiness {
  status: 'ready' | 'unavailable';
  database: boolean;
  migrations: boolean;
  listen: boolean;
  draining: boolean;
}

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const state = app.serverState;
  let probed: { at: number; up: Promise<boolean> } | undefined;
  const probe = (): Promise<boolean> => {
    const now = Date.now();
    if (probed && now - probed.at < PROBE_KEEP_MS) return probed.up;
    let timer: NodeJS.Timeout | undefined;
    const up = Promise.race([
      sql`select 1`.execute(app.db).then(() => true),
      new Promise<boolean>((done) => { timer = setTimeout(() => done(false), PROBE_TIMEOUT_MS); }),
    ]).catch(() => false).then((ok) => {
      clearTimeout(timer);
      if (ok) state.databaseAnswered(); else state.databaseFailed();
      return ok;
    });
    probed = { at: now, up };
    return up;
  };

  // checked once the database is known to answer (at start, normally); a server started on a newer
  // code's database, or an older one's, never says ready
  let migrations: boolean | undefined;
  const migrationsOk = async (): Promise<boolean> => {
    migrations ??= await migrationsCurrent(app.db, true).catch(() => undefined);
    return migrations ?? false;
  };
  app.addHook('onReady', async () => { await migrationsOk(); });

  defineRoute(app, {
    path: '/healthz', method: 'GET', access: 'public', limit: false, raw: true, summary: '存活检查 (进程在服务；不访问数据库)', tags: ['运维'],
    handler: ({ reply }) => reply.header('cache-control', 'no-store').send({ code: EnvelopeCode.ok, message: operationsText.alive, data: { status: 'ok' } }),
  });

  defineRoute(app, {
    path: '/readyz', method: 'GET', access: 'public', limit: false, raw: true, summary: '就绪检查 (数据库可达、迁移已是最新、LISTEN 已连接、未在停止中)', tags: ['运维'],
    handler: async ({ reply }) => {
      const draining = state.draining;
      const database = draining ? state.databaseUp : await probe();
      const body: Readiness = {
        status: 'unavailable', database, migrations: database ? await migrationsOk() : migrations ?? false,
        listen: state.listenLost.size === 0, draining,
      };
      if (body.database && body.migrations && body.listen && !draining) body.status = 'ready';
      const ready = body.status === 'ready';
      return reply.status(ready ? 200 : 503).header('cache-control', 'no-store')
        .send({ code: ready ? EnvelopeCode.ok : EnvelopeCode.error, message: ready ? operationsText.ready : operationsText.notReady, data: body });
    },
  });
}
