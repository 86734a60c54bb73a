import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EnvelopeCode, type Envelope } from '../../domain/envelope.ts';
import { serverText } from '../../domain/texts/server.ts';
import { isOperator, type AuthUser, type OperatorUser, type Principal } from '../auth/auth-user.ts';
import { BizError, HttpError } from './errors.ts';
import { guardRequest } from './guard-hook.ts';
import { BIGINT_ID_MAX, INT4_MAX } from './input-guard.ts';
import { hardenSchema } from './schema-bounds.ts';
import { RATE_LIMITS, type RateLimitName } from './rate-limit.ts';
import { actorOf } from '../oplog/actor.ts';
import { fallbackPlan, logPlanOf, runWithLog, type RouteLog } from '../oplog/route-log.ts';
import { keyMayCall, type Permission, type Requirement } from './permission.ts';
import { admitOperator } from './operator-access.ts';
import { runAsCaller } from './caller.ts';

/**
 * Who may call a route: anybody, any logged-in enterprise user, a logged-in user of a filed
 * enterprise, a platform operator (a PLATFORM login or X-Review-Token, issue 20), or any logged-in
 * person, enterprise user or operator ('person': what a session needs of its own, such as its own
 * password; never an API key, nor the review token, which are no person). An operator is never an
 * enterprise user: 'user' and 'company' routes refuse it, 'operator' routes refuse them.
 */
export type Access = 'public' | 'user' | 'company' | 'operator' | 'person';

/** The access of an enterprise route, the default of defineRoute; 'operator' and 'person' routes name theirs. */
export type EnterpriseAccess = Exclude<Access, 'operator' | 'person'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what defineRoute declared: the route table (app.routeTable) and its tests read it */
    access?: Access;
    permission?: Permission<never>;
    /** the route reads a record of one bill and checks that bill type's grant (RouteSpec.billGrant) */
    billKeyed?: boolean;
  }
  interface FastifyInstance {
    /** Every route defineRoute registered, with its access and permission (issue 17's table-driven test). */
    routeTable: RouteRecord[];
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  access: Access;
  permission: Permission<never> | undefined;
  billKeyed: boolean;
}

/** Collects defineRoute's routes into app.routeTable; installed on the root before any route. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteRecord[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    const config = r.config as { access?: Access; permission?: Permission<never>; billKeyed?: boolean } | undefined;
    if (!config?.access) return;
    for (const method of [r.method].flat()) table.push({ method, url: r.url, access: config.access, permission: config.permission, billKeyed: !!config.billKeyed });
  });
}

/**
 * The caller a route of this access gets: the operator on 'operator' routes, either kind of person
 * on 'person' routes, else an enterprise user.
 */
export type CallerOf<A extends Access> = [A] extends ['operator'] ? OperatorUser : [A] extends ['person'] ? Principal : AuthUser;

export interface RouteContext<D, A extends Access = EnterpriseAccess> {
  data: D;
  query: Record<string, string | undefined>;
  /** Present unless access is 'public'. */
  user: CallerOf<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<D, A extends Access = EnterpriseAccess> {
  path: string;
  /** Chinese summary, shown in the OpenAPI document. */
  summary: string;
  tags?: string[];
  method?: 'POST' | 'GET';
  /** JSON schema of body.data; omitted = no payload expected (anything is accepted). */
  data?: object;
  /** body.data may be left out altogether (empty-body calls such as /api/jwt_core/validate). */
  dataOptional?: boolean;
  querystring?: object;
  /** default 'user'; an 'operator' or 'person' route is declared with defineRoute<D, 'operator'> (or inferred) */
  access?: A;
  /**
   * Public routes: which limit of the rate limiter counts the caller's IP (default `anonymous`);
   * false only for a route that touches no storage and does no costly work (counting it would cost
   * more than answering it). Logged-in routes: none unless named, then counted per user.
   */
  limit?: RateLimitName | false;
  /**
   * What the caller must hold (server/http/permission.ts): a page, a button of a page, 'open',
   * 'session' or 'admin'. Required of every logged-in route: defineRoute refuses to register one
   * without it, and checks it before the handler against the caller's grants (issue 17). Not on
   * 'operator' routes (every operator may make every operator call) nor 'person' routes (every
   * person may do what concerns its own session; a key is refused by the access itself).
   */
  permission?: Permission<D>;
  /**
   * A route reading a record keyed by a bill (its receipts, timeline, sent XML, sign record) names
   * the grant that record needs: its bill type's page (server/bills/bill-grant.ts), checked once the
   * payload is well formed, before the handler, and refused as the bill's own detail refuses.
   * Undefined: no such record of the company; the handler answers not found.
   */
  billGrant?: (data: D, user: AuthUser) => Promise<Requirement | readonly Requirement[] | undefined>;
  /**
   * The type of the id columns this route's id fields (id, ids, headId …) point at: 'integer'
   * (serial: users, companies, notices, tickets …) or 'bigint' (bigserial: bills, settlements,
   * files …, the default). Ids outside the column's range are refused before the handler runs.
   */
  idColumn?: 'integer' | 'bigint';
  /** The handler writes the reply itself (images, files); no envelope. */
  raw?: boolean;
  /**
   * The operation log (操作日志): the action (and module, default the first tag) a state-changing
   * call is logged under, or false for a read. Omitted: domain/operation-log.ts names the path.
   * Logged-in routes only (a public call has no actor).
   */
  log?: RouteLog | false;
  /** Success message put in the envelope; default 操作成功！ */
  message?: string;
  handler(ctx: RouteContext<D, A>): unknown;
}

/** HTTP 429 with the envelope, and when to try again. */
function tooMany(limit: RateLimitName): HttpError {
  return new HttpError(429, serverText.tooManyRequests, null, { 'retry-after': String(RATE_LIMITS[limit].windowMs / 1000) });
}

export function ok<T>(data: T, message: string = serverText.ok): Envelope<T> {
  return { code: EnvelopeCode.ok, message, data };
}

/**
 * Registers one API route. Every spec call is POST {data} answering {code, message, data}; this
 * is the one place that knows it, so routes only declare path, schema, access and permission.
 */
export function defineRoute<D = unknown, A extends Access = EnterpriseAccess>(app: FastifyInstance, spec: RouteSpec<D, A>): void {
  const access: Access = spec.access ?? 'user';
  const method = spec.method ?? 'POST';
  const idMax = spec.idColumn === 'integer' ? INT4_MAX : BIGINT_ID_MAX;
  const named = method === 'POST' && access !== 'public' ? logPlanOf({ ...spec, method, access }) : null;
  const logPlan = named === undefined ? fallbackPlan(spec) : named;
  const enterprise = access === 'user' || access === 'company';
  if (!enterprise && access !== 'public' && spec.permission !== undefined) {
    throw new Error(`${spec.path}: ${access} routes declare no permission (every ${access} may call them)`);
  }
  if (enterprise && spec.permission === undefined) {
    throw new Error(`${spec.path}: a logged-in route declares its permission (server/http/permission.ts)`);
  }
  const keyCallable = enterprise && keyMayCall(spec.permission as Permission<never>);
  const permission = spec.permission;

  /** Rate limits, authentication, the filing guard and the route's permission: one hook for every route. */
  async function admit(request: FastifyRequest): Promise<void> {
    if (access === 'public') {
      const limit = spec.limit ?? 'anonymous';
      if (limit && !(await app.rateLimiter.allow(limit, request.ip))) throw tooMany(limit);
      return;
    }
    if (access === 'operator') {
      const operator = await admitOperator(app, request);
      if (spec.limit && !(await app.rateLimiter.allow(spec.limit, `u${operator.userId}`))) throw tooMany(spec.limit);
      return;
    }
    const caller = await app.authenticate(request);
    if (access === 'person') {
      // a person at the console, of either kind; a key acts for a company and is no person
      if (caller.apiKey) throw new BizError(serverText.keyNotAllowed);
      if (spec.limit && !(await app.rateLimiter.allow(spec.limit, `u${caller.userId}`))) throw tooMany(spec.limit);
      return;
    }
    // a platform operator has no company: no enterprise route is its (refused, and logged nowhere)
    if (isOperator(caller)) throw new HttpError(403, serverText.operatorNotEnterprise);
    const user = caller;
    // before the log: a flood's refusals must not each cost a write
    if (spec.limit && !(await app.rateLimiter.allow(spec.limit, `u${user.userId}`))) throw tooMany(spec.limit);
    try {
      if (access === 'company' && !user.companyCode) throw new BizError(serverText.noCompany);
      // a key may call only what it may ever call, whatever the payload
      if (typeof permission === 'function') { if (user.apiKey && !keyCallable) throw new BizError(serverText.keyNotAllowed); }
      else await app.enforce(user, permission!);
    } catch (error) {
      // refused before it ran: logged as refused all the same (server/oplog), with what it asked for
      const asked = (request.body as { data?: unknown } | undefined)?.data;
      if (logPlan) await runWithLog(app.db, logPlan, actorOf(request, user), asked, () => Promise.reject(error), (m) => request.log.warn(m));
      throw error;
    }
  }
  const body = method === 'POST'
    ? {
        type: 'object',
        ...(spec.dataOptional || !spec.data ? {} : { required: ['data'] }),
        properties: { data: spec.data ? hardenSchema(spec.data, idMax) : {} },
      }
    : undefined;

  app.route({
    method,
    url: spec.path,
    schema: {
      summary: spec.summary,
      ...(spec.tags ? { tags: spec.tags } : {}),
      ...(body ? { body } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      // the routes a machine client may call with X-Api-Key say so (docs/integration.md)
      ...(access === 'operator' ? { security: [{ bearer: [] }, { reviewToken: [] }] } : {}),
      ...(access === 'person' ? { security: [{ bearer: [] }] } : {}),
      ...(enterprise ? { security: keyCallable ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }] } : {}),
    },
    config: { access, permission: spec.permission as Permission<never>, billKeyed: !!spec.billGrant },
    // before ajv and the handler: who calls and what they may do (a caller without the right learns
    // nothing of the payload's rules), then what the database cannot hold never gets further
    preValidation: [admit, guardRequest(idMax)],
    handler: async (request, reply) => {
      const user = request.user as CallerOf<A>;
      const data = ((request.body as { data?: D } | undefined)?.data ?? undefined) as D;
      const run = async () => {
        // a requirement that depends on the call is met once the payload is known to be well formed
        if (typeof spec.permission === 'function') await app.enforce(user as AuthUser, spec.permission(data));
        if (spec.billGrant) {
          const needed = await spec.billGrant(data, user as AuthUser);
          if (needed) await app.enforce(user as AuthUser, needed);
        }
        return spec.handler({
          data, user, request, reply,
          query: (request.query ?? {}) as Record<string, string | undefined>,
        });
      };
      // a state-changing call leaves its row in the operation log, refusals included (server/oplog)
      const handle = async () => {
        if (!logPlan) return run();
        try {
          return await runWithLog(app.db, logPlan, actorOf(request, user), data, run, (m) => request.log.warn(m));
        } finally {
          // the company's next reads wait until a read replica has this call's writes (server/db/read-router.ts)
          if (enterprise) app.reads.wrote((user as AuthUser).companyId);
        }
      };
      // an enterprise caller is known below the handler (whose a generated download is: server/files/store.ts)
      const result = enterprise ? await runAsCaller(user as AuthUser, handle) : await handle();
      if (spec.raw) return reply;
      return ok(result ?? null, spec.message);
    },
  });
}

export { BizError, HttpError };
