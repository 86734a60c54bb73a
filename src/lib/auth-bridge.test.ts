// The http client, the bridge and the real auth machine together: the refresh queue end to end.
import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type Tokens } from '../../machines/auth.ts';
import { sessionFixture } from '../testing/auth.ts';
import { createAuthBridge } from './auth-bridge.ts';
import { createHttp } from './http.ts';

function wire(refresh: () => Promise<Tokens>) {
  const refreshSpy = vi.fn(refresh);
  const clearSession = vi.fn();
  const actor = createActor(
    authMachine.provide({
      actors: { refresh: fromPromise(() => refreshSpy()) },
      actions: { clearSession, saveSession: () => {}, navigate: () => {} },
    }),
    { input: { session: sessionFixture() } },
  ).start();
  const seen: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const auth = AxiosHeaders.from(config.headers).get('X-Authorization')?.toString() ?? '';
    seen.push(`${config.url} ${auth}`);
    if (config.url === '/gone') {
      throw new AxiosError('401', AxiosError.ERR_BAD_REQUEST, config, {}, {
        status: 401, statusText: '', headers: {}, config, data: { code: -1, message: 'x', data: null },
      });
    }
    const data = auth === 'Bearer access-2' ? { code: 0, message: '', data: config.url } : { code: -10000, message: '', data: null };
    return { status: 200, statusText: '', headers: {}, config, data };
  };
  const http = createHttp({ auth: createAuthBridge(actor), adapter });
  return { actor, http, seen, refreshSpy, clearSession };
}

describe('http + auth machine', () => {
  it('many -10000 answers: the machine refreshes once and every request is retried with the new token', async () => {
    const { actor, http, seen, refreshSpy } = wire(async () => ({ token: 'access-2', refreshToken: 'refresh-2' }));
    await expect(Promise.all(['/a', '/b', '/c', '/d'].map((u) => http.post(u)))).resolves.toEqual(['/a', '/b', '/c', '/d']);
    expect(refreshSpy).toHaveBeenCalledTimes(1);
    expect(seen.filter((s) => s.endsWith('Bearer access-2'))).toHaveLength(4);
    expect(actor.getSnapshot().context.refreshToken).toBe('refresh-2');
  });

  it('a failed refresh rejects the requests and ends the session (storage cleared)', async () => {
    const { actor, http, refreshSpy, clearSession } = wire(async () => {
      throw new Error('登录状态已失效，请重新登录');
    });
    const outcomes = await Promise.allSettled([http.post('/a'), http.post('/b')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(refreshSpy).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(clearSession).toHaveBeenCalledTimes(1);
  });

  it('a 401 ends the session', async () => {
    const { actor, http, clearSession } = wire(async () => ({ token: 'access-2', refreshToken: 'r' }));
    await expect(http.post('/gone')).rejects.toMatchObject({ status: 401 });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(clearSession).toHaveBeenCalledTimes(1);
  });
});
