import { describe, expect, it } from 'vitest';
import { createLatest } from './latest.ts';
import { deferred } from '../testing/deferred.ts';

describe('createLatest', () => {
  it('gives the newest answer even when an older one arrives after it', async () => {
    const latest = createLatest();
    const older = deferred<string>();
    const newer = deferred<string>();
    const first = latest(older.promise);
    const second = latest(newer.promise);
    newer.resolve('跨境优选');
    expect(await second).toEqual({ value: '跨境优选' });
    older.resolve('全部企业');
    expect(await first).toBeUndefined();
  });

  it('answers each request in turn when they do not overlap', async () => {
    const latest = createLatest();
    expect(await latest(Promise.resolve(1))).toEqual({ value: 1 });
    expect(await latest(Promise.resolve(2))).toEqual({ value: 2 });
  });

  it('passes on the error of the newest request and drops that of an older one', async () => {
    const latest = createLatest();
    const older = deferred<number>();
    const first = latest(older.promise);
    const second = latest(Promise.reject(new Error('网络错误')));
    await expect(second).rejects.toThrow('网络错误');
    older.reject(new Error('旧请求失败'));
    expect(await first).toBeUndefined();
  });

  it('keeps an answer that arrives before a newer request is made', async () => {
    const latest = createLatest();
    const answered = await latest(Promise.resolve('第一页'));
    void latest(new Promise(() => {}));
    expect(answered).toEqual({ value: '第一页' });
  });
});
