import type { Db } from '../db/database.ts';
import type { AuthUser } from '../auth/auth-user.ts';

export interface UserRecord extends AuthUser {
  state: 'EFFECTIVE' | 'INVALID';
  passwordHash: string;
  passwordChangedAt: Date;
}

function query(db: Db) {
  return db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.company_id').select([
    'users.id', 'users.company_id', 'users.login_name', 'users.user_name', 'users.user_type', 'users.state',
    'users.password_hash', 'users.password_changed_at', 'companies.company_code', 'companies.company_name',
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirst']>>;

function toRecord(r: NonNullable<Row>): UserRecord {
  return {
    userId: r.id, companyId: r.company_id, companyCode: r.company_code, companyName: r.company_name,
    userType: r.user_type, loginName: r.login_name, userName: r.user_name, state: r.state,
    passwordHash: r.password_hash, passwordChangedAt: r.password_changed_at,
  };
}

export async function findUserByLoginName(db: Db, loginName: string): Promise<UserRecord | undefined> {
  const row = await query(db).where('users.login_name', '=', loginName).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const row = await query(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export function authUserOf(u: UserRecord): AuthUser {
  const { userId, companyId, companyCode, companyName, userType, loginName, userName } = u;
  return { userId, companyId, companyCode, companyName, userType, loginName, userName };
}

/** The login answer's userInfo (accounts spec §3): what the web stores locally. */
export function userInfoOf(u: AuthUser) {
  return {
    companyCode: u.companyCode, companyName: u.companyName, companyId: u.companyId,
    userType: u.userType, account: u.loginName, username: u.userName, userId: u.userId,
  };
}
