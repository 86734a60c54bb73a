/**
 * The browser's end of GET /api/events (issue 16): one stream per tab while logged in.
 *
 * `liveEventsLogic` is an actor (xstate fromCallback) that asks for a one-use ticket, opens an
 * EventSource with it and hands every event to `deliver`. When the connection fails it closes the
 * source (EventSource would retry with the used ticket) and reconnects after `retryMs` with a new
 * ticket and the last event id, so the server catches it up or answers 'resync'; after a reconnect
 * the pages refetch anyway ('resync' is delivered), since what was missed cannot be known for sure.
 * `end` (the session is over) stops it for good and is told on (`ended`, with the server's reason). `status` reports live / interrupted for the header.
 *
 * `liveEvents` is the page side: machines' hosts subscribe and turn events into machine events.
 */
import { fromCallback } from 'xstate';
import { LIVE_END_EVENT, liveEventNames, liveEventPaths, sessionEndReasonOf, type LiveEvent, type ReviewQueue, type SessionEndReason, type SettlementKind } from '../../domain/events.ts';

/** What the actor needs of EventSource (the browser's, or a fake in tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: string; lastEventId?: string }) => void): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type LiveStatus = 'connecting' | 'live' | 'interrupted' | 'ended';

export interface LiveInput {
  ticket(): Promise<string>;
  open(url: string): EventSourceLike;
  deliver(event: LiveEvent): void;
  status?(status: LiveStatus): void;
  /** The server ended the session (and says why, when it does): the tab must leave it at once. */
  ended?(reason: SessionEndReason | undefined): void;
  retryMs?: number;
}

export const liveEventsLogic = fromCallback<{ type: 'noop' }, LiveInput>(({ input }) => {
  const retryMs = input.retryMs ?? 3000;
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastId = '';
  let stopped = false;
  let reconnecting = false;
  const status = (s: LiveStatus) => input.status?.(s);

  const retry = () => {
    source?.close();
    source = undefined;
    if (stopped) return;
    status('interrupted');
    reconnecting = true;
    clearTimeout(timer);
    timer = setTimeout(connect, retryMs);
  };

  function connect(): void {
    if (stopped) return;
    status('connecting');
    input.ticket().then((ticket) => {
      if (stopped) return;
      const q = new URLSearchParams({ ticket, ...(lastId ? { lastEventId: lastId } : {}) });
      const s = input.open(`${liveEventPaths.stream}?${q}`);
      source = s;
      s.onopen = () => {
        status('live');
        if (reconnecting) input.deliver({ type: 'resync' });
        reconnecting = false;
      };
      s.onerror = () => { if (source === s) retry(); };
      for (const name of Object.values(liveEventNames)) {
        s.addEventListener(name, (e) => {
          if (e.lastEventId) lastId = e.lastEventId;
          try { input.deliver(JSON.parse(e.data ?? '') as LiveEvent); } catch { /* not ours */ }
        });
      }
      s.addEventListener(LIVE_END_EVENT, (e) => {
        stopped = true;
        s.close();
        status('ended');
        input.ended?.(sessionEndReasonOf(e.data));
      });
    }, retry);
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
});

type Listener = (event: LiveEvent) => void;

/** The tab's live events, for whoever shows something that may change. */
export function createLiveBus() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    deliver(event: LiveEvent): void {
      for (const l of [...listeners]) l(event);
    },
  };
}

export const liveEvents = createLiveBus();

/** The stream's state, for the header's quiet indicator. */
export function createLiveStatus(initial: LiveStatus = 'connecting') {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): LiveStatus => current,
    set(next: LiveStatus): void {
      if (next === current) return;
      current = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}

export const liveStatus = createLiveStatus();

/**
 * Whether an event asks the open detail of bill `id` of (mode, key) to follow: a change of that
 * bill, its list's counts (a burst too big to list its bills) or a resync.
 */
export function touchesBill(event: LiveEvent, mode: string, key: string, id: string): boolean {
  if (event.type === 'bill') return event.mode === mode && event.key === key && String(event.id) === id;
  return event.type === 'resync' || (event.type === 'counts' && event.mode === mode && event.key === key);
}

/** Whether an event asks the list of (mode, key) to refresh. */
export function touchesList(event: LiveEvent, mode: string, key: string): boolean {
  return event.type === 'resync' || ((event.type === 'bill' || event.type === 'counts') && event.mode === mode && event.key === key);
}

/** Whether an event asks a page of the company's 结汇/核销/补贴 records of these kinds to refresh (issue 20). */
export function touchesRecords(event: LiveEvent, kinds: readonly SettlementKind[]): boolean {
  return event.type === 'resync' || (event.type === 'settlement' && kinds.includes(event.kind));
}

/** Whether an event asks the company's ticket `id` (or, without an id, its ticket list) to refresh. */
export function touchesTicket(event: LiveEvent, id?: number): boolean {
  return event.type === 'resync' || (event.type === 'ticket' && (id === undefined || event.id === id));
}

/** Whether an event asks the company's 未匹配回执 page to refresh. */
export function touchesUnmatched(event: LiveEvent): boolean {
  return event.type === 'resync' || event.type === 'unmatched';
}

/** Whether an event asks an operator's review queue to refresh (an operator's stream only carries these). */
/** News or a notice was published, edited or withdrawn (the home page's boxes, /notice, /news; issue 31). */
export function touchesNotices(event: LiveEvent): boolean {
  return event.type === 'notice' || event.type === 'resync';
}

export function touchesQueue(event: LiveEvent, queue: ReviewQueue): boolean {
  return event.type === 'resync' || (event.type === 'review' && event.queue === queue);
}
