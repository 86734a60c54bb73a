import { describe, expect, it } from 'vitest';
import { describeGrantChange } from './grant-changes.ts';
import { defaultSubAccountGrants } from './grants.ts';

describe('the words of a grant change', () => {
  it('names a few pages and counts the rest, so everything ticked at once stays one readable line', () => {
    const all = defaultSubAccountGrants();
    const text = describeGrantChange('li@admin', [], all);
    expect(text.startsWith('子账号 li@admin：新增 ')).toBe(true);
    expect(text).toMatch(/等\d+个功能$/);
    expect(text.length).toBeLessThanOrEqual(300);
    expect(describeGrantChange('li@admin', all, [])).toMatch(/^子账号 li@admin：取消 .*等\d+个功能$/);
  });
});
