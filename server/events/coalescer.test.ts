import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../domain/events.ts';
import { Coalescer, mergeWindow } from './coalescer.ts';

const bill = (id: number, state: string, change: 'state' | 'receipt' | 'data' = 'state', key = 'order'): LiveEvent =>
  ({ type: 'bill', mode: 'export', key, id, state, stateName: state, change });

describe('mergeWindow', () => {
  it("keeps a bill's latest state once, with the strongest change, and a counts per list whose bills changed state", () => {
    const { out, truncated } = mergeWindow([bill(1, 'DECLARING'), bill(2, 'DRAFT', 'data'), bill(1, '120', 'receipt'), bill(3, 'DRAFT', 'data', 'receipt')], 10);
    expect(truncated).toBe(false);
    expect(out).toEqual([
      { type: 'counts', mode: 'export', key: 'order' },
      { ...bill(2, 'DRAFT', 'data') },
      { ...bill(1, '120', 'state') },
      { ...bill(3, 'DRAFT', 'data', 'receipt') },
    ]);
  });

  it('a burst of more bills than allowed becomes the counts of each touched list only', () => {
    const events = Array.from({ length: 50 }, (_, i) => bill(i + 1, 'DECLARING', 'data', i % 2 ? 'order' : 'waybill'));
    const { out, truncated } = mergeWindow([...events, { type: 'job', jobId: 7, done: 10, total: 500, state: 'running' }, { type: 'job', jobId: 7, done: 20, total: 500, state: 'running' }], 10);
    expect(truncated).toBe(true);
    expect(out).toEqual([
      { type: 'counts', mode: 'export', key: 'waybill' },
      { type: 'counts', mode: 'export', key: 'order' },
      { type: 'job', jobId: 7, done: 20, total: 500, state: 'running' },
    ]);
  });

  it('resync replaces everything; notices and filing come once', () => {
    expect(mergeWindow([bill(1, 'A'), { type: 'resync' }, bill(2, 'B')], 10).out).toEqual([{ type: 'resync' }]);
    expect(mergeWindow([{ type: 'notice', id: 4 }, { type: 'notice', id: 4 }, { type: 'filing', approveState: 5 }, { type: 'filing', approveState: 2 }], 10).out)
      .toEqual([{ type: 'notice', id: 4 }, { type: 'filing', approveState: 2 }]);
  });

  it("a user's grants change comes once per user (the local forget and the NOTIFY both tell it)", () => {
    expect(mergeWindow([{ type: 'grants', userId: 3 }, { type: 'grants', userId: 4 }, { type: 'grants', userId: 3 }], 10).out)
      .toEqual([{ type: 'grants', userId: 3 }, { type: 'grants', userId: 4 }]);
  });

  it('the 未匹配回执 page is told once per window however many receipts of no bill arrived', () => {
    const many: LiveEvent[] = Array.from({ length: 50 }, () => ({ type: 'unmatched' }));
    expect(mergeWindow([...many, { type: 'notice', id: 1 }], 10).out).toEqual([{ type: 'notice', id: 1 }, { type: 'unmatched' }]);
  });
});

describe('Coalescer', () => {
  function manual() {
    const timers: { fn: () => void; ms: number }[] = [];
    const sent: { events: LiveEvent[]; lastSeq: number }[] = [];
    const clock = { now: 0 };
    const c = new Coalescer((events, lastSeq) => sent.push({ events, lastSeq }), {
      delayMs: 100, maxDelayMs: 400, maxBills: 3, quietMs: 1000, now: () => clock.now,
      setTimer: (fn, ms) => { const t = { fn, ms }; timers.push(t); return t; },
      clearTimer: (t) => { const i = timers.indexOf(t as never); if (i >= 0) timers.splice(i, 1); },
    });
    // a timer fires when it is due: the clock moves by its wait
    const fire = () => { const t = timers.shift(); if (t) { clock.now += t.ms; t.fn(); } return t?.ms; };
    return { c, sent, timers, fire, clock };
  }

  it('sends the first event at once, later ones a window after the last batch, and lengthens the window while a burst lasts', () => {
    const { c, sent, timers, fire, clock } = manual();
    c.push({ seq: 1, event: bill(1, 'A') });
    c.push({ seq: 2, event: bill(1, 'B') });
    expect(timers).toHaveLength(1);
    expect(fire()).toBe(0);
    expect(sent).toEqual([{ events: [{ type: 'counts', mode: 'export', key: 'order' }, bill(1, 'B')], lastSeq: 2 }]);

    clock.now += 30;
    for (let i = 0; i < 10; i++) c.push({ seq: 10 + i, event: bill(100 + i, 'X') });
    expect(fire()).toBe(70);
    for (let i = 0; i < 10; i++) c.push({ seq: 30 + i, event: bill(300 + i, 'X') });
    expect(fire()).toBe(200);
    for (let i = 0; i < 10; i++) c.push({ seq: 50 + i, event: bill(400 + i, 'X') });
    expect(fire()).toBe(400);
    for (let i = 0; i < 10; i++) c.push({ seq: 70 + i, event: bill(500 + i, 'X') });
    expect(fire()).toBe(400);
    c.push({ seq: 90, event: bill(1, 'C') });
    expect(fire()).toBe(400);
    // still the same burst (no quiet spell): the window stays long
    c.push({ seq: 91, event: bill(1, 'D') });
    expect(fire()).toBe(400);
    expect(sent.slice(1, 5).every((s) => s.events.length === 1 && s.events[0]!.type === 'counts')).toBe(true);
    expect(sent.at(-1)!.lastSeq).toBe(91);
    clock.now += 1000;
    c.push({ seq: 92, event: bill(1, 'E') });
    expect(fire()).toBe(0);
  });

  it('a slow trickle (one bill a window, never more than maxBills in one) is a burst too: past maxBills it names none, then resets after a quiet spell', () => {
    const { c, sent, fire, clock } = manual();
    const waits: number[] = [];
    let id = 0;
    for (let window = 0; window < 6; window++) {
      c.push({ seq: ++id, event: bill(id, 'X', 'data') });
      waits.push(fire()!);
    }
    expect(waits).toEqual([0, 100, 100, 100, 200, 400]);
    expect(sent.map((m) => m.events.map((e) => e.type).join())).toEqual(['bill', 'bill', 'bill', 'counts', 'counts', 'counts']);
    clock.now += 1000;
    c.push({ seq: ++id, event: bill(id, 'X', 'data') });
    expect(fire()).toBe(0);
    c.push({ seq: ++id, event: bill(id, 'X', 'data') });
    expect(fire()).toBe(100);
    expect(sent.slice(-2).map((m) => m.events.map((e) => e.type).join())).toEqual(['bill', 'bill']);
  });

  it('one bill changing again and again stays named (its detail and toast need it)', () => {
    const { c, sent, fire } = manual();
    for (let i = 0; i < 8; i++) { c.push({ seq: i + 1, event: bill(1, `S${i}`, 'receipt') }); fire(); }
    expect(sent.every((m) => m.events.some((e) => e.type === 'bill'))).toBe(true);
  });

  it('stop drops what was pending', () => {
    const { c, sent, timers } = manual();
    c.push({ seq: 1, event: bill(1, 'A') });
    c.stop();
    expect(timers).toHaveLength(0);
    c.flush();
    expect(sent).toEqual([]);
  });
});
