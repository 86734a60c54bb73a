import { describe, expect, it } from 'vitest';
import { TableCaches } from './table-caches.ts';

/** A loader that counts its loads and answers `value` (changed by the test to play the table). */
function counting(caches: TableCaches, tables: string[]) {
  const state = { loads: 0, value: 'a' };
  const kept = caches.keep(tables, async (key) => { state.loads++; return `${key}:${state.value}`; });
  return { state, kept };
}

describe('TableCaches', () => {
  it('keeps an answer until a table it reads changes, and only that', async () => {
    const caches = new TableCaches();
    caches.ready();
    const states = counting(caches, ['state_dictionary']);
    const buttons = counting(caches, ['modules', 'module_buttons']);
    expect(await states.kept.get('k')).toBe('k:a');
    expect(await states.kept.get('k')).toBe('k:a');
    expect(await buttons.kept.get('ADMIN')).toBe('ADMIN:a');
    expect(states.state.loads).toBe(1);
    states.state.value = 'b';
    caches.message('module_buttons');
    expect(await states.kept.get('k')).toBe('k:a');
    expect(buttons.kept.size()).toBe(0);
    caches.message('state_dictionary');
    expect(await states.kept.get('k')).toBe('k:b');
    expect(states.state.loads).toBe(2);
  });

  it('a load running when its table changes is not kept', async () => {
    const caches = new TableCaches();
    caches.ready();
    let release!: (v: string) => void;
    const kept = caches.keep(['t'], () => new Promise<string>((resolve) => { release = resolve; }));
    const first = kept.get('k');
    caches.message('t');
    release('old');
    expect(await first).toBe('old');
    expect(kept.size()).toBe(0);
  });

  it('keeps nothing while not hearing; drops everything when the connection is lost or back', async () => {
    const caches = new TableCaches();
    const { state, kept } = counting(caches, ['t']);
    await kept.get('k');
    await kept.get('k');
    expect(state.loads).toBe(2);
    caches.ready();
    await kept.get('k');
    expect(kept.size()).toBe(1);
    caches.lost();
    expect(kept.size()).toBe(0);
    await kept.get('k');
    expect(kept.size()).toBe(0);
    caches.ready();
    await kept.get('k');
    expect(kept.size()).toBe(1);
  });

  it('a failed load is not kept', async () => {
    const caches = new TableCaches();
    caches.ready();
    let fail = true;
    const kept = caches.keep(['t'], async () => { if (fail) throw new Error('database away'); return 'ok'; });
    await expect(kept.get('k')).rejects.toThrow('database away');
    fail = false;
    expect(await kept.get('k')).toBe('ok');
  });
});
