import { describe, expect, it } from 'vitest';
import type { Sequenced } from './coalescer.ts';
import { PLATFORM_AUDIENCE } from '../../domain/events.ts';
import { mergeWindow } from './coalescer.ts';
import { EventHub } from './hub.ts';

const billPayload = (c: number, id: number, s = 'DECLARING') => JSON.stringify({ t: 'b', c, m: 'export', k: 'order', i: id, s, w: 'state' });
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('EventHub', () => {
  it("hands a company's facts to that company's streams only, notices to all, with the state's name", async () => {
    const hub = new EventHub({ stateName: (_m, _k, s) => Promise.resolve(s === 'DECLARING' ? '申报中' : s) });
    const a: Sequenced[] = []; const a2: Sequenced[] = []; const b: Sequenced[] = [];
    hub.subscribe(1, (i) => a.push(i));
    const stopA2 = hub.subscribe(1, (i) => a2.push(i));
    hub.subscribe(2, (i) => b.push(i));
    hub.message(billPayload(1, 10));
    hub.message('not json');
    hub.message(JSON.stringify({ t: 'b', c: 1 }));
    hub.message(JSON.stringify({ t: 'j', c: 2, i: 5, d: 3, n: 9, s: 'running' }));
    hub.message(JSON.stringify({ t: 'n', i: 8 }));
    await settle();
    expect(a.map((x) => x.event)).toEqual([
      { type: 'bill', mode: 'export', key: 'order', id: 10, state: 'DECLARING', stateName: '申报中', change: 'state' },
      { type: 'notice', id: 8 },
    ]);
    expect(a2).toEqual(a);
    expect(b.map((x) => x.event)).toEqual([{ type: 'job', jobId: 5, done: 3, total: 9, state: 'running' }, { type: 'notice', id: 8 }]);
    stopA2();
    hub.message(billPayload(1, 11));
    await settle();
    expect(a).toHaveLength(3);
    expect(a2).toHaveLength(2);
    expect(hub.streams).toBe(2);
  });

  it('publishes a fact whose company is looked up later in turn with the facts heard before it; a failed look-up publishes nothing', async () => {
    const hub = new EventHub({ stateName: async (_m, _k, s) => { await settle(); return s; } });
    const a: Sequenced[] = [];
    hub.subscribe(1, (i) => a.push(i));
    hub.message(billPayload(1, 10));
    hub.later(async () => ({ companyId: 1, event: { type: 'grants', userId: 7 } }));
    hub.later(async () => undefined);
    hub.later(() => Promise.reject(new Error('lost')));
    hub.later(async () => ({ companyId: 2, event: { type: 'grants', userId: 8 } }));
    hub.message(billPayload(1, 11));
    await settle(); await settle(); await settle();
    expect(a.map((x) => x.event.type === 'bill' ? x.event.id : x.event)).toEqual([10, { type: 'grants', userId: 7 }, 11]);
    expect(a.map((x) => x.seq)).toEqual([1, 2, 4]);
  });

  it("catches up a company's facts after a Last-Event-ID of this server and window; resync otherwise", async () => {
    let now = 1000;
    const hub = new EventHub({ windowMs: 10_000, windowMax: 5, now: () => now });
    for (let i = 1; i <= 4; i++) hub.message(billPayload(i % 2 ? 1 : 2, i));
    await settle();
    const after1 = hub.since(hub.idOf(1), 1);
    expect(after1).toEqual({ resync: false, items: [expect.objectContaining({ seq: 3 })] });
    expect(hub.since(hub.idOf(4), 1)).toEqual({ resync: false, items: [] });
    expect(hub.since('deadbeef-3', 1)).toEqual({ resync: true });
    expect(hub.since('garbage', 1)).toEqual({ resync: true });
    expect(hub.since(hub.idOf(99), 1)).toEqual({ resync: true });
    for (let i = 5; i <= 8; i++) hub.message(billPayload(1, i));
    await settle();
    // kept: 4..8; after 2 the next (3) is gone
    expect(hub.since(hub.idOf(2), 1)).toEqual({ resync: true });
    expect(hub.since(hub.idOf(3), 1).resync).toBe(false);
    now += 20_000;
    expect(hub.since(hub.idOf(5), 1)).toEqual({ resync: true });
    expect(hub.since(hub.idOf(8), 1)).toEqual({ resync: false, items: [] });
  });

  it('keeps exactly the window it kept before pruning in batches: the last windowMax facts not older than windowMs', () => {
    // The retention rule as it was (splice the front on every fact), replayed beside the hub over
    // 5,000 facts whose clock advances unevenly, with catch-ups at and around the window's edges.
    let now = 0;
    const hub = new EventHub({ windowMs: 1_000, windowMax: 50, now: () => now });
    const model: { seq: number; companyId: number | null; at: number }[] = [];
    const modelPrune = () => {
      while (model.length > 0 && (model.length > 50 || model[0]!.at < now - 1_000)) model.splice(0, 1);
    };
    const expected = (last: number, companyId: number) => {
      modelPrune();
      const oldest = model[0]?.seq ?? hub.lastSeq + 1;
      if (last + 1 < oldest && last < hub.lastSeq) return { resync: true };
      return { resync: false, items: model.filter((k) => k.seq > last && (k.companyId === null || k.companyId === companyId)).map((k) => k.seq) };
    };
    const actual = (last: number, companyId: number) => {
      const got = hub.since(hub.idOf(last), companyId);
      return got.resync ? got : { resync: false, items: got.items.map((i) => i.seq) };
    };
    for (let i = 1; i <= 5_000; i++) {
      now += i % 97 === 0 ? 1_500 : i % 13 === 0 ? 120 : 3; // a pause that empties the window now and then
      const companyId = i % 7 === 0 ? null : 1 + (i % 3);
      hub.publish(companyId, { type: 'notice', id: i });
      model.push({ seq: i, companyId, at: now });
      modelPrune();
      if (i % 11 === 0 || i % 97 === 0 || i % 97 === 1) {
        const oldest = model[0]?.seq ?? i + 1;
        for (const last of [0, oldest - 2, oldest - 1, oldest, i - 10, i - 1, i]) {
          if (last < 0) continue;
          for (const companyId of [1, 2]) expect(actual(last, companyId)).toEqual(expected(last, companyId));
        }
        // a catch-up after time passed without facts prunes by age too
        now += 400;
        expect(actual(i - 1, 3)).toEqual(expected(i - 1, 3));
      }
    }
  });

  it('tells every stream to resync when LISTEN is back after a loss', async () => {
    const hub = new EventHub();
    const got: Sequenced[] = [];
    hub.subscribe(3, (i) => got.push(i));
    hub.ready();
    await settle();
    expect(got).toEqual([]);
    hub.lost();
    hub.ready();
    await settle();
    expect(got.map((g) => g.event)).toEqual([{ type: 'resync' }]);
  });

  it("hands the operators' queue facts to the platform's streams only, and a company's decisions to that company only (issue 20)", async () => {
    const hub = new EventHub();
    const a: Sequenced[] = []; const b: Sequenced[] = []; const desk: Sequenced[] = [];
    hub.subscribe(1, (i) => a.push(i));
    hub.subscribe(2, (i) => b.push(i));
    hub.subscribe(PLATFORM_AUDIENCE, (i) => desk.push(i));
    hub.message(JSON.stringify({ t: 't', c: 1, i: 7, s: 'process' }));
    hub.message(JSON.stringify({ t: 's', c: 1, k: 'verification', i: 9, s: 'approved' }));
    hub.message(JSON.stringify({ t: 'q', q: 'ticket' }));
    // not understood: a kind or a queue nobody knows, a ticket without its company
    hub.message(JSON.stringify({ t: 's', c: 1, k: 'invoice', i: 9, s: 'approved' }));
    hub.message(JSON.stringify({ t: 'q', q: 'bills' }));
    hub.message(JSON.stringify({ t: 't', i: 7, s: 'process' }));
    hub.message(JSON.stringify({ t: 'n', i: 8 }));
    await settle();
    expect(a.map((x) => x.event)).toEqual([
      { type: 'ticket', id: 7, state: 'process' },
      { type: 'settlement', kind: 'verification', id: 9, state: 'approved' },
      { type: 'notice', id: 8 },
    ]);
    expect(b.map((x) => x.event)).toEqual([{ type: 'notice', id: 8 }]);
    expect(desk.map((x) => x.event)).toEqual([{ type: 'review', queue: 'ticket' }, { type: 'notice', id: 8 }]);
    // catching up keeps them apart too
    const first = hub.idOf(a[0]!.seq - 1);
    const caught = (who: number | typeof PLATFORM_AUDIENCE) => { const c = hub.since(first, who); return c.resync ? 'resync' : c.items.map((i) => i.event.type); };
    expect(caught(1)).toEqual(['ticket', 'settlement', 'notice']);
    expect(caught(2)).toEqual(['notice']);
    expect(caught(PLATFORM_AUDIENCE)).toEqual(['review', 'notice']);
  });

  it('a window keeps the latest state of each ticket and record, and each queue once', () => {
    const { out } = mergeWindow([
      { type: 'ticket', id: 7, state: 'pending' }, { type: 'review', queue: 'ticket' }, { type: 'ticket', id: 7, state: 'process' },
      { type: 'settlement', kind: 'settlement', id: 7, state: 'audit' }, { type: 'settlement', kind: 'settlement', id: 7, state: 'approved' },
      { type: 'settlement', kind: 'subsidy', id: 7, state: 'approved' }, { type: 'review', queue: 'ticket' },
    ], 10);
    expect(out).toEqual([
      { type: 'ticket', id: 7, state: 'process' },
      { type: 'settlement', kind: 'settlement', id: 7, state: 'approved' },
      { type: 'settlement', kind: 'subsidy', id: 7, state: 'approved' },
      { type: 'review', queue: 'ticket' },
    ]);
  });
});
