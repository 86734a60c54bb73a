/** A fake server at the network boundary for the pages' tests: the real http client over an axios adapter. */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createHttp } from '../lib/http.ts';

/** Thrown by a handler: the server answers {code: -1, message}. */
export class Refusal { constructor(readonly message: string) {} }
// handlers read whatever the page sent, as a server reads its JSON
type Handler = (data: any) => unknown;

/** Answers each URL from its handler (a thrown Refusal is code -1) and records the calls. */
export function createFakeBackend() {
  const handlers = new Map<string, Handler>();
  const calls: { url: string; data: unknown }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = JSON.parse(String(config.data)).data;
    calls.push({ url, data });
    let body: unknown;
    try {
      body = { code: 0, message: '', data: handlers.get(url)!(data) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      body = { code: -1, message: error.message, data: null };
    }
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  return {
    client: createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter }),
    on: (url: string, handler: Handler) => { handlers.set(url, handler); },
    callsTo: (url: string) => calls.filter((c) => c.url === url),
  };
}

