import { describe, expect, it } from 'vitest';
import { defaultSubAccountGrants, grantTree, isGrantable, normalizeGrants, PAGE_GRANT } from './grants.ts';
import { moduleSeeds } from './modules.ts';

const idOf = (uri: string) => moduleSeeds.find((m) => m.uri === uri)!.id;
const has = (pairs: { moduleId: number; code: string }[], uri: string, code = PAGE_GRANT) => pairs.some((p) => p.moduleId === idOf(uri) && p.code === code);

describe('default grants of a new sub-account', () => {
  const d = defaultSubAccountGrants();
  it('hold every bill page with all its buttons', () => {
    for (const m of moduleSeeds.filter((x) => x.uri.startsWith('/bill/'))) {
      expect(has(d, m.uri), m.uri).toBe(true);
      for (const b of m.buttons) expect(has(d, m.uri, b.code), `${m.uri} ${b.code}`).toBe(true);
    }
  });
  it('hold the filing to read only, and nothing of settlement, subsidies, parameters, accounts or keys', () => {
    expect(has(d, '/enterprise')).toBe(true);
    expect(d.filter((p) => p.moduleId === idOf('/enterprise'))).toHaveLength(1);
    for (const uri of ['/exchangeSettlement', '/settlementVerification', '/settlementAuthorization/apply', '/settlementAuthorization/confirm', '/rewardApplication', '/parametersSetting', '/account', '/apiKey']) {
      expect(d.some((p) => p.moduleId === idOf(uri)), uri).toBe(false);
    }
  });
  it('are already normalized', () => {
    expect(normalizeGrants(d)).toEqual([...d].sort((a, b) => a.moduleId - b.moduleId || a.code.localeCompare(b.code)));
  });
});

describe('normalizeGrants', () => {
  it('drops unknown and main-account-only pairs, and a button brings its page and the pages it is opened from', () => {
    const kept = normalizeGrants([
      { moduleId: idOf('/exchangeSettlement/applicationDetail'), code: 'add' },
      { moduleId: idOf('/account'), code: 'delete' },
      { moduleId: idOf('/bill/export/order'), code: 'noSuchButton' },
      { moduleId: 99999, code: PAGE_GRANT },
      { moduleId: idOf('/exchangeSettlement/applicationDetail'), code: 'add' },
    ]);
    expect(kept).toEqual([
      { moduleId: idOf('/exchangeSettlement'), code: PAGE_GRANT },
      { moduleId: idOf('/exchangeSettlement/applicationDetail'), code: PAGE_GRANT },
      { moduleId: idOf('/exchangeSettlement/applicationDetail'), code: 'add' },
    ]);
  });
});

describe('grantTree', () => {
  it('is the menu’s groups and pages that may be granted, hidden pages under the page they open from', () => {
    const tree = grantTree();
    expect(tree.map((n) => n.name)).toContain('出口业务');
    const all = (nodes: ReturnType<typeof grantTree>): ReturnType<typeof grantTree> => nodes.flatMap((n) => [n, ...all(n.children)]);
    const uris = all(tree).map((n) => n.uri);
    expect(uris).not.toContain('/account');
    expect(uris).not.toContain('/apiKey');
    const settlement = all(tree).find((n) => n.uri === '/exchangeSettlement')!;
    expect(settlement.children.map((c) => c.uri)).toEqual(['/exchangeSettlement/applicationDetail']);
    for (const n of all(tree)) if (n.uri) expect(isGrantable(moduleSeeds.find((m) => m.id === n.id)!)).toBe(true);
  });
});
