import { describe, expect, it } from 'vitest';
import type { GrantHolder, Holdings } from '../accounts/grants.ts';
import { GrantCache } from './grant-cache.ts';

const holdings = (n: number): Holdings => ({ modules: [], codes: new Map([[`/p${n}`, new Set(['a'])]]) });

function counting() {
  let reads = 0;
  const cache = new GrantCache(async (_h: GrantHolder) => holdings(++reads));
  return { cache, reads: () => reads };
}

describe('GrantCache', () => {
  it('reads a holder once while it hears notifications, and again after a change', async () => {
    const { cache, reads } = counting();
    cache.ready();
    const u = { kind: 'user', id: 7 } as const;
    await cache.holdings(u);
    await cache.holdings(u);
    expect(reads()).toBe(1);
    cache.forget(u);
    expect((await cache.holdings(u)).codes.has('/p2')).toBe(true);
    cache.message('u7');
    await cache.holdings(u);
    expect(reads()).toBe(3);
    cache.message('k7'); // another holder: kept
    await cache.holdings(u);
    expect(reads()).toBe(3);
  });

  it('keeps nothing while the LISTEN connection is lost, and drops all when it is back', async () => {
    const { cache, reads } = counting();
    cache.lost();
    const k = { kind: 'apiKey', id: 1 } as const;
    await cache.holdings(k);
    await cache.holdings(k);
    expect(reads()).toBe(2);
    cache.ready();
    await cache.holdings(k);
    await cache.holdings(k);
    expect(reads()).toBe(3);
  });

  it('does not keep an answer read across a change', async () => {
    let release!: () => void;
    let reads = 0;
    const cache = new GrantCache(async () => { reads++; if (reads === 1) await new Promise<void>((r) => { release = r; }); return holdings(reads); });
    cache.ready();
    const u = { kind: 'user', id: 1 } as const;
    const first = cache.holdings(u);
    cache.forget(u);
    release();
    await first;
    await cache.holdings(u);
    expect(reads).toBe(2);
  });

  it('tells its listeners which holder was dropped', () => {
    const { cache } = counting();
    const seen: (string | undefined)[] = [];
    cache.onDrop((key) => seen.push(key));
    cache.message('k3');
    cache.message('garbage');
    expect(seen).toEqual(['k3', undefined]);
  });

  it('says once LISTEN is back after a loss (changes meanwhile were missed), not at its first start', () => {
    const { cache } = counting();
    let resumed = 0;
    cache.onResumed(() => { resumed++; });
    cache.lost();
    cache.ready();
    expect(resumed).toBe(0);
    cache.lost();
    cache.lost();
    expect(resumed).toBe(0);
    cache.ready();
    expect(resumed).toBe(1);
    cache.ready();
    expect(resumed).toBe(1);
  });
});
