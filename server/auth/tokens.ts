import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db } from '../db/database.ts';
import type { AuthUser } from './auth-user.ts';

/** What an access token carries. `pwd` tokens only open the before-login password change. */
interface Claims {
  sub: string;
  cid: number;
  cc: string | null;
  cn: string;
  ut: 'ADMIN' | 'USER';
  ln: string;
  un: string;
  typ: 'access' | 'pwd';
}

export type VerifyResult =
  | { ok: true; user: AuthUser; typ: Claims['typ'] }
  | { ok: false; reason: 'expired' | 'invalid' };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function createTokenService(key: string, accessTtlSeconds: number, refreshTtlSeconds: number, now: () => number = Date.now) {
  // iat/exp are written and checked here, not by fast-jwt, so tests can move the clock (expire a
  // token server-side) through the injected `now`.
  const signer = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  const verifier = createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true, cache: 1000 });
  const sign = (claims: Claims, ttlSeconds: number) => {
    const iat = Math.floor(now() / 1000);
    return signer({ ...claims, iat, exp: iat + ttlSeconds });
  };

  function claimsOf(user: AuthUser, typ: Claims['typ']): Claims {
    return { sub: String(user.userId), cid: user.companyId, cc: user.companyCode, cn: user.companyName, ut: user.userType, ln: user.loginName, un: user.userName, typ };
  }

  return {
    accessToken: (user: AuthUser) => sign(claimsOf(user, 'access'), accessTtlSeconds),
    passwordChangeToken: (user: AuthUser) => sign(claimsOf(user, 'pwd'), 15 * 60),

    verify(token: string): VerifyResult {
      try {
        const c = verifier(token) as Claims & { exp: number };
        if (typeof c.exp !== 'number' || c.exp * 1000 <= now()) return { ok: false, reason: 'expired' };
        return {
          ok: true, typ: c.typ,
          user: { userId: Number(c.sub), companyId: c.cid, companyCode: c.cc, companyName: c.cn, userType: c.ut, loginName: c.ln, userName: c.un },
        };
      } catch (err) {
        return { ok: false, reason: 'invalid' };
      }
    },

    /** Starts a new refresh-token family (at login). */
    async issueRefresh(db: Db, userId: number, familyId: string = randomUUID()): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insertInto('refresh_tokens').values({
        token_hash: sha256(token), family_id: familyId, user_id: userId,
        expires_at: new Date(now() + refreshTtlSeconds * 1000),
      }).execute();
      return token;
    },

    /**
     * Rotates a refresh token: the presented one is marked used and a new one of the same family
     * returned. Presenting a used token means it was stolen or replayed: the whole family is revoked.
     */
    async rotate(db: Db, token: string): Promise<{ userId: number; refreshToken: string } | { error: 'unknown' | 'expired' | 'reused' | 'revoked' }> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token)).forUpdate().executeTakeFirst();
        if (!row) return { error: 'unknown' as const };
        if (row.revoked_at) return { error: 'revoked' as const };
        if (row.used_at) {
          await trx.updateTable('refresh_tokens').set({ revoked_at: new Date(now()) }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
          return { error: 'reused' as const };
        }
        if (row.expires_at.getTime() <= now()) return { error: 'expired' as const };
        await trx.updateTable('refresh_tokens').set({ used_at: new Date(now()) }).where('token_hash', '=', row.token_hash).execute();
        const next = randomBytes(32).toString('base64url');
        await trx.insertInto('refresh_tokens').values({
          token_hash: sha256(next), family_id: row.family_id, user_id: row.user_id,
          expires_at: new Date(now() + refreshTtlSeconds * 1000),
        }).execute();
        return { userId: row.user_id, refreshToken: next };
      });
    },

    /** Logout: the family of the presented token is revoked. */
    async revokeFamilyOf(db: Db, token: string): Promise<void> {
      const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', sha256(token)).executeTakeFirst();
      if (!row) return;
      await db.updateTable('refresh_tokens').set({ revoked_at: new Date(now()) }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
