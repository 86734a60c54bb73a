/**
 * Grants (issue 17): which modules and buttons a sub-account or an API key holds. The main account
 * (ADMIN) holds every module; a sub-account (USER) and an API key hold what the main account ticked,
 * among the modules and buttons whose roles include USER (account management and API keys stay with
 * the main account). A grant is a pair {moduleId, code}; code PAGE_GRANT ('') is the page itself.
 */
import { MENU_GROUP_URI, moduleSeeds, ROOT_PARENT_ID, type ModuleSeed } from './modules.ts';

/** The code of a page grant: the module may be opened (and its read calls made). */
export const PAGE_GRANT = '';

export interface GrantPair {
  moduleId: number;
  /** a button code of the module, or PAGE_GRANT */
  code: string;
}

const byId = new Map(moduleSeeds.map((m) => [m.id, m]));

/** The menu group (root) a module sits in: its own id for a root. */
export function rootOf(module: ModuleSeed): number {
  let m = module;
  while (m.parentId !== ROOT_PARENT_ID) {
    const parent = byId.get(m.parentId);
    if (!parent) break;
    m = parent;
  }
  return m.id;
}

/** Whether a sub-account or key may be granted this module at all. */
export function isGrantable(m: ModuleSeed): boolean {
  return m.uri !== MENU_GROUP_URI && m.roles.includes('USER');
}

/**
 * What a new sub-account receives: the bill pages with every button (declaring, querying,
 * exporting), the home page, the query pages, the service centre, its own 常用功能 and its own
 * 操作日志 (a sub-account sees only its own rows), and the
 * enterprise filing to read. Not: editing the filing or its authorisation code, 结汇管理
 * (settlements, verifications, authorisations), 补贴管理, 参数设置, accounts, API keys.
 */
const DEFAULT_GROUPS = new Set([1, 100, 200, 300, 700]);
const DEFAULT_PAGES_ONLY = new Set(['/enterprise']);
const DEFAULT_PAGES = new Set(['/commonFun', '/operationLog']);

export function defaultSubAccountGrants(): GrantPair[] {
  const pairs: GrantPair[] = [];
  for (const m of moduleSeeds) {
    if (!isGrantable(m)) continue;
    const withButtons = DEFAULT_GROUPS.has(rootOf(m)) || DEFAULT_PAGES.has(m.uri);
    if (!withButtons && !DEFAULT_PAGES_ONLY.has(m.uri)) continue;
    pairs.push({ moduleId: m.id, code: PAGE_GRANT });
    if (withButtons) for (const b of m.buttons) if (b.roles.includes('USER')) pairs.push({ moduleId: m.id, code: b.code });
  }
  return pairs;
}

/**
 * The pairs as stored: unknown modules and buttons (and those not grantable) dropped, each once, a
 * granted button brings its page, a granted hidden page brings the pages it is opened from.
 */
export function normalizeGrants(pairs: readonly GrantPair[]): GrantPair[] {
  const out = new Map<string, GrantPair>();
  const add = (moduleId: number, code: string) => out.set(`${moduleId}:${code}`, { moduleId, code });
  for (const p of pairs) {
    const m = byId.get(p.moduleId);
    if (!m || !isGrantable(m)) continue;
    if (p.code !== PAGE_GRANT && !m.buttons.some((b) => b.code === p.code && b.roles.includes('USER'))) continue;
    if (p.code !== PAGE_GRANT) add(m.id, p.code);
    for (let page: ModuleSeed | undefined = m; page && isGrantable(page); page = byId.get(page.parentId)) add(page.id, PAGE_GRANT);
  }
  return [...out.values()].sort((a, b) => a.moduleId - b.moduleId || a.code.localeCompare(b.code));
}

/** One node of the grant dialog's tree: a menu group with its pages, a page with its buttons and hidden pages. */
export interface GrantTreeNode {
  id: number;
  name: string;
  uri: string;
  buttons: { code: string; name: string }[];
  children: GrantTreeNode[];
}

/** The tree the grant dialogs show: the menu's groups and pages, only what may be granted. */
export function grantTree(): GrantTreeNode[] {
  const node = (m: ModuleSeed): GrantTreeNode => ({
    id: m.id, name: m.name, uri: m.uri,
    buttons: m.buttons.filter((b) => b.roles.includes('USER')).map((b) => ({ code: b.code, name: b.name })),
    children: moduleSeeds.filter((c) => c.parentId === m.id && isGrantable(c)).sort((a, b) => a.sortNo - b.sortNo).map(node),
  });
  return moduleSeeds.filter((m) => m.parentId === ROOT_PARENT_ID)
    .sort((a, b) => a.sortNo - b.sortNo)
    .map(node)
    .filter((n) => n.uri !== MENU_GROUP_URI ? isGrantable(byId.get(n.id)!) : n.children.length > 0);
}
