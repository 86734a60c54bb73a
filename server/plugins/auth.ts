import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { loadSecrets, type Secrets } from '../auth/secrets.ts';
import { createTokenService, type TokenService } from '../auth/tokens.ts';
import { BizError, HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
    tokens: TokenService;
    /** Reads X-Authorization: Bearer; 401 when missing or invalid, envelope -10000 when expired. */
    authenticate(request: FastifyRequest, typ?: 'access' | 'pwd'): Promise<AuthUser>;
    /** Refuses (code -1) unless the user's module with this uri holds the button code. */
    requireButton(user: AuthUser, uri: string, code: string): Promise<void>;
    /** Button codes per user type and module uri, read once from the modules tables. */
    buttonCodes(userType: string): Promise<Map<string, Set<string>>>;
  }
}

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'];
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export default fp(async function authPlugin(app: FastifyInstance, opts: { now?: () => number }) {
  const secrets = await loadSecrets(app.db);
  const tokens = createTokenService(secrets.jwtKey, app.config.accessTokenTtl, app.config.refreshTokenTtl, opts.now);
  app.decorate('secrets', secrets);
  app.decorate('tokens', tokens);

  app.decorate('authenticate', async (request: FastifyRequest, typ: 'access' | 'pwd' = 'access') => {
    const token = bearerOf(request);
    if (!token) throw new HttpError(401, serverText.unauthorized);
    const result = tokens.verify(token);
    if (!result.ok) {
      if (result.reason === 'expired') throw new BizError(serverText.tokenExpired, EnvelopeCode.tokenExpired);
      throw new HttpError(401, serverText.unauthorized);
    }
    if (result.typ !== typ) throw new HttpError(401, serverText.unauthorized);
    return result.user;
  });

  const cache = new Map<string, Promise<Map<string, Set<string>>>>();
  app.decorate('buttonCodes', (userType: string) => {
    let entry = cache.get(userType);
    if (!entry) {
      entry = app.db.selectFrom('modules')
        .innerJoin('module_buttons', 'module_buttons.module_id', 'modules.id')
        .select(['modules.uri', 'module_buttons.code'])
        .where((eb) => eb(eb.val(userType), '=', eb.fn.any('modules.roles')))
        .where((eb) => eb(eb.val(userType), '=', eb.fn.any('module_buttons.roles')))
        .execute()
        .then((rows) => {
          const byUri = new Map<string, Set<string>>();
          for (const r of rows) {
            if (!byUri.has(r.uri)) byUri.set(r.uri, new Set());
            byUri.get(r.uri)!.add(r.code);
          }
          return byUri;
        });
      entry.catch(() => cache.delete(userType));
      cache.set(userType, entry);
    }
    return entry;
  });

  app.decorate('requireButton', async (user: AuthUser, uri: string, code: string) => {
    const codes = (await app.buttonCodes(user.userType)).get(uri);
    if (!codes?.has(code)) throw new BizError(serverText.noPermission);
  });
}, { name: 'auth', dependencies: ['db'] });
