import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createHttp, DEFAULT_TIMEOUT, LONG_TIMEOUT, type AuthBridge } from './http.ts';

interface Seen { url: string; auth: string | undefined; body: unknown; timeout: number | undefined; headers: AxiosHeaders }
type Reply = { status?: number; data?: unknown; headers?: Record<string, string> } | 'network' | 'timeout';

/** An axios adapter answering from `reply`, settling like axios' own adapters do. */
function fakeServer(reply: (seen: Seen) => Reply | Promise<Reply>) {
  const calls: Seen[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const seen: Seen = {
      url: config.url ?? '',
      auth: headers.get('X-Authorization')?.toString(),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      timeout: config.timeout,
      headers,
    };
    calls.push(seen);
    const answer = await reply(seen);
    if (answer === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if (answer === 'timeout') throw new AxiosError('timeout', AxiosError.ECONNABORTED, config, {});
    const response: AxiosResponse = {
      status: answer.status ?? 200,
      statusText: '',
      data: answer.data,
      headers: answer.headers ?? {},
      config,
    };
    if (response.status >= 400) {
      throw new AxiosError(`Request failed with status code ${response.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
    return response;
  };
  return { adapter, calls };
}

function fakeAuth(token = 'old') {
  const state = { token: token as string | null };
  const auth = {
    getToken: vi.fn(() => state.token),
    refresh: vi.fn(async () => {
      state.token = 'new';
      return 'new';
    }),
    unauthorized: vi.fn(),
  } satisfies AuthBridge;
  return { auth, state };
}

const ok = (data: unknown): Reply => ({ data: { code: 0, message: '', data } });

describe('createHttp', () => {
  it('posts {data} with the bearer token and resolves the data of code 0', async () => {
    const server = fakeServer(() => ok({ id: 7 }));
    const http = createHttp({ auth: fakeAuth().auth, adapter: server.adapter, baseURL: 'http://x' });
    await expect(http.post('/api/a', { q: 1 })).resolves.toEqual({ id: 7 });
    expect(server.calls[0]).toMatchObject({ url: '/api/a', auth: 'Bearer old', body: { data: { q: 1 } }, timeout: DEFAULT_TIMEOUT });
  });

  it('gives long calls 120 s and sends no token on calls outside the session', async () => {
    const server = fakeServer(() => ok(null));
    const http = createHttp({ auth: fakeAuth().auth, adapter: server.adapter });
    await http.post('/api/export', {}, { long: true });
    await http.post('/api/auth/public_key', {}, { auth: false });
    expect(server.calls[0]?.timeout).toBe(LONG_TIMEOUT);
    expect(server.calls[1]?.auth).toBeUndefined();
  });

  it('code -1 and other codes reject with a business ApiError carrying the message', async () => {
    const server = fakeServer((seen) => ({ data: { code: seen.url === '/a' ? -1 : 3, message: '验证码错误', data: null } }));
    const http = createHttp({ auth: fakeAuth().auth, adapter: server.adapter });
    await expect(http.post('/a')).rejects.toMatchObject({ kind: 'business', code: -1, message: '验证码错误' });
    await expect(http.post('/b')).rejects.toMatchObject({ kind: 'business', code: 3, message: '验证码错误' });
  });

  it('code -1000 resolves the whole body', async () => {
    const body = { code: -1000, message: '提交失败', data: { x: 1 } };
    const http = createHttp({ auth: fakeAuth().auth, adapter: fakeServer(() => ({ data: body })).adapter });
    await expect(http.post('/a')).resolves.toEqual(body);
  });

  it('a non-envelope answer (an image, a file) resolves as it is', async () => {
    const http = createHttp({ auth: fakeAuth().auth, adapter: fakeServer(() => ({ data: '<svg/>' })).adapter });
    await expect(http.get('/captcha')).resolves.toBe('<svg/>');
  });

  it('concurrent -10000 answers: exactly one refresh, then each request is retried once with the new token', async () => {
    const { auth, state } = fakeAuth();
    let release!: () => void;
    auth.refresh.mockImplementation(
      () =>
        new Promise<string>((resolve) => {
          release = () => {
            state.token = 'new';
            resolve('new');
          };
        }),
    );
    const server = fakeServer((seen) =>
      seen.auth === 'Bearer new' ? ok({ echo: seen.body }) : { data: { code: -10000, message: '登录已过期，正在刷新', data: null } },
    );
    const http = createHttp({ auth, adapter: server.adapter });
    const results = Promise.all([http.post('/a', 1), http.post('/b', 2), http.post('/c', 3)]);
    await vi.waitFor(() => expect(auth.refresh).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10)); // all three have met -10000 by now
    release();
    await expect(results).resolves.toEqual([{ echo: { data: 1 } }, { echo: { data: 2 } }, { echo: { data: 3 } }]);
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(server.calls.map((c) => `${c.url} ${c.auth}`).sort()).toEqual([
      '/a Bearer new', '/a Bearer old', '/b Bearer new', '/b Bearer old', '/c Bearer new', '/c Bearer old',
    ]);
  });

  it('a request sent with a token that was replaced meanwhile is retried without another refresh', async () => {
    const { auth, state } = fakeAuth();
    const server = fakeServer((seen) => {
      if (seen.auth === 'Bearer old') state.token = 'new'; // another request's refresh finished first
      return seen.auth === 'Bearer new' ? ok('fine') : { data: { code: -10000, message: '', data: null } };
    });
    const http = createHttp({ auth, adapter: server.adapter });
    await expect(http.post('/a')).resolves.toBe('fine');
    expect(auth.refresh).not.toHaveBeenCalled();
  });

  it('retries only once: a second -10000 rejects', async () => {
    const { auth } = fakeAuth();
    const server = fakeServer(() => ({ data: { code: -10000, message: '登录已过期，正在刷新', data: null } }));
    const http = createHttp({ auth, adapter: server.adapter });
    await expect(http.post('/a')).rejects.toMatchObject({ kind: 'business', code: -10000 });
    expect(server.calls).toHaveLength(2);
    expect(auth.refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh rejects every waiting request without retrying it', async () => {
    const { auth } = fakeAuth();
    auth.refresh.mockImplementation(async () => {
      throw new Error('登录状态已失效，请重新登录');
    });
    const server = fakeServer(() => ({ data: { code: -10000, message: '', data: null } }));
    const http = createHttp({ auth, adapter: server.adapter });
    const outcomes = await Promise.allSettled([http.post('/a'), http.post('/b')]);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      expect((o as PromiseRejectedResult).reason).toMatchObject({ kind: 'business', message: '登录状态已失效，请重新登录' });
    }
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(2);
  });

  it('no response → the network text', async () => {
    const http = createHttp({ auth: fakeAuth().auth, adapter: fakeServer(() => 'network').adapter });
    const error = await http.post('/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', message: '网络连接失败,请检查网络链接!' });
  });

  it('a client timeout → 请求超时', async () => {
    const http = createHttp({ auth: fakeAuth().auth, adapter: fakeServer(() => 'timeout').adapter });
    await expect(http.post('/a')).rejects.toMatchObject({ kind: 'timeout', message: '请求超时' });
  });

  it('404 → 请求地址出错 plus the URL', async () => {
    const http = createHttp({ auth: fakeAuth().auth, adapter: fakeServer(() => ({ status: 404, data: '' })).adapter });
    await expect(http.post('/api/nowhere')).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      message: '请求地址出错 /api/nowhere',
    });
  });

  it('400/403 show the server message if any, else the spec text; 5xx the spec text', async () => {
    const server = fakeServer((seen) => {
      if (seen.url === '/400m') return { status: 400, data: { code: -1, message: '提交的数据不正确', data: null } };
      if (seen.url === '/400') return { status: 400, data: '' };
      if (seen.url === '/403') return { status: 403, data: {} };
      return { status: 502, data: { code: -1, message: 'bad gateway', data: null } };
    });
    const http = createHttp({ auth: fakeAuth().auth, adapter: server.adapter });
    await expect(http.post('/400m')).rejects.toMatchObject({ status: 400, message: '提交的数据不正确' });
    await expect(http.post('/400')).rejects.toMatchObject({ status: 400, message: '请求错误' });
    await expect(http.post('/403')).rejects.toMatchObject({ status: 403, message: '拒绝访问' });
    await expect(http.post('/502')).rejects.toMatchObject({ status: 502, message: '网关错误' });
  });

  it('401 → 您的登录信息已失效, 请重新登录 and the auth layer hears api.unauthorized', async () => {
    const { auth } = fakeAuth();
    const server = fakeServer(() => ({ status: 401, data: { code: -1, message: '您的登录信息已失效, 请重新登录', data: null } }));
    const http = createHttp({ auth, adapter: server.adapter });
    await expect(http.post('/a')).rejects.toMatchObject({ kind: 'http', status: 401, message: '您的登录信息已失效, 请重新登录' });
    expect(auth.unauthorized).toHaveBeenCalledTimes(1);
  });

  it('the login call answered 401 请更改密码 carries the token header and ends no session', async () => {
    const { auth } = fakeAuth(null as unknown as string);
    const server = fakeServer(() => ({ status: 401, data: { code: -1, message: '请更改密码', data: null }, headers: { token: 'pwd-token' } }));
    const http = createHttp({ auth, adapter: server.adapter });
    const error = await http.post('/api/auth/login?username=a', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 401, message: '请更改密码', passwordChangeToken: 'pwd-token' });
    expect(auth.unauthorized).not.toHaveBeenCalled();
  });
});
