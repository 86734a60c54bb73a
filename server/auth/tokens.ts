import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db } from '../db/database.ts';
import type { Principal } from './auth-user.ts';

/** What an access token carries. `pwd` tokens only open the before-login password change. */
interface Claims {
  sub: string;
  /** null for a platform operator (PLATFORM, issue 20) */
  cid: number | null;
  cc: string | null;
  cn: string;
  ut: Principal['userType'];
  ln: string;
  un: string;
  typ: 'access' | 'pwd';
  /** access tokens: the refresh-token family (one per login) the session stands or falls with */
  fam?: string;
}

export type VerifyResult =
  | { ok: true; user: Principal; typ: Claims['typ']; family: string | undefined }
  | { ok: false; reason: 'expired' | 'invalid' };

/** A token whose signature checked out, with what the calls need of it. */
interface Verified { expiresAtMs: number; typ: Claims['typ']; family: string | undefined; user: Principal }

/** How many verified tokens are remembered (logged-in sessions of one server, with room to spare). */
export const VERIFIED_MAX = 1000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A rotated refresh token: its user, its family (the access token's `fam`) and the new token. */
export interface Rotated { userId: number; familyId: string; refreshToken: string }

/**
 * How long after its use a refresh token presented again by the same login answers the token that
 * replaced it instead of revoking the family (docs/decisions/refresh-grace.md): two tabs of one
 * browser refreshing at once.
 */
export const REFRESH_GRACE_MS = 30_000;
/** How many rotations the grace follows from the presented token to the family's newest one. */
const GRACE_STEPS = 10;

export interface TokenHooks {
  /** A refresh-token family was revoked and the revocation committed (its access tokens die with it). */
  familyRevoked(familyId: string): void;
}

export function createTokenService(key: string, accessTtlSeconds: number, refreshTtlSeconds: number, now: () => number = Date.now, hooks: TokenHooks = { familyRevoked: () => undefined }) {
  // iat/exp are written and checked here, not by fast-jwt, so tests can move the clock (expire a
  // token server-side) through the injected `now`.
  const signer = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  const verifier = createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true });
  // Every call of a logged-in page presents the same token: its signature is checked the first
  // time, and afterwards only its expiry (a look-up by the token's text, where fast-jwt's own cache
  // hashed the whole token with SHA-256 on every call). A verified token's signature and claims never
  // change (whether its session still stands is asked apart, server/auth/session-guard.ts); the
  // oldest entry makes room once VERIFIED_MAX are kept.
  const verified = new Map<string, Verified>();
  // A refresh token's successor is derived from it (keyed by the server's secret), so a repeated
  // presentation within the grace finds the token already issued without storing any token's text.
  const successorOf = (token: string) => createHmac('sha256', key).update(`refresh-successor\0${token}`).digest('base64url');
  const sign = (claims: Claims, ttlSeconds: number) => {
    const iat = Math.floor(now() / 1000);
    return signer({ ...claims, iat, exp: iat + ttlSeconds });
  };

  function claimsOf(user: Principal, typ: Claims['typ']): Claims {
    return { sub: String(user.userId), cid: user.companyId, cc: user.companyCode, cn: user.companyName, ut: user.userType, ln: user.loginName, un: user.userName, typ };
  }

  async function revokeFamily(db: Db, familyId: string): Promise<void> {
    await db.updateTable('refresh_tokens').set({ revoked_at: new Date(now()) }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
    hooks.familyRevoked(familyId);
  }

  return {
    /** The service's clock (tests move it): whatever expires with the tokens reads it too. */
    now,
    /** An access token of the session of this refresh-token family. */
    accessToken: (user: Principal, familyId: string) => sign({ ...claimsOf(user, 'access'), fam: familyId }, accessTtlSeconds),
    passwordChangeToken: (user: Principal) => sign(claimsOf(user, 'pwd'), 15 * 60),

    verify(token: string): VerifyResult {
      let v = verified.get(token);
      if (!v) {
        let c: Claims & { exp: unknown };
        try {
          c = verifier(token) as Claims & { exp: unknown };
        } catch {
          return { ok: false, reason: 'invalid' };
        }
        if (typeof c.exp !== 'number') return { ok: false, reason: 'expired' };
        v = {
          expiresAtMs: c.exp * 1000, typ: c.typ, family: typeof c.fam === 'string' && c.fam ? c.fam : undefined,
          // the claims were written by claimsOf from a Principal and signed: they are one again
          user: { userId: Number(c.sub), companyId: c.cid, companyCode: c.cc, companyName: c.cn, userType: c.ut, loginName: c.ln, userName: c.un } as Principal,
        };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, v);
      }
      if (v.expiresAtMs <= now()) {
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      // a copy: the caller may keep or change its user without touching the next call's
      return { ok: true, typ: v.typ, family: v.family, user: { ...v.user } };
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
     * Rotates a refresh token: the presented one is marked used and its successor, of the same
     * family, returned. Presenting a used token means it was stolen or replayed: the whole family is
     * revoked — unless it was used less than REFRESH_GRACE_MS ago and the caller proves the same
     * login (`sameLogin`: the family named by an access token signed here, expired or not): then the
     * newest token of the family is answered again (two tabs of one browser refreshed at once).
     */
    async rotate(db: Db, token: string, sameLogin?: string): Promise<Rotated | { error: 'unknown' | 'expired' | 'reused' | 'revoked' }> {
      type Outcome = Rotated | { error: 'unknown' | 'expired' | 'revoked' } | { error: 'reused'; familyId: string };
      const result = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token)).forUpdate().executeTakeFirst();
        if (!row) return { error: 'unknown' as const };
        if (row.revoked_at) return { error: 'revoked' as const };
        if (row.used_at) {
          if (sameLogin === row.family_id && now() - row.used_at.getTime() <= REFRESH_GRACE_MS) {
            // the successors were written by the rotations before: follow them to the one not yet used
            let next = successorOf(token);
            for (let step = 0; step < GRACE_STEPS; step++) {
              const successor = await trx.selectFrom('refresh_tokens').select(['used_at', 'revoked_at', 'expires_at', 'family_id'])
                .where('token_hash', '=', sha256(next)).executeTakeFirst();
              if (!successor || successor.family_id !== row.family_id || successor.revoked_at || successor.expires_at.getTime() <= now()) break;
              if (!successor.used_at) return { userId: row.user_id, familyId: row.family_id, refreshToken: next };
              next = successorOf(next);
            }
          }
          await trx.updateTable('refresh_tokens').set({ revoked_at: new Date(now()) }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
          return { error: 'reused' as const, familyId: row.family_id };
        }
        if (row.expires_at.getTime() <= now()) return { error: 'expired' as const };
        await trx.updateTable('refresh_tokens').set({ used_at: new Date(now()) }).where('token_hash', '=', row.token_hash).execute();
        const next = successorOf(token);
        await trx.insertInto('refresh_tokens').values({
          token_hash: sha256(next), family_id: row.family_id, user_id: row.user_id,
          expires_at: new Date(now() + refreshTtlSeconds * 1000),
        }).execute();
        return { userId: row.user_id, familyId: row.family_id, refreshToken: next };
      });
      if ('error' in result && result.error === 'reused') {
        hooks.familyRevoked(result.familyId);
        return { error: 'reused' };
      }
      return result;
    },

    /**
     * The refresh-token family an access token signed here names, whether or not it has expired
     * (logout, and the refresh's proof of the same login); undefined for anything else.
     */
    familyOf(token: string): string | undefined {
      const known = verified.get(token);
      if (known) return known.typ === 'access' ? known.family : undefined;
      try {
        const c = verifier(token) as Claims;
        return c.typ === 'access' && typeof c.fam === 'string' && c.fam ? c.fam : undefined;
      } catch {
        return undefined;
      }
    },

    /** Logout: the family of the presented refresh token is revoked. */
    async revokeFamilyOf(db: Db, token: string): Promise<void> {
      const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', sha256(token)).executeTakeFirst();
      if (row) await revokeFamily(db, row.family_id);
    },

    /** Logout with the access token: its family is revoked (the user's other logins stay). */
    revokeFamily,
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
