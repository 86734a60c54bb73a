import { describe, expect, it } from 'vitest';
import { clearSession } from '../../../lib/session.ts';
import { dismissHint, dismissedHintKey, isHintDismissed } from './dismissed-hints.ts';

describe('dismissed hints', () => {
  it('are remembered per user and field, across a logout', () => {
    expect(isHintDismissed('admin', 'appType')).toBe(false);
    dismissHint('admin', 'appType');
    expect(localStorage.getItem(dismissedHintKey('admin', 'appType'))).toBe('1');
    expect(isHintDismissed('admin', 'appType')).toBe(true);
    expect(isHintDismissed('user@admin', 'appType')).toBe(false);
    expect(isHintDismissed('admin', 'otherField')).toBe(false);
    clearSession();
    expect(isHintDismissed('admin', 'appType')).toBe(true);
    localStorage.removeItem(dismissedHintKey('admin', 'appType'));
  });

  it('a storage that refuses is no crash: the note is simply not remembered', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } } as unknown as Storage;
    expect(() => dismissHint('admin', 'appType', refusing)).not.toThrow();
    expect(isHintDismissed('admin', 'appType', refusing)).toBe(false);
  });
});
