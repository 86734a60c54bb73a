import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

describe('groupCommit', () => {
  it('writes the calls of one moment together and the calls made meanwhile in the next group, each answered', async () => {
    const groups: number[][] = [];
    let release: () => void = () => undefined;
    const put = groupCommit<number>(async (items) => {
      groups.push(items);
      if (groups.length === 1) await new Promise<void>((r) => { release = r; });
      return items.map((n) => (n === 5 ? new Error('five') : undefined));
    });
    const first = [1, 2, 3].map(put);
    await new Promise((r) => setImmediate(r));
    const later = [4, 5].map(put);
    release();
    await Promise.all(first);
    await expect(later[0]).resolves.toBeUndefined();
    await expect(later[1]).rejects.toThrow('five');
    expect(groups).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('a group whose write throws fails each of its calls, and the next group still runs', async () => {
    let n = 0;
    const put = groupCommit<number>(async (items) => {
      if (n++ === 0) throw new Error('database away');
      return items.map(() => undefined);
    });
    await expect(put(1)).rejects.toThrow('database away');
    await expect(put(2)).resolves.toBeUndefined();
  });
});
