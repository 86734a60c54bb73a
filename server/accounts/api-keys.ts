/**
 * API keys (issue 17 part 3): made, listed, disabled and deleted by a company's main account; found
 * by the SHA-256 of the secret a machine client sends in X-Api-Key.
 *
 * The secret is 'cbk_' + 32 random bytes (base64url): 256 bits, so a plain SHA-256 is a safe and
 * fast stored form (salting and stretching defend low-entropy passwords; here they would only make
 * every call slower). The first characters are kept to tell keys apart in the list.
 */
import { createHash, randomBytes } from 'node:crypto';
import { apiKeyText as t } from '../../domain/texts/api-keys.ts';
import type { GrantPair } from '../../domain/grants.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, runPagedList, type ColumnWhitelist } from '../query/list-query.ts';
import { chinaTime } from '../company/detail.ts';
import { replaceGrants, storedGrants } from './grants.ts';

export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_NAME_MAX = 30;
export const API_KEY_BATCH_MAX = 100;
const PREFIX_LENGTH = 12;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function newSecret(): string {
  return `cbk_${randomBytes(32).toString('base64url')}`;
}

/** A key as the authentication needs it. */
export interface KeyRecord {
  id: number;
  name: string;
  state: 'EFFECTIVE' | 'INVALID';
  expiresAt: Date | null;
  deleted: boolean;
  /** its company is frozen by the platform (issue 20): refused like a disabled key */
  companyFrozen: boolean;
  user: Omit<AuthUser, 'apiKey'>;
}

/** The key whose secret this is, whatever its state (undefined: no such key). */
export async function findKey(db: Db, secret: string): Promise<KeyRecord | undefined> {
  const row = await db.selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .innerJoin('companies', 'companies.id', 'api_keys.company_id')
    .select(['api_keys.id', 'api_keys.name', 'api_keys.state', 'api_keys.expires_at', 'api_keys.deleted_at', 'api_keys.company_id',
      'users.id as user_id', 'users.login_name', 'companies.company_code', 'companies.company_name', 'companies.frozen_at'])
    .where('api_keys.secret_hash', '=', sha256(secret)).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id, name: row.name, state: row.state, expiresAt: row.expires_at ? new Date(row.expires_at) : null, deleted: row.deleted_at !== null, companyFrozen: row.frozen_at !== null,
    user: {
      userId: row.user_id, companyId: row.company_id, companyCode: row.company_code, companyName: row.company_name,
      userType: 'USER', loginName: row.login_name, userName: row.name,
    },
  };
}

export function keyUsable(key: KeyRecord | undefined, now: number): key is KeyRecord {
  return !!key && !key.deleted && !key.companyFrozen && key.state === 'EFFECTIVE' && (!key.expiresAt || key.expiresAt.getTime() > now);
}

export async function touchKey(db: Db, id: number, ip: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: new Date(), last_used_ip: ip.slice(0, 64) }).where('id', '=', id).execute();
}

export interface NewKey { name: string; grants: GrantPair[]; expiresAt: Date | null }

/** Checks a new key's fields; throws the first problem with its field. */
export function checkedNewKey(input: { name?: unknown; grants?: unknown; expiresAt?: unknown }, now: number): NewKey {
  const name = String(input.name ?? '').trim();
  if (!name) throw BizError.fields(t.nameRequired, [{ field: 'name', message: t.nameRequired }]);
  if (name.length > API_KEY_NAME_MAX) throw BizError.fields(t.nameTooLong, [{ field: 'name', message: t.nameTooLong }]);
  let expiresAt: Date | null = null;
  if (input.expiresAt !== undefined && input.expiresAt !== null && input.expiresAt !== '') {
    const text = String(input.expiresAt);
    // a bare date is the end of that day, China time
    const d = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T23:59:59+08:00`) : new Date(text);
    if (Number.isNaN(d.getTime())) throw BizError.fields(t.expiryBad, [{ field: 'expiresAt', message: t.expiryBad }]);
    if (d.getTime() <= now) throw BizError.fields(t.expiryPast, [{ field: 'expiresAt', message: t.expiryPast }]);
    expiresAt = d;
  }
  const grants = Array.isArray(input.grants) ? (input.grants as GrantPair[]) : [];
  return { name, grants, expiresAt };
}

export async function createKey(db: Db, admin: AuthUser, key: NewKey): Promise<{ id: number; secret: string }> {
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('api_keys').values({
      company_id: admin.companyId, created_by: admin.userId, name: key.name, secret_hash: sha256(secret),
      secret_prefix: secret.slice(0, PREFIX_LENGTH), expires_at: key.expiresAt,
    }).returning('id').executeTakeFirstOrThrow();
    const kept = await replaceGrants(trx, { kind: 'apiKey', id: row.id }, key.grants);
    if (kept.length === 0) throw BizError.fields(t.noGrants, [{ field: 'grants', message: t.noGrants }]);
    return { id: row.id, secret };
  });
}

const whitelist: ColumnWhitelist = {
  id: { sql: 'api_keys.id', kind: 'number', label: '编号' },
  name: { sql: 'api_keys.name', kind: 'text', label: t.name },
  state: { sql: 'api_keys.state', kind: 'text', label: t.state },
  create_time: { sql: 'api_keys.created_at', kind: 'timestamp', label: t.createTime },
  last_used_at: { sql: 'api_keys.last_used_at', kind: 'timestamp', label: t.lastUsedAt },
  expires_at: { sql: 'api_keys.expires_at', kind: 'timestamp', label: t.expiresAt },
};

export async function listKeys(db: Db, admin: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, whitelist, {
    defaultSort: [{ name: 'create_time', order: 'desc' }, { name: 'id', order: 'desc' }], defaultPageSize: 20, tiebreaker: 'api_keys.id',
  });
  const base = db.selectFrom('api_keys')
    .select(['id', 'name', 'state', 'secret_prefix', 'expires_at', 'last_used_at', 'last_used_ip', 'created_at'])
    .where('company_id', '=', admin.companyId).where('deleted_at', 'is', null);
  const answer = await runPagedList(db, base, compiled, { simple: false });
  const rows = Array.isArray(answer) ? answer : answer.datas;
  const now = Date.now();
  const datas = await Promise.all(rows.map(async (r) => ({
    id: r.id, name: r.name, secretPrefix: r.secret_prefix,
    state: r.state === 'EFFECTIVE' && r.expires_at && new Date(r.expires_at).getTime() <= now ? 'EXPIRED' : r.state,
    expiresAt: chinaTime(r.expires_at), lastUsedAt: chinaTime(r.last_used_at), lastUsedIp: r.last_used_ip, createTime: chinaTime(r.created_at),
    grants: await storedGrants(db, { kind: 'apiKey', id: r.id }),
  })));
  return { total: Array.isArray(answer) ? datas.length : answer.total, datas };
}

/** The company's live keys with these ids, locked; an id that is not one refuses the whole batch. */
async function lockKeys(trx: Db, admin: AuthUser, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new BizError(t.selectRows);
  if (unique.length > API_KEY_BATCH_MAX) throw new BizError(t.tooMany);
  const rows = await trx.selectFrom('api_keys').select('id').where('id', 'in', unique).where('company_id', '=', admin.companyId)
    .where('deleted_at', 'is', null).orderBy('id').forUpdate().execute();
  if (rows.length !== unique.length) throw new BizError(t.notFound);
  return rows.map((r) => r.id);
}

export async function disableKeys(db: Db, admin: AuthUser, ids: readonly number[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockKeys(trx, admin, ids);
    await trx.updateTable('api_keys').set({ state: 'INVALID' }).where('id', 'in', locked).execute();
    return locked;
  });
}

export async function deleteKeys(db: Db, admin: AuthUser, ids: readonly number[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockKeys(trx, admin, ids);
    // the row stays (the operation log names it); its secret can never match again
    await trx.updateTable('api_keys').set({ deleted_at: new Date(), state: 'INVALID' }).where('id', 'in', locked).execute();
    await trx.deleteFrom('api_key_grants').where('api_key_id', 'in', locked).execute();
    return locked;
  });
}
