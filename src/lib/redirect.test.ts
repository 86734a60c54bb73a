import { describe, expect, it } from 'vitest';
import { redirectFrom, safeRedirect } from './redirect.ts';

describe('redirect after login', () => {
  it('follows a same-site path', () => {
    expect(redirectFrom('?redirect=%2Fbill%2Fexport%2Forder%3Fx%3D1')).toBe('/bill/export/order?x=1');
  });
  it('goes home otherwise', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/login?redirect=/x', '/\\evil.example', '/\t/evil.example']) {
      expect(safeRedirect(bad)).toBe('/home');
    }
    expect(redirectFrom('')).toBe('/home');
    // issue 29: a backslash is a slash to the browser, so this is another host
    expect(redirectFrom('?redirect=%2F%5Cevil.example')).toBe('/home');
  });
});
