import type { AuthUser } from '../auth/auth-user.ts';
import { holderOf, readHoldings } from './grants.ts';
import type { Db } from '../db/database.ts';

export interface ModuleVo {
  id: number;
  parentId: number;
  uri: string;
  name: string;
  icon: string;
  code: string;
  sortNo: number;
  /** reachable by route, not shown in the side menu */
  hidden: boolean;
  buttonVos: { code: string; name: string }[];
}

/** The modules a caller holds, with their buttons, as the login answer carries them (issue 17: its grants). */
export async function modulesFor(db: Db, user: AuthUser): Promise<ModuleVo[]> {
  return (await readHoldings(db, holderOf(user))).modules;
}
