import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { EventStream, MAX_UNSENT_BYTES } from './stream.ts';

/** What EventStream uses of a ServerResponse; `unsent` plays the socket's unsent bytes. */
class FakeResponse extends EventEmitter {
  text = '';
  ended = false;
  unsent = 0;
  get writableEnded() { return this.ended; }
  get writableLength() { return this.unsent; }
  writeHead() { return this; }
  write(chunk: string) { this.text += chunk; return true; }
  end() { this.ended = true; this.emit('close'); }
}

function open(stands: () => boolean | Promise<boolean> = () => true) {
  const res = new FakeResponse();
  let closed = 0;
  const stream = new EventStream({
    res: res as unknown as ServerResponse, idOf: (seq) => `s-${seq}`, stands, heartbeatMs: 60_000,
    coalescer: { delayMs: 0 }, onClose: () => { closed++; },
  });
  return { res, stream, closed: () => closed };
}

describe('EventStream', () => {
  it('writes a batch with the id on its last message', () => {
    const { res, stream } = open();
    stream.sendNow([{ type: 'counts', mode: 'export', key: 'order' }, { type: 'notice', id: 3 }], 9);
    expect(res.text).toContain('event: counts\ndata: {"type":"counts","mode":"export","key":"order"}\n\nid: s-9\nevent: notice\ndata: {"type":"notice","id":3}\n\n');
    expect(stream.messages).toBe(2);
    stream.close();
  });

  it('says end and closes when its session no longer stands, at once or after the read', async () => {
    const a = open(() => false);
    a.stream.check();
    expect(a.res.text).toContain('event: end\n');
    expect(a.res.ended).toBe(true);
    expect(a.closed()).toBe(1);
    const b = open(() => Promise.resolve(false));
    b.stream.check();
    await new Promise((r) => setTimeout(r, 0));
    expect(b.stream.isClosed).toBe(true);
    const c = open(() => true);
    c.stream.check();
    expect(c.stream.isClosed).toBe(false);
    c.stream.close();
  });

  it("names the reason with the end when it can read it, and ends without one when it cannot", async () => {
    const res = new FakeResponse();
    const stream = new EventStream({
      res: res as unknown as ServerResponse, idOf: (seq) => `s-${seq}`, stands: () => false, why: () => Promise.resolve('frozen'),
      heartbeatMs: 60_000, coalescer: { delayMs: 0 }, onClose: () => undefined,
    });
    stream.check();
    await new Promise((r) => setTimeout(r, 0));
    expect(res.text).toContain('event: end\ndata: {"reason":"frozen"}\n\n');
    const failed = new FakeResponse();
    const other = new EventStream({
      res: failed as unknown as ServerResponse, idOf: (seq) => `s-${seq}`, stands: () => Promise.resolve(false), why: () => Promise.reject(new Error('db down')),
      heartbeatMs: 60_000, coalescer: { delayMs: 0 }, onClose: () => undefined,
    });
    other.check();
    await new Promise((r) => setTimeout(r, 10));
    expect(failed.text).toContain('event: end\ndata: {}\n\n');
    expect(other.isClosed).toBe(true);
  });

  it('is closed when its client stops reading (too much unsent)', () => {
    const { res, stream, closed } = open();
    res.unsent = MAX_UNSENT_BYTES + 1;
    stream.sendNow([{ type: 'notice', id: 1 }], 1);
    expect(stream.isClosed).toBe(true);
    expect(closed()).toBe(1);
  });
});
