import { constants, privateDecrypt, randomBytes, scrypt as scryptCb, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { BizError } from '../http/errors.ts';

/** The key derivation every hash and check runs; an object so tests can count its runs. */
export const kdf = {
  scrypt: (password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions) =>
    new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)))),
};

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEYLEN = 32;

/**
 * What an unknown account's password is checked against: the stored form with the same parameters
 * and lengths, so the check costs what a real account's does (no timing tells which accounts exist).
 * It matches no password (its hash is random, not derived from one).
 */
const DUMMY_HASH = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, randomBytes(16).toString('base64'), randomBytes(KEYLEN).toString('base64')].join('$');

/** Stored as `scrypt$N$r$p$salt$hash` (base64) so parameters can be raised later without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await kdf.scrypt(password.normalize('NFC'), salt, KEYLEN, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await kdf.scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(expected, actual);
}

/** The login's check: an account that does not exist (stored undefined) costs the same work and fails. */
export async function verifyLoginPassword(password: string, stored: string | undefined): Promise<boolean> {
  const matches = await verifyPassword(password, stored ?? DUMMY_HASH);
  return stored !== undefined && matches;
}

/** The login key: base64 of RSA-OAEP (SHA-256) ciphertext of the UTF-8 password. */
export function decryptPassword(privateKeyPem: string, base64: string): string {
  try {
    const plain = privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    throw new BizError('密码解密失败，请刷新页面后重试');
  }
}
