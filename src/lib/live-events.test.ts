import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { LiveEvent, SessionEndReason } from '../../domain/events.ts';
import { createLiveBus, liveEventsLogic, touchesBill, touchesList, type EventSourceLike, type LiveStatus } from './live-events.ts';

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly listeners = new Map<string, ((e: { data?: string; lastEventId?: string }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (e: { data?: string; lastEventId?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() { this.closed = true; }
  emit(type: string, data: unknown, lastEventId?: string) {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data), ...(lastEventId ? { lastEventId } : {}) });
  }
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

function world() {
  const sources: FakeSource[] = [];
  const delivered: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const ends: (SessionEndReason | undefined)[] = [];
  let tickets = 0;
  const actor = createActor(liveEventsLogic, {
    input: {
      ticket: async () => `t${++tickets}`,
      open: (url) => { const s = new FakeSource(url); sources.push(s); return s; },
      deliver: (e) => delivered.push(e),
      status: (s) => statuses.push(s),
      ended: (reason) => ends.push(reason),
      retryMs: 1000,
    },
  });
  return { actor, sources, delivered, statuses, ends };
}

const bill: LiveEvent = { type: 'bill', mode: 'export', key: 'order', id: 1, state: '120', stateName: '海关入库', change: 'state' };

describe('liveEventsLogic', () => {
  it('opens the stream with a ticket and delivers its events', async () => {
    const w = world();
    w.actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.sources[0]!.url).toBe('/api/events?ticket=t1');
    w.sources[0]!.onopen?.(new Event('open'));
    w.sources[0]!.emit('bill', bill, 'abc-5');
    expect(w.delivered).toEqual([bill]);
    expect(w.statuses).toEqual(['connecting', 'live']);
  });

  it('after a failure reconnects with a new ticket and the last id, and has the pages refetch', async () => {
    const w = world();
    w.actor.start();
    await vi.advanceTimersByTimeAsync(0);
    w.sources[0]!.onopen?.(new Event('open'));
    w.sources[0]!.emit('counts', { type: 'counts', mode: 'export', key: 'order' }, 'abc-7');
    w.sources[0]!.onerror?.(new Event('error'));
    expect(w.sources[0]!.closed).toBe(true);
    expect(w.statuses.at(-1)).toBe('interrupted');
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.sources[1]!.url).toBe('/api/events?ticket=t2&lastEventId=abc-7');
    w.sources[1]!.onopen?.(new Event('open'));
    expect(w.delivered.at(-1)).toEqual({ type: 'resync' });
    expect(w.statuses.at(-1)).toBe('live');
  });

  it('stops for good at end, and when stopped', async () => {
    const w = world();
    w.actor.start();
    await vi.advanceTimersByTimeAsync(0);
    w.sources[0]!.emit('end', { reason: 'companyFrozen' });
    expect(w.sources[0]!.closed).toBe(true);
    expect(w.statuses.at(-1)).toBe('ended');
    // the session is over, and the tab is told why (issue 29)
    expect(w.ends).toEqual(['companyFrozen']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.sources).toHaveLength(1);

    const v = world();
    v.actor.start();
    await vi.advanceTimersByTimeAsync(0);
    v.actor.stop();
    expect(v.sources[0]!.closed).toBe(true);
  });
});

describe('createLiveBus / touchesList', () => {
  it('hands events to subscribers until they leave; a list cares about its own bills and counts, and resync', () => {
    const bus = createLiveBus();
    const got: LiveEvent[] = [];
    const leave = bus.subscribe((e) => got.push(e));
    bus.deliver(bill);
    leave();
    bus.deliver(bill);
    expect(got).toEqual([bill]);
    expect(touchesList(bill, 'export', 'order')).toBe(true);
    expect(touchesList(bill, 'export', 'waybill')).toBe(false);
    expect(touchesList({ type: 'counts', mode: 'import', key: 'order' }, 'export', 'order')).toBe(false);
    expect(touchesList({ type: 'resync' }, 'export', 'order')).toBe(true);
    expect(touchesList({ type: 'job', jobId: 1, done: 1, total: 2, state: 'running' }, 'export', 'order')).toBe(false);
  });

  it('an open detail cares about its own bill only, its list\'s counts and resync', () => {
    const id = '1'; // the page's id (a string) of bill 1
    expect(touchesBill(bill, 'export', 'order', id)).toBe(true);
    expect(touchesBill(bill, 'export', 'order', `${id}0`)).toBe(false);
    expect(touchesBill(bill, 'import', 'order', id)).toBe(false);
    expect(touchesBill({ type: 'counts', mode: 'export', key: 'order' }, 'export', 'order', id)).toBe(true);
    expect(touchesBill({ type: 'counts', mode: 'export', key: 'waybill' }, 'export', 'order', id)).toBe(false);
    expect(touchesBill({ type: 'resync' }, 'export', 'order', id)).toBe(true);
    expect(touchesBill({ type: 'notice', id: 1 }, 'export', 'order', id)).toBe(false);
  });
});
