/**
 * Why a session that no longer stands ended, for the stream's `end` (issue 29): read from the user as
 * stored now. A user and company still in good standing means the login itself was ended (退出系统
 * elsewhere, a password change or reset, a refresh token's reuse).
 */
import type { SessionEndReason } from '../../domain/events.ts';
import { findUserById } from '../accounts/users.ts';
import type { Db } from '../db/database.ts';

export async function sessionEndReason(db: Db, userId: number): Promise<SessionEndReason> {
  const user = await findUserById(db, userId);
  if (!user) return 'deleted';
  if (user.companyFrozen) return 'companyFrozen';
  if (user.state !== 'EFFECTIVE') return 'frozen';
  return 'loggedOut';
}
