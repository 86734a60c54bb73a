/** Reads a Server-Sent Events stream with Node's fetch (tests of GET /api/events). */
export interface SseMessage { id?: string; event: string; data: unknown; /** Date.now() when read */ at: number }

export interface SseReader {
  status: number;
  messages: SseMessage[];
  /** The body text of a refused stream (its envelope). */
  refusal?: unknown;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Waits until a message satisfies `test` (resolves with it). */
  waitFor(test: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const refusal = await res.json().catch(() => undefined);
    return { status: res.status, messages, refusal, ended: Promise.resolve(), waitFor: () => Promise.reject(new Error('not a stream')), close: () => undefined };
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | undefined; let event = 'message'; const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length === 0) continue;
          messages.push({ ...(id ? { id } : {}), event, data: JSON.parse(data.join('\n')), at: Date.now() });
          for (const w of waiters) w();
        }
      }
    } catch { /* aborted */ }
    for (const w of waiters) w();
  })();
  let over = false;
  void ended.then(() => { over = true; });
  return {
    status: res.status, messages, ended,
    waitFor: (test, timeoutMs = 20_000) => new Promise((resolve, reject) => {
      const look = () => {
        const found = messages.find(test);
        if (found) { waiters.delete(look); clearTimeout(timer); resolve(found); }
        else if (over) { waiters.delete(look); clearTimeout(timer); reject(new Error(`stream ended without it: ${JSON.stringify(messages)}`)); }
      };
      const timer = setTimeout(() => { waiters.delete(look); reject(new Error(`not within ${timeoutMs} ms: ${JSON.stringify(messages)}`)); }, timeoutMs);
      waiters.add(look);
      look();
    }),
    close: () => abort.abort(),
  };
}
