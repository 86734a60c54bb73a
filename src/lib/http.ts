/**
 * The ONE axios client. Every call is `POST {data}` answered by an envelope {code, message, data}
 * (accounts §7/§8, bills §8). The interceptors only translate:
 *   code 0      → resolve data
 *   code -1000  → resolve the whole body
 *   code -10000 → ask the auth layer for a fresh token, retry the request once
 *   other codes → ApiError('business', message)      (-1 from the refresh call ends the session:
 *                                                     the auth machine's refresh actor fails)
 *   HTTP errors → ApiError('http', the spec's text); 401 also tells the auth layer
 *   no response → ApiError('network', '网络连接失败,请检查网络链接!')
 * Toasts and redirects belong to views and the auth machine, never to this file.
 *
 * Refresh queue: all requests meeting -10000 share one pending refresh promise (`refreshing`);
 * when it settles each of them is retried once with the new token, or rejects if it failed.
 * A request that was sent with an older token than the current one is retried without a new
 * refresh (its token was replaced while it was in flight).
 */
import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { Envelope } from '../../domain/envelope.ts';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { changePasswordRequiredText, httpStatusText, networkErrorText } from '../../domain/texts/http.ts';
import { unknownStatusText } from '../../domain/texts/web.ts';
import { ApiError } from './api-error.ts';

export const DEFAULT_TIMEOUT = 30_000;
/** "product API" calls (imports, exports, batch declarations) wait longer (spec §9). */
export const LONG_TIMEOUT = 120_000;

/** What the client needs from the auth layer (the auth machine, or a fake in tests). */
export interface AuthBridge {
  getToken(): string | null;
  /** Resolve with a fresh access token, or reject when the session ended. */
  refresh(): Promise<string>;
  /** An HTTP 401 on a session call: the session is over. */
  unauthorized(): void;
}

export interface RequestOptions {
  /** 120 s timeout instead of 30 s */
  long?: boolean;
  /** false: not a session call (login, public key, refresh): no token, no refresh, no 401 event */
  auth?: boolean;
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface CallFlags {
  auth: boolean;
  retried?: boolean;
  sentToken?: string | null;
}
declare module 'axios' {
  interface AxiosRequestConfig {
    /** per-call bookkeeping of this client */
    cbec?: CallFlags;
  }
}

export interface Http {
  post<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
  get<T = unknown>(url: string, options?: RequestOptions): Promise<T>;
  readonly axios: AxiosInstance;
}

export interface CreateHttpOptions {
  auth: AuthBridge;
  baseURL?: string;
  /** tests pass a fake adapter */
  adapter?: AxiosAdapter;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

function serverMessage(body: unknown): string | undefined {
  const message = (body as Partial<Envelope> | null)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

export function createHttp({ auth, baseURL = '', adapter }: CreateHttpOptions): Http {
  const instance = axios.create({ baseURL, timeout: DEFAULT_TIMEOUT, ...(adapter ? { adapter } : {}) });
  let refreshing: Promise<string> | null = null;

  function freshToken(): Promise<string> {
    refreshing ??= auth.refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  instance.interceptors.request.use((config) => {
    const flags = (config.cbec ??= { auth: true });
    const token = flags.auth ? auth.getToken() : null;
    flags.sentToken = token;
    if (token) config.headers.set('X-Authorization', `Bearer ${token}`);
    // a call outside the session keeps a bearer it names itself (the refresh's proof of its login)
    else if (flags.auth) config.headers.delete('X-Authorization');
    return config;
  });

  async function retryAfterRefresh(config: InternalAxiosRequestConfig, body: Envelope): Promise<unknown> {
    const flags = config.cbec ?? { auth: true };
    if (!flags.auth || flags.retried) {
      throw new ApiError('business', body.message, { code: body.code, url: config.url, body });
    }
    const current = auth.getToken();
    if (!current || current === flags.sentToken) {
      try {
        await freshToken();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const message = error instanceof Error && error.message ? error.message : body.message;
        throw new ApiError('business', message, { code: body.code, url: config.url, body });
      }
    }
    config.cbec = { ...flags, retried: true };
    return instance.request(config);
  }

  function translateFailure(error: unknown): never {
    if (error instanceof ApiError) throw error;
    if (axios.isCancel(error)) throw new ApiError('cancelled', 'cancelled');
    if (!(error instanceof AxiosError)) throw error;
    const config = error.config;
    const url = config?.url ?? '';
    const response = error.response;
    if (!response) {
      if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
        throw new ApiError('timeout', httpStatusText[408] ?? networkErrorText, { url });
      }
      throw new ApiError('network', networkErrorText, { url });
    }
    const { status, data: body, headers } = response;
    const fromServer = serverMessage(body);
    const details = { status, url, body, ...(isEnvelope(body) ? { code: body.code } : {}) };
    const text = httpStatusText[status];
    switch (status) {
      case 400:
      case 403:
        throw new ApiError('http', fromServer ?? text ?? unknownStatusText(status), details);
      case 404:
        throw new ApiError('http', `${httpStatusText[404]} ${url}`, details);
      case 401: {
        if (fromServer === changePasswordRequiredText) {
          const token = headers?.['token'];
          throw new ApiError('http', fromServer, {
            ...details,
            passwordChangeToken: typeof token === 'string' ? token : '',
          });
        }
        const sessionCall = config?.cbec?.auth !== false;
        if (sessionCall) auth.unauthorized();
        // Outside a session (the login call) the server's own message explains the refusal.
        throw new ApiError('http', sessionCall ? (text ?? '') : (fromServer ?? text ?? ''), details);
      }
      default:
        throw new ApiError('http', text ?? fromServer ?? unknownStatusText(status), details);
    }
  }

  instance.interceptors.response.use((response) => {
    const body: unknown = response.data;
    if (!isEnvelope(body)) return response.data; // images, files: not an envelope
    switch (body.code) {
      case EnvelopeCode.ok:
        return body.data;
      case EnvelopeCode.wholeBody:
        return body;
      case EnvelopeCode.tokenExpired:
        return retryAfterRefresh(response.config, body);
      default:
        throw new ApiError('business', body.message, { code: body.code, url: response.config.url, body });
    }
  }, translateFailure);

  function configOf(options: RequestOptions = {}) {
    return {
      timeout: options.long ? LONG_TIMEOUT : DEFAULT_TIMEOUT,
      params: options.params,
      headers: options.headers,
      signal: options.signal,
      cbec: { auth: options.auth ?? true },
    };
  }

  // The response interceptor resolves data (or the body), not an AxiosResponse: hence the casts.
  return {
    axios: instance,
    post: <T>(url: string, data: unknown = {}, options?: RequestOptions) =>
      instance.post(url, { data }, configOf(options)) as unknown as Promise<T>,
    get: <T>(url: string, options?: RequestOptions) => instance.get(url, configOf(options)) as unknown as Promise<T>,
  };
}

let bridge: AuthBridge = {
  getToken: () => null,
  refresh: () => Promise.reject(new Error(httpStatusText[401])),
  unauthorized: () => {},
};

/** The app connects the auth machine here at start-up (src/app/session.ts). */
export function connectAuth(next: AuthBridge): void {
  bridge = next;
}

/** The app's client: same origin (vite proxies /api in development). */
export const http: Http = createHttp({
  auth: {
    getToken: () => bridge.getToken(),
    refresh: () => bridge.refresh(),
    unauthorized: () => bridge.unauthorized(),
  },
});
