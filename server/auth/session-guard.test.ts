// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SessionGuard } from './session-guard.ts';

/** A guard over a fake database whose answers the test sets, counting reads. */
function guarded() {
  const alive = new Map<string, boolean>();
  const reads: string[] = [];
  let hold: Promise<void> | undefined;
  const guard = new SessionGuard(async (family, userId) => {
    reads.push(`${family}:${userId}`);
    const answer = alive.get(family) ?? false;
    if (hold) await hold;
    return answer;
  });
  return { guard, alive, reads, holdReads: (p: Promise<void> | undefined) => { hold = p; } };
}

describe('SessionGuard', () => {
  it('reads a session once, then answers from memory at once', async () => {
    const { guard, alive, reads } = guarded();
    guard.ready();
    alive.set('f1', true);
    expect(await guard.check('f1', 7)).toBe(true);
    expect(guard.check('f1', 7)).toBe(true);
    expect(guard.check('f1', 8)).toBe(false); // a family belongs to one user
    expect(reads).toEqual(['f1:7']);
  });

  it('forgets a family or a user on change, and on the notifications of either', async () => {
    const { guard, alive, reads } = guarded();
    guard.ready();
    alive.set('f1', true).set('f2', true).set('f3', true);
    await guard.check('f1', 7); await guard.check('f2', 7); await guard.check('f3', 9);
    alive.set('f1', false);
    guard.forgetFamily('f1');
    expect(await guard.check('f1', 7)).toBe(false);
    alive.set('f2', false);
    guard.message('u7');
    expect(await guard.check('f2', 7)).toBe(false);
    expect(guard.check('f3', 9)).toBe(true);
    alive.set('f3', false);
    guard.message('ff3');
    expect(await guard.check('f3', 9)).toBe(false);
    expect(reads).toEqual(['f1:7', 'f2:7', 'f3:9', 'f1:7', 'f2:7', 'f3:9']);
  });

  it('keeps nothing while notifications may be missed (LISTEN lost) and drops all when they are heard again', async () => {
    const { guard, alive, reads } = guarded();
    guard.ready();
    alive.set('f1', true);
    await guard.check('f1', 7);
    guard.lost();
    expect(guard.size).toBe(0);
    expect(await guard.check('f1', 7)).toBe(true);
    expect(await guard.check('f1', 7)).toBe(true);
    expect(reads).toHaveLength(3); // read every time while deaf
    alive.set('f1', false); // changed while nobody heard it
    guard.ready();
    expect(await guard.check('f1', 7)).toBe(false);
  });

  it('a read that began before a change does not keep its old answer', async () => {
    const { guard, alive, holdReads } = guarded();
    guard.ready();
    alive.set('f1', true);
    let release!: () => void;
    holdReads(new Promise<void>((resolve) => { release = resolve; }));
    const before = guard.check('f1', 7);
    guard.forgetFamily('f1'); // the revocation commits while the read is under way
    alive.set('f1', false);
    holdReads(undefined);
    const after = guard.check('f1', 7); // a new read, not the pending one
    release();
    expect(await before).toBe(true);
    expect(await after).toBe(false);
    expect(await guard.check('f1', 7)).toBe(false);
  });

  it('an unreadable notification drops everything', async () => {
    const { guard, alive } = guarded();
    guard.ready();
    alive.set('f1', true);
    await guard.check('f1', 7);
    guard.message('?');
    expect(guard.size).toBe(0);
  });

  it('keeps at most its maximum, dropping the oldest', async () => {
    const guard = new SessionGuard(async () => true, 3);
    guard.ready();
    for (const f of ['a', 'b', 'c', 'd']) await guard.check(f, 1);
    expect(guard.size).toBe(3);
  });
});
