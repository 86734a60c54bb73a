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

/** The module list a user type sees, with the buttons it holds, as the login answer carries it. */
export async function modulesFor(db: Db, userType: string): Promise<ModuleVo[]> {
  const [modules, buttons] = await Promise.all([
    db.selectFrom('modules').selectAll().where((eb) => eb(eb.val(userType), '=', eb.fn.any('roles'))).orderBy('parent_id').orderBy('sort_no').execute(),
    db.selectFrom('module_buttons').select(['module_id', 'code', 'name']).where((eb) => eb(eb.val(userType), '=', eb.fn.any('roles'))).orderBy('module_id').orderBy('code').execute(),
  ]);
  const byModule = new Map<number, { code: string; name: string }[]>();
  for (const b of buttons) {
    if (!byModule.has(b.module_id)) byModule.set(b.module_id, []);
    byModule.get(b.module_id)!.push({ code: b.code, name: b.name });
  }
  return modules.map((m) => ({
    id: m.id, parentId: m.parent_id, uri: m.uri, name: m.name, icon: m.icon, code: m.code, sortNo: m.sort_no, hidden: m.hidden,
    buttonVos: byModule.get(m.id) ?? [],
  }));
}
