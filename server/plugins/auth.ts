import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { loadSecrets, type Secrets } from '../auth/secrets.ts';
import { SESSIONS_CHANNEL, SessionGuard } from '../auth/session-guard.ts';
import { createTokenService, type TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import type { Listen } from '../db/listener.ts';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import { BizError, HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
    tokens: TokenService;
    /** Whether an access token's session still stands; forgetUser after a user's sessions changed. */
    sessions: SessionGuard;
    /** The rate limiter of anonymous calls (defineRoute applies it to every public route). */
    rateLimiter: RateLimiter;
    /** Reads X-Authorization: Bearer; 401 when missing or invalid, envelope -10000 when expired. */
    authenticate(request: FastifyRequest, typ?: 'access' | 'pwd'): Promise<AuthUser>;
    /** Refuses (code -1) unless the user's module with this uri holds the button code. */
    requireButton(user: AuthUser, uri: string, code: string): Promise<void>;
    /** Button codes per user type and module uri, read from the modules tables and kept until they change. */
    buttonCodes(userType: string): Promise<Map<string, Set<string>>>;
  }
}

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
  app.decorate('rateLimiter', createRateLimiter(app.db, { enabled: !app.config.rateLimitOff }));
  if (opts.listen) {
    const stop = await opts.listen(SESSIONS_CHANNEL, sessions);
    app.addHook('onClose', stop);
  } else {
    sessions.ready();
  }

  app.decorate('authenticate', async (request: FastifyRequest, typ: 'access' | 'pwd' = 'access') => {
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
    return result.user;
  });

  // kept per user type until modules or module_buttons change (on any app server: server/db/table-caches.ts)
  const codes = app.caches.keep(['modules', 'module_buttons'], async (userType) => {
    const rows = await app.db.selectFrom('modules')
      .innerJoin('module_buttons', 'module_buttons.module_id', 'modules.id')
      .select(['modules.uri', 'module_buttons.code'])
      .where((eb) => eb(eb.val(userType), '=', eb.fn.any('modules.roles')))
      .where((eb) => eb(eb.val(userType), '=', eb.fn.any('module_buttons.roles')))
      .execute();
    const byUri = new Map<string, Set<string>>();
    for (const r of rows) {
      if (!byUri.has(r.uri)) byUri.set(r.uri, new Set());
      byUri.get(r.uri)!.add(r.code);
    }
    return byUri;
  });
  app.decorate('buttonCodes', (userType: string) => codes.get(userType));

  app.decorate('requireButton', async (user: AuthUser, uri: string, code: string) => {
    const codes = (await app.buttonCodes(user.userType)).get(uri);
    if (!codes?.has(code)) throw new BizError(serverText.noPermission);
  });
}, { name: 'auth', dependencies: ['db'] });
