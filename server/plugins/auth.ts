import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { AuthUser, Principal } from '../auth/auth-user.ts';
import { loadSecrets, type Secrets } from '../auth/secrets.ts';
import { SESSIONS_CHANNEL, SessionGuard } from '../auth/session-guard.ts';
import { createTokenService, type TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import type { Listen } from '../db/listener.ts';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import { BizError, HttpError } from '../http/errors.ts';
import { enforcePermission, type Requirement, type StaticPermission } from '../http/permission.ts';
import { holderOf, readCatalogue, readHoldings, type Catalogue, type Holdings } from '../accounts/grants.ts';
import { API_KEY_HEADER, findKey, keyUsable, sha256, touchKey, type KeyRecord } from '../accounts/api-keys.ts';
import { GRANTS_CHANNEL, GrantCache } from '../auth/grant-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
    tokens: TokenService;
    /** Whether an access token's session still stands; forgetUser after a user's sessions changed. */
    sessions: SessionGuard;
    /** The rate limiter of anonymous calls (defineRoute applies it to every public route). */
    rateLimiter: RateLimiter;
    /** Reads X-Authorization: Bearer; 401 when missing or invalid, envelope -10000 when expired. */
    authenticate(request: FastifyRequest, typ?: 'access' | 'pwd'): Promise<Principal>;
    /** Refuses (code -1) unless the caller holds the button code on the module with this uri. */
    requireButton(user: AuthUser, uri: string, code: string): Promise<void>;
    /** The caller's button codes per module uri: the main account's all, a sub-account's or key's grants. */
    buttonCodes(user: AuthUser): Promise<Map<string, Set<string>>>;
    /** The caller's modules and codes (login's modules list), cached per server (server/auth/grant-cache.ts). */
    holdings(user: Principal): Promise<Holdings>;
    /** Refuses (code -1) unless the caller meets a route's permission (server/http/permission.ts). */
    enforce(user: AuthUser, permission: StaticPermission | Requirement | readonly Requirement[]): Promise<void>;
    /** Grants per principal; forget(holder) after a change is committed. */
    grants: GrantCache;
  }
  interface FastifyRequest {
    /**
     * The principal of this call once authenticated (issue 17): a person, or an API key when
     * user.apiKey is set (actorOf in server/auth/auth-user.ts names it for logs). null on public routes.
     */
    user: Principal | null;
  }
}

/** An API key's last use is written at most this often (and when its IP changes). */
const TOUCH_EVERY_MS = 60_000;



export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'];
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The session of a family stands: an unrevoked refresh token of it, and its user EFFECTIVE. */
async function sessionStands(db: Db, familyId: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('refresh_tokens').innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select('refresh_tokens.user_id')
    .where('refresh_tokens.family_id', '=', familyId).where('refresh_tokens.user_id', '=', userId)
    .where('refresh_tokens.revoked_at', 'is', null).where('users.state', '=', 'EFFECTIVE')
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface AuthOptions {
  now?: () => number;
  /**
   * LISTEN on the database, so changes made by other app servers reach this one's session cache.
   * Without it the server assumes it is the database's only one (every change is made here).
   */
  listen?: Listen;
}

export default fp(async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  const secrets = await loadSecrets(app.db);
  const sessions = new SessionGuard((familyId, userId) => sessionStands(app.db, familyId, userId));
  const tokens = createTokenService(secrets.jwtKey, app.config.accessTokenTtl, app.config.refreshTokenTtl, opts.now, {
    familyRevoked: (familyId) => sessions.forgetFamily(familyId),
  });
  app.decorate('secrets', secrets);
  app.decorate('tokens', tokens);
  app.decorate('sessions', sessions);
  app.decorate('rateLimiter', createRateLimiter(app.db, { enabled: !app.config.rateLimitOff, hits: { apiKey: app.config.apiKeyRateLimit } }));
  // the module tables are reference data, rewritten only at a start: read once (again after a failure)
  // the module catalogue and every grant read through it are dropped on every app server when
  // modules or module_buttons change (server/db/table-caches.ts)
  const catalogue = app.caches.keep(['modules', 'module_buttons'], (): Promise<Catalogue> => readCatalogue(app.db));
  const grants = new GrantCache(async (holder) => readHoldings(app.db, holder, await catalogue.get('all')));
  app.caches.watch(['modules', 'module_buttons'], () => grants.forgetAll());
  app.decorate('grants', grants);
  app.decorateRequest('user', null);
  // API keys by the SHA-256 of their secret; dropped with any change of a key (few keys, rare changes)
  const keys = new Map<string, Promise<KeyRecord | undefined>>();
  grants.onDrop((key) => { if (key === undefined || key.startsWith('k')) keys.clear(); });
  const touched = new Map<number, { at: number; ip: string }>();
  if (opts.listen) {
    const stop = await opts.listen(SESSIONS_CHANNEL, sessions);
    app.addHook('onClose', stop);
    const stopGrants = await opts.listen(GRANTS_CHANNEL, grants);
    app.addHook('onClose', stopGrants);
  } else {
    sessions.ready();
    grants.ready();
  }

  /** X-Api-Key: the key is the principal, within its grants, counted per key (issue 17). */
  async function authenticateKey(request: FastifyRequest, secret: string): Promise<AuthUser> {
    const hash = sha256(secret);
    let entry = keys.get(hash);
    if (!entry) {
      entry = findKey(app.db, secret);
      keys.set(hash, entry);
      entry.catch(() => keys.delete(hash));
      if (keys.size > 10_000) keys.delete(keys.keys().next().value!);
    }
    const key = await entry;
    const now = Date.now();
    if (!keyUsable(key, now)) throw new HttpError(401, serverText.badApiKey);
    if (!(await app.rateLimiter.allow('apiKey', `k${key.id}`))) {
      throw new HttpError(429, serverText.tooManyRequests, null, { 'retry-after': '60' });
    }
    const last = touched.get(key.id);
    if (!last || now - last.at >= TOUCH_EVERY_MS || last.ip !== request.ip) {
      touched.set(key.id, { at: now, ip: request.ip });
      await touchKey(app.db, key.id, request.ip);
    }
    return { ...key.user, apiKey: { id: key.id, name: key.name } };
  }

  app.decorate('authenticate', async (request: FastifyRequest, typ: 'access' | 'pwd' = 'access'): Promise<Principal> => {
    const keyHeader = request.headers[API_KEY_HEADER];
    const secret = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
    if (secret !== undefined) {
      if (typ !== 'access' || secret.length > 200) throw new HttpError(401, serverText.badApiKey);
      const user = await authenticateKey(request, secret);
      request.user = user;
      return user;
    }
    const token = bearerOf(request);
    if (!token) throw new HttpError(401, serverText.unauthorized);
    const result = tokens.verify(token);
    if (!result.ok) {
      if (result.reason === 'expired') throw new BizError(serverText.tokenExpired, EnvelopeCode.tokenExpired);
      throw new HttpError(401, serverText.unauthorized);
    }
    if (result.typ !== typ) throw new HttpError(401, serverText.unauthorized);
    if (typ === 'access') {
      // a token from before sessions were checked names no family: the web refreshes it (-10000)
      if (!result.family) throw new BizError(serverText.tokenExpired, EnvelopeCode.tokenExpired);
      const stands = sessions.check(result.family, result.user.userId);
      if (stands === false || (stands !== true && !(await stands))) throw new HttpError(401, serverText.unauthorized);
    }
    request.user = result.user;
    return result.user;
  });

  app.decorate('holdings', (user: Principal) => grants.holdings(holderOf(user)));
  app.decorate('buttonCodes', async (user: AuthUser) => (await grants.holdings(holderOf(user))).codes);
  app.decorate('enforce', (user: AuthUser, permission: StaticPermission | Requirement | readonly Requirement[]) =>
    enforcePermission(user, permission, () => app.buttonCodes(user)));
  app.decorate('requireButton', (user: AuthUser, uri: string, code: string) => app.enforce(user, { uri, code }));
}, { name: 'auth', dependencies: ['db'] });
