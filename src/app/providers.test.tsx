import { describe, expect, it } from 'vitest';
import { theme } from './providers.tsx';

describe('theme', () => {
  it('respects a user who asks the system for reduced motion (and so do the e2e browsers)', () => {
    expect(theme.respectReducedMotion).toBe(true);
  });
});
