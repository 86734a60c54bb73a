import { describe, expect, it, vi } from 'vitest';
import { getDictionary, getStates } from './dictionaries.ts';
import type { Http } from './http.ts';

function fakeClient(answer: unknown) {
  const post = vi.fn(async () => answer);
  return { client: { post, get: vi.fn(), axios: {} } as unknown as Http, post };
}

describe('dictionaries', () => {
  it('asks once per code and session, concurrent callers share the request', async () => {
    const { client, post } = fakeClient([{ name: '中国银行', value: '104' }]);
    const [a, b] = await Promise.all([getDictionary('bank_code', client), getDictionary('bank_code', client)]);
    expect(a).toEqual([{ name: '中国银行', value: '104' }]);
    expect(b).toEqual(a);
    await getDictionary('bank_code', client);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/dictionary/item/queryByCode', { dicCode: 'bank_code' });
    expect(sessionStorage.getItem('cbec.dict.bank_code')).not.toBeNull();
  });

  it('state lists are cached by mode and bill type', async () => {
    const { client, post } = fakeClient([{ state: '1', stateName: '暂存' }]);
    await getStates('export', 'order', client);
    await getStates('export', 'order', client);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/enterprise/state/list', { mode: 'export', billType: 'order' });
  });
});
