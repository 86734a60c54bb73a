import { describe, expect, it } from 'vitest';
import { reviewCompanyText } from '../texts/review-company.ts';
import { backupErrorText, backupHealth, backupMaxAgeMs, sizeText } from './backup-health.ts';

const daily = { at: '03:30', everyMs: 0 };
const now = Date.parse('2026-12-07T10:00:00Z');
const hoursAgo = (h: number) => new Date(now - h * 3600_000).toISOString();

describe('backup health', () => {
  it('is off when neither a time nor an interval is set, unless a last run failed', () => {
    expect(backupHealth({ at: null, everyMs: 0 }, null, now)).toBe('off');
    expect(backupHealth({ at: null, everyMs: 0 }, { at: hoursAgo(1), ok: true }, now)).toBe('off');
    expect(backupHealth({ at: null, everyMs: 0 }, { at: hoursAgo(1), ok: false }, now)).toBe('failed');
  });
  it('says none before the first run, failed after a failed one', () => {
    expect(backupHealth(daily, null, now)).toBe('none');
    expect(backupHealth(daily, { at: hoursAgo(1), ok: false }, now)).toBe('failed');
  });
  it('is fine within a day and an hour of the last good run, overdue after', () => {
    expect(backupMaxAgeMs(daily)).toBe(25 * 3600_000);
    expect(backupHealth(daily, { at: hoursAgo(24.9), ok: true }, now)).toBe('ok');
    expect(backupHealth(daily, { at: hoursAgo(25.1), ok: true }, now)).toBe('overdue');
  });
  it('gives a short interval the same slack as its length', () => {
    const every = { at: null, everyMs: 60_000 };
    expect(backupHealth(every, { at: new Date(now - 119_000).toISOString(), ok: true }, now)).toBe('ok');
    expect(backupHealth(every, { at: new Date(now - 121_000).toISOString(), ok: true }, now)).toBe('overdue');
  });
  it('writes sizes as people read them', () => {
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(41_574)).toBe('40.6 KB');
    expect(sizeText(42_572_800)).toBe('40.6 MB');
  });
  it('names a failed run\'s cause in words, keeping the raw message', () => {
    const causes = reviewCompanyText.backupCauses;
    expect(backupErrorText('ENOSPC: no space left on device, write', causes)).toBe('备份目录所在磁盘空间不足（ENOSPC: no space left on device, write）');
    expect(backupErrorText("ENOTDIR: not a directory, mkdir '/x'", causes)).toMatch(/^备份目录不存在或无法创建（/);
    expect(backupErrorText('pg_dump exited with 1', causes)).toBe('pg_dump exited with 1');
  });
});
