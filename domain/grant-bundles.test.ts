import { describe, expect, it } from 'vitest';
import { PAGE_GRANT } from './grants.ts';
import { describeGrants, grantBundles } from './grant-bundles.ts';
import { moduleSeeds } from './modules.ts';

const order = moduleSeeds.find((m) => m.uri === '/bill/export/order')!.id;

describe('API-key bundles (issue 29 item 5)', () => {
  it('申报出口订单 is exactly 出口订单’s page, 保存 and 批量申报', () => {
    const bundle = grantBundles().find((b) => b.name === '申报出口订单')!;
    expect(bundle.grants).toEqual([{ moduleId: order, code: PAGE_GRANT }, { moduleId: order, code: 'save' }, { moduleId: order, code: 'batchDeclare' }]);
    expect(describeGrants(bundle.grants)).toEqual(['出口订单：页面、批量申报、保存']);
  });
  it('nothing ticked describes nothing', () => {
    expect(describeGrants([])).toEqual([]);
  });
});
