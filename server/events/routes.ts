/**
 * GET /api/events (Server-Sent Events) and POST /api/events/ticket. The stream authenticates like
 * every call (X-Authorization) or with a one-use ticket (?ticket=, for EventSource); it lives as long
 * as its session (a token refresh does not touch it; logout, freeze, password change end it at the
 * next session change this server hears of, or at the latest at the next heartbeat).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findBill } from '../../domain/bills/index.ts';
import { sessionEndReason } from './end-reason.ts';
import { concernsReader, liveEventPaths, PLATFORM_AUDIENCE, type Audience } from '../../domain/events.ts';
import { eventsText } from '../../domain/texts/events.ts';
import { serverText } from '../../domain/texts/server.ts';
import { isOperator, type Principal } from '../auth/auth-user.ts';
import { createStateNames } from '../bills/states.ts';
import type { Listen } from '../db/listener.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { bearerOf } from '../plugins/auth.ts';
import { coalescerDefaults, mergeWindow, type CoalescerOptions } from './coalescer.ts';
import { EventHub } from './hub.ts';
import { EventStream, HEARTBEAT_MS } from './stream.ts';
import { issueTicket, redeemTicket } from './tickets.ts';
import { EVENTS_CHANNEL } from './wire.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's live-event hub and open streams (tests and benchmarks look at them). */
    events: { hub: EventHub; streams: Set<EventStream> };
  }
}

export interface EventsOptions {
  listen?: Listen;
  heartbeatMs?: number;
  coalescer?: Partial<CoalescerOptions>;
}

export default fp(async function eventsPlugin(app: FastifyInstance, opts: EventsOptions) {
  const stateNames = createStateNames(app.db, app.caches);
  const hub = new EventHub({
    stateName: async (mode, key, state) => {
      const def = findBill(mode, key);
      return def ? (await stateNames(def.states.mode, def.states.billType)).name(state) : state;
    },
  });
  const streams = new Set<EventStream>();
  app.decorate('events', { hub, streams });

  if (opts.listen) {
    const stop = await opts.listen(EVENTS_CHANNEL, hub);
    app.addHook('onClose', stop);
  }

  // a sub-account's grants changed (here, or heard on cbec_grants from another server): its menu
  // follows. Told after the grant cache dropped the old answer, so the page's re-read is current.
  const unwatchGrants = app.grants.onDrop((key) => {
    const match = /^u(\d+)$/.exec(key ?? '');
    if (!match) return;
    const userId = Number(match[1]);
    hub.later(async () => {
      const row = await app.db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirst();
      return row ? { companyId: row.company_id, event: { type: 'grants', userId } } : undefined;
    });
  });

  // the grants LISTEN was lost and is back: a change made meanwhile was not heard, so every stream
  // re-reads its menu (the hub does the same when its own LISTEN comes back)
  const unwatchResumed = app.grants.onResumed(() => hub.later(async () => ({ companyId: null, event: { type: 'resync' } })));

  // a session change may have ended some stream's session: every stream asks (a map look-up for
  // the sessions still known to stand), once per burst of changes
  let recheck: NodeJS.Immediate | undefined;
  const unwatch = app.sessions.onChange(() => {
    recheck ??= setImmediate(() => {
      recheck = undefined;
      for (const s of streams) s.check();
    });
  });
  // open streams would hold the server's close forever
  app.addHook('preClose', async () => {
    unwatch();
    unwatchGrants();
    unwatchResumed();
    if (recheck) clearImmediate(recheck);
    for (const s of [...streams]) s.close();
  });

  // 'person': an enterprise user's stream carries its company's facts, an operator's the review queues'
  defineRoute(app, {
    path: liveEventPaths.ticket, access: 'person', summary: '实时更新：一次性连接凭证（30 秒内有效）', tags: ['实时更新'],
    handler: async ({ user, request }) => {
      const v = app.tokens.verify(bearerOf(request) ?? '');
      if (!v.ok || !v.family) throw new HttpError(401, serverText.unauthorized);
      return { ticket: await issueTicket(app.db, user, v.family, app.tokens.now()) };
    },
  });

  async function who(request: FastifyRequest): Promise<{ user: Principal; familyId: string }> {
    const ticket = (request.query as { ticket?: string } | undefined)?.ticket;
    if (ticket === undefined) {
      const user = await app.authenticate(request);
      const v = app.tokens.verify(bearerOf(request) ?? '');
      if (!v.ok || !v.family) throw new HttpError(401, serverText.unauthorized);
      return { user, familyId: v.family };
    }
    if (!(await app.rateLimiter.allow('anonymous', request.ip))) throw new HttpError(429, serverText.tooManyRequests);
    const redeemed = await redeemTicket(app.db, ticket, app.tokens.now());
    if (!redeemed) throw new HttpError(401, eventsText.ticketInvalid);
    const stands = await app.sessions.check(redeemed.familyId, redeemed.user.userId);
    if (!stands) throw new HttpError(401, serverText.unauthorized);
    return redeemed;
  }

  app.get(liveEventPaths.stream, {
    schema: {
      summary: '实时更新（text/event-stream）：本企业单据、列表计数、任务进度、公告、备案状态、本人权限、工单与结汇/核销/补贴审核结果的变化提示；审核端账号：审核队列的变化提示',
      tags: ['实时更新'],
      querystring: { type: 'object', properties: { ticket: { type: 'string' }, lastEventId: { type: 'string' } } },
      security: [{ bearer: [] }],
    },
  }, async (request, reply) => {
    const { user, familyId } = await who(request);
    reply.hijack();
    const res = reply.raw;
    const stream: EventStream = new EventStream({
      res,
      idOf: (seq) => hub.idOf(seq),
      stands: () => app.sessions.check(familyId, user.userId),
      why: () => sessionEndReason(app.db, user.userId),
      heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS,
      ...(opts.coalescer ? { coalescer: opts.coalescer } : {}),
      onClose: () => { unsubscribe(); streams.delete(stream); clearTimeout(lifetime); },
    });
    streams.add(stream);
    // an enterprise user hears its company's facts; an operator (issue 20), who has no company, the
    // platform's (the review queues) — never a company's
    const audience: Audience = isOperator(user) ? PLATFORM_AUDIENCE : user.companyId;
    const unsubscribe = hub.subscribe(audience, (item) => { if (concernsReader(item.event, user.userId)) stream.push(item); });
    // a session outlives its refresh token only by refreshing; the stream then reconnects with a new ticket
    const lifetime = setTimeout(() => stream.close(), app.config.refreshTokenTtl * 1000);
    lifetime.unref();

    const header = request.headers['last-event-id'];
    const last = (Array.isArray(header) ? header[0] : header) ?? (request.query as { lastEventId?: string }).lastEventId;
    if (last) {
      const caught = hub.since(last, audience);
      if (caught.resync) stream.sendNow([{ type: 'resync' }], hub.lastSeq);
      else {
        const mine = caught.items.filter((i) => concernsReader(i.event, user.userId));
        if (mine.length > 0) stream.sendNow(mergeWindow(mine.map((i) => i.event), opts.coalescer?.maxBills ?? coalescerDefaults.maxBills).out, caught.items[caught.items.length - 1]!.seq);
      }
    }
    // the id the page resumes from even if nothing of its company happens before it reconnects
    if (!stream.isClosed) res.write(`id: ${hub.idOf(hub.lastSeq)}\n\n`);
  });
}, { name: 'events', dependencies: ['auth', 'db'] });
