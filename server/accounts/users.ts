import type { Db } from '../db/database.ts';
import type { AuthUser, OperatorUser, Principal } from '../auth/auth-user.ts';

interface StoredState {
  state: 'EFFECTIVE' | 'INVALID';
  passwordHash: string;
  passwordChangedAt: Date;
  /** the user's company is frozen by an operator (企业管理, issue 20); never for an operator */
  companyFrozen: boolean;
}

/** A user row: an enterprise user or a platform operator (PLATFORM, no company), with its login state. */
export type UserRecord = (AuthUser & StoredState) | (OperatorUser & StoredState);

function query(db: Db) {
  // an operator has no company (users.company_id null, migration 027): a left join keeps it
  return db.selectFrom('users').leftJoin('companies', 'companies.id', 'users.company_id').select([
    'users.id', 'users.company_id', 'users.login_name', 'users.user_name', 'users.user_type', 'users.state',
    'users.password_hash', 'users.password_changed_at', 'companies.company_code', 'companies.company_name', 'companies.frozen_at',
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirst']>>;

function toRecord(r: NonNullable<Row>): UserRecord {
  const stored: StoredState = {
    state: r.state, passwordHash: r.password_hash, passwordChangedAt: r.password_changed_at, companyFrozen: r.frozen_at !== null,
  };
  const person = { userId: r.id, loginName: r.login_name, userName: r.user_name };
  // the check users_platform_without_company makes the two cases exhaustive
  if (r.user_type === 'PLATFORM' || r.company_id === null) {
    return { ...person, ...stored, userType: 'PLATFORM', companyId: null, companyCode: null, companyName: '' };
  }
  return { ...person, ...stored, userType: r.user_type, companyId: r.company_id, companyCode: r.company_code, companyName: r.company_name ?? '' };
}

export async function findUserByLoginName(db: Db, loginName: string): Promise<UserRecord | undefined> {
  const row = await query(db).where('users.login_name', '=', loginName).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const row = await query(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export function authUserOf(u: UserRecord): Principal {
  if (u.userType === 'PLATFORM') {
    const { userId, companyId, companyCode, companyName, userType, loginName, userName } = u;
    return { userId, companyId, companyCode, companyName, userType, loginName, userName };
  }
  const { userId, companyId, companyCode, companyName, userType, loginName, userName } = u;
  return { userId, companyId, companyCode, companyName, userType, loginName, userName };
}

/** The login answer's userInfo (accounts spec §3): what the web stores locally. */
export function userInfoOf(u: Principal) {
  return {
    companyCode: u.companyCode, companyName: u.companyName, companyId: u.companyId,
    userType: u.userType, account: u.loginName, username: u.userName, userId: u.userId,
  };
}
