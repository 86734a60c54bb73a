import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * Secrets are generated once and kept in the database, so every server sharing a PostgreSQL signs
 * and decrypts with the same keys and a restart does not log everybody out.
 */
async function getOrCreate(db: Db, name: string, generate: () => string): Promise<string> {
  const existing = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db.insertInto('app_secrets').values({ name, value: generate() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export interface Secrets {
  jwtKey: string;
  rsaPublicKeyPem: string;
  rsaPrivateKeyPem: string;
}

export async function loadSecrets(db: Db): Promise<Secrets> {
  const jwtKey = await getOrCreate(db, 'jwt_hs256', () => randomBytes(48).toString('base64'));
  const pair = await getOrCreate(db, 'login_rsa', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return JSON.stringify({ publicKey, privateKey });
  });
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string };
  return { jwtKey, rsaPublicKeyPem: publicKey, rsaPrivateKeyPem: privateKey };
}
