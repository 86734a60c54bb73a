import { describe, expect, it } from 'vitest';
import { redirectFrom, safeRedirect } from './redirect.ts';

describe('redirect after login', () => {
  it('follows a same-site path', () => {
    expect(redirectFrom('?redirect=%2Fbill%2Fexport%2Forder%3Fx%3D1')).toBe('/bill/export/order?x=1');
  });
  it('goes home otherwise', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/login?redirect=/x']) {
      expect(safeRedirect(bad)).toBe('/home');
    }
    expect(redirectFrom('')).toBe('/home');
  });
});
