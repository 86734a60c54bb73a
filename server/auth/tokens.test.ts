// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuthUser } from './auth-user.ts';
import { createTokenService, VERIFIED_MAX } from './tokens.ts';

const user: AuthUser = {
  userId: 7, companyId: 3, companyCode: '3302961A2B', companyName: '宁波跨境优选供应链管理有限公司',
  userType: 'ADMIN', loginName: 'admin', userName: '管理员',
};

function service(ttlSeconds = 60) {
  const clock = { ms: Date.UTC(2026, 10, 22, 2, 0, 0) };
  const tokens = createTokenService('k'.repeat(32), ttlSeconds, 3600, () => clock.ms);
  return { tokens, clock };
}

describe('access tokens', () => {
  it('verify gives the user and the kind of a signed token, the same on every call', () => {
    const { tokens } = service();
    const access = tokens.accessToken(user, 'fam-1');
    const pwd = tokens.passwordChangeToken(user);
    for (let i = 0; i < 3; i++) {
      expect(tokens.verify(access)).toEqual({ ok: true, typ: 'access', family: 'fam-1', user });
      expect(tokens.verify(pwd)).toEqual({ ok: true, typ: 'pwd', family: undefined, user });
    }
  });

  it('a token verified once still expires: its expiry is checked on every call', () => {
    const { tokens, clock } = service(60);
    const access = tokens.accessToken(user, 'fam-1');
    expect(tokens.verify(access).ok).toBe(true);
    clock.ms += 59_000;
    expect(tokens.verify(access).ok).toBe(true);
    clock.ms += 1_000;
    expect(tokens.verify(access)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.verify(access)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token with a changed payload or signature, and one signed with another key, every time', () => {
    const { tokens } = service();
    const other = createTokenService('o'.repeat(32), 60, 3600).accessToken(user, 'fam-1');
    const access = tokens.accessToken(user, 'fam-1');
    expect(tokens.verify(access).ok).toBe(true);
    const [head, body, signature] = access.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, cid: 4 })).toString('base64url')}.${signature}`;
    const flipped = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}${signature.slice(-1)}`;
    for (let i = 0; i < 2; i++) {
      expect(tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
      expect(tokens.verify(flipped)).toEqual({ ok: false, reason: 'invalid' });
      expect(tokens.verify(other)).toEqual({ ok: false, reason: 'invalid' });
      expect(tokens.verify('not.a.token')).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('a caller changing its user does not change what the next call gets', () => {
    const { tokens } = service();
    const access = tokens.accessToken(user, 'fam-1');
    const first = tokens.verify(access);
    if (!first.ok) throw new Error('expected a verified token');
    first.user.companyCode = null;
    expect(tokens.verify(access)).toEqual({ ok: true, typ: 'access', family: 'fam-1', user });
  });

  it('more tokens than are remembered: each still verifies, and each still expires', () => {
    const { tokens, clock } = service(60);
    const issued = Array.from({ length: VERIFIED_MAX + 5 }, (_, i) => tokens.accessToken({ ...user, userId: i + 1 }, `fam-${i}`));
    for (const t of issued) expect(tokens.verify(t).ok).toBe(true);
    for (const [i, t] of issued.entries()) {
      const v = tokens.verify(t);
      expect(v.ok && v.user.userId).toBe(i + 1);
    }
    clock.ms += 60_000;
    for (const t of [issued[0]!, issued.at(-1)!]) expect(tokens.verify(t)).toEqual({ ok: false, reason: 'expired' });
  });
});
