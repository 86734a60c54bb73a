/**
 * One open event stream: Server-Sent Events on a hijacked reply. Facts of its company come from the
 * hub through its coalescer; a comment line every HEARTBEAT_MS keeps proxies from closing it and is
 * when the session is checked again (as it is on every session change announced by the guard).
 * When the session no longer stands the stream says `end` and closes.
 */
import type { ServerResponse } from 'node:http';
import { LIVE_END_EVENT, liveEventNames, type LiveEvent, type SessionEndReason } from '../../domain/events.ts';
import { Coalescer, type CoalescerOptions, type Sequenced } from './coalescer.ts';

export const HEARTBEAT_MS = 15_000;
/** EventSource waits this long before reconnecting by itself. */
export const RETRY_MS = 3_000;
/**
 * A client that stopped reading (a suspended laptop behind a proxy that still accepts) would make the
 * server keep every event for it: past this much unsent text the stream is closed; the page
 * reconnects and is caught up or told to resync.
 */
export const MAX_UNSENT_BYTES = 256 * 1024;

export interface StreamOptions {
  res: ServerResponse;
  idOf(seq: number): string;
  /** Whether the stream's session still stands. */
  stands(): boolean | Promise<boolean>;
  /** Why it no longer stands, told to the page with `end` (a failed read: the end without a reason). */
  why?(): Promise<SessionEndReason>;
  heartbeatMs?: number;
  coalescer?: Partial<CoalescerOptions>;
  onClose(): void;
}

export function frame(event: LiveEvent, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${liveEventNames[event.type]}\ndata: ${JSON.stringify(event)}\n\n`;
}

export class EventStream {
  private readonly coalescer: Coalescer;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private checking = false;
  /** Messages written (tests and benchmarks count them). */
  messages = 0;

  constructor(private readonly o: StreamOptions) {
    this.coalescer = new Coalescer((events, lastSeq) => this.write(events, lastSeq), o.coalescer);
    o.res.on('close', () => this.close());
    o.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: do not buffer this response (README: the /api/events location)
      'x-accel-buffering': 'no',
    });
    o.res.write(`retry: ${RETRY_MS}\n: open\n\n`);
    this.heartbeat = setInterval(() => {
      if (this.closed) return;
      o.res.write(': hb\n\n');
      this.check();
    }, o.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  push(item: Sequenced): void {
    if (!this.closed) this.coalescer.push(item);
  }

  /** Written at once, not coalesced (catch-up, resync on open). */
  sendNow(events: LiveEvent[], lastSeq: number): void {
    this.write(events, lastSeq);
  }

  private write(events: LiveEvent[], lastSeq: number): void {
    if (this.closed || events.length === 0) return;
    // the id rides on the batch's last message: a reconnect resumes after the whole batch
    const text = events.map((e, i) => frame(e, i === events.length - 1 ? this.o.idOf(lastSeq) : undefined)).join('');
    this.messages += events.length;
    this.o.res.write(text);
    if (this.o.res.writableLength > MAX_UNSENT_BYTES) this.close();
  }

  /** Ends the stream when its session no longer stands. */
  check(): void {
    if (this.closed || this.checking) return;
    const stands = this.o.stands();
    if (stands === true) return;
    if (stands === false) { this.over(); return; }
    this.checking = true;
    stands.then((ok) => { if (!ok) this.over(); }, () => undefined).finally(() => { this.checking = false; });
  }

  /** The session no longer stands: the end, with its reason when that can be read. */
  private over(): void {
    const why = this.o.why?.();
    if (!why) this.end();
    else why.then((reason) => this.end(reason), () => this.end());
  }

  /** The session is over: `end` tells the page not to reconnect with it, and why. */
  end(reason?: SessionEndReason): void {
    if (this.closed) return;
    this.coalescer.flush();
    this.o.res.write(`event: ${LIVE_END_EVENT}\ndata: ${JSON.stringify(reason ? { reason } : {})}\n\n`);
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.coalescer.stop();
    if (!this.o.res.writableEnded) this.o.res.end();
    this.o.onClose();
  }

  get isClosed(): boolean { return this.closed; }
}
