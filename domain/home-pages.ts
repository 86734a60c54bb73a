/**
 * Where each kind of console opens, as plain constants: the tab strip needs them on every page,
 * /login included, without the module tree of domain/modules.ts (issue 31: /login's budget).
 */

/** Where a platform operator's console opens (its first page; it has no 首页). */
export const OPERATOR_HOME_URI = '/review/filing';
