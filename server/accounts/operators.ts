/**
 * Platform operators (审核端, issue 20): PLATFORM users of no enterprise. Made by the first start (the
 * demo login) and by `npm run create-operator` (scripts/create-operator.ts) for deployments; an
 * operator's password follows the same rule as a person's own password.
 */
import { ownPasswordProblem } from '../../domain/password-rules.ts';
import { reviewCompanyText as t } from '../../domain/texts/review-company.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';

export interface NewOperator {
  loginName: string;
  userName: string;
  password: string;
}

/** Creates one operator; refuses (Error with a Chinese message) a taken login name or a weak password. */
export async function createOperator(db: Db, o: NewOperator): Promise<number> {
  const loginName = o.loginName.trim();
  if (!loginName || loginName.length > 60) throw new Error(t.operatorLoginName);
  const problem = ownPasswordProblem(o.password);
  if (problem) throw new Error(problem);
  const taken = await db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirst();
  if (taken) throw new Error(t.operatorTaken(loginName));
  const row = await db.insertInto('users').values({
    company_id: null, parent_id: null, login_name: loginName, user_name: o.userName.trim() || loginName,
    user_type: 'PLATFORM', state: 'EFFECTIVE', password_hash: await hashPassword(o.password),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
