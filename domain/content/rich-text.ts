/**
 * The rich text of news and notices as the operator writes it (issue 20, 内容发布): kept only as
 * the markup the seeded content uses (domain/content/published.ts: paragraphs, headings, lists,
 * emphasis, a text-align) plus links, images and simple tables. The output is rebuilt token by token from an
 * allow-list, never patched: an allowed tag is written anew with only its allowed attributes
 * (escaped, links only http(s), mailto or the site's own paths), every other tag is dropped (with
 * the whole content of script, style and the like), and every stray `<`, `>` or `&` of the text is
 * escaped. So nothing the list does not name can reach the page; the enterprise's detail page
 * still runs DOMPurify over it as today (a second, independent guard).
 */

/** Tags kept (void tags are written without a closing tag). */
const ALLOWED = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'div',
  'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** Tags whose whole content goes with them. */
const DROP_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'title', 'head']);
const ALIGNED = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'td', 'th'];
const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], td: ['colspan', 'rowspan', 'style'], th: ['colspan', 'rowspan', 'style'],
  ...Object.fromEntries(ALIGNED.filter((t) => t !== 'td' && t !== 'th').map((t) => [t, ['style']])),
};
/** The one style kept: a text-align (the seeded notices centre their signature lines). */
const ALIGN = /^\s*text-align\s*:\s*(left|center|right|justify)\s*;?\s*$/i;
const URL_ATTRIBUTES = new Set(['href', 'src']);

const escapeText = (s: string) => s.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Entities a browser would decode before judging a URL's scheme (java&#115;cript:). */
function decodeEntities(s: string): string {
  return s.replace(/&#x([0-9a-f]{1,6});?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d{1,7});?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&colon;/gi, ':').replace(/&tab;|&newline;/gi, '').replace(/&amp;/g, '&');
}

/** http(s), mailto, or a path of this site (/…, not //host); anything else (javascript:, data: …) is refused. */
export function safeUrl(raw: string): string | undefined {
  const url = decodeEntities(raw).trim();
  // control characters and whitespace inside a scheme fool naive checks (java\tscript:)
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:|mailto:)/i.test(squeezed)) return url;
  if (/^\/(?!\/)/.test(squeezed) || /^#/.test(squeezed)) return url;
  return undefined;
}

function attributesOf(tag: string, source: string): string {
  const wanted = ATTRIBUTES[tag];
  if (!wanted) return '';
  const kept: string[] = [];
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of source.matchAll(re)) {
    const name = m[1]!.toLowerCase();
    if (!wanted.includes(name) || kept.some((k) => k.startsWith(`${name}=`))) continue;
    let value = m[2] ?? m[3] ?? m[4] ?? '';
    if (URL_ATTRIBUTES.has(name)) {
      const url = safeUrl(value);
      if (url === undefined) continue;
      value = url;
    } else if (name === 'style') {
      const align = ALIGN.exec(value);
      if (!align) continue;
      value = `text-align:${align[1]!.toLowerCase()}`;
    } else if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') {
      if (!/^\d{1,4}$/.test(value)) continue;
    } else {
      value = decodeEntities(value);
    }
    kept.push(`${name}="${escapeAttr(value)}"`);
  }
  if (tag === 'a' && kept.some((k) => k.startsWith('href='))) kept.push('target="_blank"', 'rel="noopener noreferrer"');
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

/** The allowed markup of `html`, tags balanced; everything else escaped or dropped. */
export function sanitizeRichText(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  // comments, doctype/processing instructions, CDATA, tags; the rest is text
  const token = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let at = 0;
  let m: RegExpExecArray | null;
  while ((m = token.exec(html)) !== null) {
    out.push(escapeText(html.slice(at, m.index)));
    at = token.lastIndex;
    if (m[2] === undefined) continue; // a comment or declaration: dropped
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    if (DROP_CONTENT.has(tag)) {
      if (closing) continue;
      // everything up to the matching end tag (or the end of the text) goes
      const end = new RegExp(`</${tag}\\s*>`, 'i');
      const rest = html.slice(at);
      const found = end.exec(rest);
      at = found ? at + found.index + found[0].length : html.length;
      token.lastIndex = at;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      if (VOID.has(tag)) continue;
      const index = open.lastIndexOf(tag);
      if (index < 0) continue;
      // close what was left open inside it, so the markup stays balanced
      while (open.length > index) out.push(`</${open.pop()!}>`);
      continue;
    }
    const attributes = attributesOf(tag, m[3] ?? '');
    // a picture whose source was refused shows nothing: it goes altogether
    if (tag === 'img' && !attributes.includes(' src=')) continue;
    out.push(`<${tag}${attributes}>`);
    if (!VOID.has(tag)) open.push(tag);
  }
  out.push(escapeText(html.slice(at)));
  while (open.length > 0) out.push(`</${open.pop()!}>`);
  return out.join('');
}
