/**
 * A fake server at the network boundary for list tests: the real http client (src/lib/http.ts)
 * over an axios adapter that answers from handlers by URL, records every call, and can hold the
 * answers of a URL until the test settles them (deferred), honouring aborts like the real adapter.
 */
import { liveEventPaths } from '../../../../../domain/events.ts';
import { CanceledError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createHttp, type Http } from '../../../../lib/http.ts';

export interface FakeCall { url: string; data: unknown }
type Handler = (data: unknown, call: FakeCall) => unknown;

/** Thrown by a handler: the server answers the envelope {code: -1, message}. */
export class Refusal {
  constructor(readonly message: string, readonly code = -1, readonly data: unknown = null) {}
}

export interface Held {
  call: FakeCall;
  resolve: (answer: unknown) => void;
  reject: (refusal: Refusal) => void;
}

function bodyOf(config: InternalAxiosRequestConfig): unknown {
  const body = config.data;
  if (typeof body === 'string') {
    try {
      return (JSON.parse(body) as { data?: unknown }).data;
    } catch {
      return body;
    }
  }
  return body; // FormData
}

/** the one-use download ticket every fake backend answers: a download opens `${uri}?ticket=${FAKE_TICKET}` */
export const FAKE_TICKET = 'fake-ticket';

export function createFakeBackend() {
  const calls: FakeCall[] = [];
  const handlers = new Map<string, Handler>();
  // a download asks its one-use ticket first (src/lib/download.ts): every fake server hands one out
  handlers.set(liveEventPaths.ticket, () => ({ ticket: FAKE_TICKET }));
  const holding = new Set<string>();
  const held: Held[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const call: FakeCall = { url: config.url ?? '', data: bodyOf(config) };
    calls.push(call);
    const respond = (data: unknown) => ({ data, status: 200, statusText: 'OK', headers: {}, config });
    const envelope = (answer: unknown) =>
      answer instanceof Refusal ? respond({ code: answer.code, message: answer.message, data: answer.data }) : respond({ code: 0, message: '', data: answer });
    if (config.signal?.aborted) throw new CanceledError();
    if (holding.has(call.url)) {
      return new Promise((resolve, reject) => {
        const entry: Held = { call, resolve: (answer) => resolve(envelope(answer)), reject: (refusal) => resolve(envelope(refusal)) };
        held.push(entry);
        // an aborted call (the machine moved on) is gone, as on a real network
        (config.signal as AbortSignal | undefined)?.addEventListener?.('abort', () => {
          const i = held.indexOf(entry);
          if (i >= 0) held.splice(i, 1);
          reject(new CanceledError());
        });
      });
    }
    const handler = handlers.get(call.url);
    if (!handler) return respond({ code: -1, message: `no fake for ${call.url}`, data: null });
    try {
      return envelope(await handler(call.data, call));
    } catch (error) {
      if (error instanceof Refusal) return envelope(error);
      throw error;
    }
  };

  const client: Http = createHttp({
    auth: { getToken: () => 'test-token', refresh: async () => 'test-token', unauthorized: () => {} },
    adapter,
  });

  return {
    client,
    /** for tests of code that uses the app's own client (http.axios.defaults.adapter) */
    adapter,
    calls,
    /** answer `url` with the handler's result (throw a Refusal for code -1) */
    on<T>(url: string, handler: (data: T, call: FakeCall) => unknown) {
      handlers.set(url, handler as Handler);
      return this;
    },
    /** from now on, calls to `url` wait until the test settles them (see `next`) */
    hold(url: string) {
      holding.add(url);
    },
    release(url: string) {
      holding.delete(url);
    },
    /** the oldest unsettled held call to `url` */
    next(url: string): Held | undefined {
      const i = held.findIndex((h) => h.call.url === url);
      return i < 0 ? undefined : held.splice(i, 1)[0];
    },
    /** unsettled held calls to `url` */
    waiting(url: string): number {
      return held.filter((h) => h.call.url === url).length;
    },
    callsTo(url: string): FakeCall[] {
      return calls.filter((c) => c.url === url);
    },
  };
}

export type FakeBackend = ReturnType<typeof createFakeBackend>;
