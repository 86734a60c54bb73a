import { describe, expect, it } from 'vitest';
import { publishedNews, publishedNotices } from './published.ts';
import { safeUrl, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the seeded content as it is', () => {
    for (const item of [...publishedNews, ...publishedNotices]) expect(sanitizeRichText(item.html)).toBe(item.html);
  });

  it('drops scripts with their content, event handlers and styles', () => {
    expect(sanitizeRichText('<p onclick="x()" style="color:red">好<script>alert(1)</script></p><style>p{}</style>'))
      .toBe('<p>好</p>');
    expect(sanitizeRichText('<img src="/api/enterprise/content/file/a/b.png" onerror="alert(1)" alt="图">')).toBe('<img src="/api/enterprise/content/file/a/b.png" alt="图">');
    expect(sanitizeRichText('<iframe src="https://evil"></iframe>文')).toBe('文');
    expect(sanitizeRichText('<svg><script>1</script></svg>后')).toBe('后');
  });

  it('refuses script and data URLs however they are spelt', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' java\tscript:alert(1)', 'java&#115;cript:alert(1)', 'javascript&colon;alert(1)', 'data:text/html,<b>', '//evil.example/x', 'vbscript:x', '/\\evil.example', '/\\/evil.example']) {
      expect(safeUrl(href)).toBeUndefined();
      expect(sanitizeRichText(`<a href="${href}">链</a>`)).toBe('<a>链</a>');
    }
    expect(sanitizeRichText('<a href="https://www.customs.gov.cn/">海关</a>')).toBe('<a href="https://www.customs.gov.cn/" target="_blank" rel="noopener noreferrer">海关</a>');
  });

  it('escapes stray brackets, balances tags and drops comments and unknown tags', () => {
    expect(sanitizeRichText('1 < 2 && 3 > 2')).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
    expect(sanitizeRichText('<p><strong>粗<em>斜</p>尾')).toBe('<p><strong>粗<em>斜</em></strong></p>尾');
    expect(sanitizeRichText('<!-- x --><custom-tag a="1">文</custom-tag></ul>')).toBe('文');
    expect(sanitizeRichText('<p title="x">a</p><img src="/a.png" title=\'"><script>\'>')).toBe('<p>a</p><img src="/a.png" title="&quot;&gt;&lt;script&gt;">');
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeRichText('<p a="unterminated>text')).toBe('&lt;p a="unterminated&gt;text');
    expect(sanitizeRichText('<a"<b>粗</b>')).toBe('&lt;a"<b>粗</b>');
    expect(sanitizeRichText(`<p title="${'x'.repeat(3000)}">长</p>`)).toBe(`&lt;p title="${'x'.repeat(3000)}"&gt;长`);
  });

  it('reads a hostile body in one pass (the old cleaner took seconds on this)', () => {
    const hostile = '<p title="a <img src=\'x '.repeat(4000);
    expect(sanitizeRichText(hostile)).not.toMatch(/<(?!\/)/);
    expect(sanitizeRichText('<div>'.repeat(500) + '文')).toBe(`${'<div>'.repeat(100)}文${'</div>'.repeat(100)}`);
  });
});
