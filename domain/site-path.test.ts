import { describe, expect, it } from 'vitest';
import { isSitePath } from './site-path.ts';

describe('isSitePath (issue 29 item 9)', () => {
  it('takes paths of this site', () => {
    for (const ok of ['/', '/home', '/bill/export/order?id=1&x=a%2Fb', '/notice/1#top', '/files/a b.pdf']) expect(isSitePath(ok), ok).toBe(true);
  });
  it('refuses every form a browser resolves off-site', () => {
    for (const bad of ['/\\evil.example', '/\\/evil.example', '\\\\evil.example', '//evil.example', '/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example',
      'https://evil.example', 'javascript:alert(1)', 'evil.example', '', ' /home', '/%0a/x\\y']) {
      expect(isSitePath(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
