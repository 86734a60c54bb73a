/**
 * Least privilege for API keys (issue 29 item 5): a new key starts with nothing; the 新建密钥
 * dialog offers the common bundles an integration needs, and says in words what the key will be
 * able to do before it is made. A bundle is grants of one bill page, named for the job.
 */
import { normalizeGrants, PAGE_GRANT, type GrantPair } from './grants.ts';
import { moduleSeeds } from './modules.ts';
import { apiKeyText as t } from './texts/api-keys.ts';

export interface GrantBundle {
  name: string;
  grants: GrantPair[];
}

/** the button codes of 申报X: save the bills and declare them in bulk (docs/integration.md steps 2–3) */
const DECLARE_CODES = ['save', 'batchDeclare'] as const;

/** 申报出口订单 = 出口订单's 页面 + 保存 + 批量申报, for every bill page with both buttons, in menu order. */
export function grantBundles(): GrantBundle[] {
  return moduleSeeds
    .filter((m) => m.uri.startsWith('/bill/') && DECLARE_CODES.every((c) => m.buttons.some((b) => b.code === c && b.roles.includes('USER'))))
    .map((m) => ({
      name: t.declareBundle(m.name),
      grants: [{ moduleId: m.id, code: PAGE_GRANT }, ...DECLARE_CODES.map((code) => ({ moduleId: m.id, code }))],
    }));
}

/** What these grants let a key do, one line a page: 出口订单：页面、保存、批量申报 (as stored: normalized). */
export function describeGrants(pairs: readonly GrantPair[]): string[] {
  const byModule = new Map<number, string[]>();
  for (const p of normalizeGrants(pairs)) {
    const codes = byModule.get(p.moduleId) ?? [];
    codes.push(p.code);
    byModule.set(p.moduleId, codes);
  }
  return moduleSeeds.filter((m) => byModule.has(m.id)).map((m) => {
    const codes = new Set(byModule.get(m.id));
    // the page, then its buttons in the page's own order
    const names = [...(codes.has(PAGE_GRANT) ? [t.pageGrant] : []), ...m.buttons.filter((b) => codes.has(b.code)).map((b) => b.name)];
    return `${m.name}：${names.join('、')}`;
  });
}
