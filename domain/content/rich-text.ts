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
import { isSitePath } from '../site-path.ts';

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

/** http(s), mailto, or a path of this site (/…, not //host nor /\host); anything else (javascript:, data: …) is refused. */
export function safeUrl(raw: string): string | undefined {
  const url = decodeEntities(raw).trim();
  // control characters and whitespace inside a scheme fool naive checks (java\tscript:)
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:|mailto:)/i.test(squeezed)) return url;
  if (/^#/.test(squeezed)) return url;
  // a path of this site, by the one check (a backslash or a tab in it leads off-site)
  if (squeezed.startsWith('/')) return isSitePath(url) ? url : undefined;
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

/** The longest tag read as one (a longer one is text): a lost quote cannot swallow the article. */
const MAX_TAG_CHARS = 2048;
/** The deepest nesting kept (deeper tags go, their text stays): keeps closing a tag a bounded cost. */
const MAX_DEPTH = 100;
const TAG_NAME = /\/?([a-zA-Z][a-zA-Z0-9-]*)/y;
const UNKNOWN = -2;

/**
 * Where a tag ends: from a position after its name, the first `>` outside quotes, or -1. The scan
 * is an automaton of three states (outside, in "…", in '…'); what it finds from a position in a
 * state never changes, so every (position, state) it passes is remembered and no later `<` walks
 * that way again — the whole text costs one pass, however many tags never close.
 */
function tagEnds(html: string): (from: number) => number {
  let memo: Int32Array | undefined;
  return (from) => {
    memo ??= new Int32Array(html.length * 3).fill(UNKNOWN);
    const passed: number[] = [];
    let quote = 0;
    let result = -1;
    for (let k = from; k < html.length; k++) {
      const slot = k * 3 + (quote === 0 ? 0 : quote === 0x22 ? 1 : 2);
      if (memo[slot] !== UNKNOWN) { result = memo[slot]!; break; }
      passed.push(slot);
      const c = html.charCodeAt(k);
      if (quote !== 0) { if (c === quote) quote = 0; }
      else if (c === 0x22 || c === 0x27) quote = c;
      else if (c === 0x3e) { result = k; break; }
    }
    for (const slot of passed) memo[slot] = result;
    return result;
  };
}

/**
 * The allowed markup of `html`, tags balanced; everything else escaped or dropped. One pass over
 * the text (tagEnds), hostile bodies included (bench/rich-text.ts).
 */
export function sanitizeRichText(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let textFrom = 0;
  let at = 0;
  /** no `>` at or after this index (a failed search is not repeated) */
  let noGtFrom = Infinity;
  const tagEnd = tagEnds(html);
  const skipTo = (lt: number, next: number) => { out.push(escapeText(html.slice(textFrom, lt))); at = textFrom = next; };
  for (;;) {
    const lt = html.indexOf('<', at);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      skipTo(lt, end < 0 ? html.length : end + 3);
      continue;
    }
    const second = html[lt + 1];
    if (second === '!' || second === '?') {
      // a declaration or processing instruction (<!DOCTYPE …>, <![CDATA[ …>, <?xml …>): dropped
      const gt = lt + 2 >= noGtFrom ? -1 : html.indexOf('>', lt + 2);
      if (gt < 0) { noGtFrom = Math.min(noGtFrom, lt + 2); at = lt + 1; continue; }
      skipTo(lt, gt + 1);
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    const name = TAG_NAME.exec(html);
    const gt = name ? tagEnd(TAG_NAME.lastIndex) : -1;
    // a stray `<`, or a tag never closed or beyond belief: text, escaped
    if (!name || gt < 0 || gt - lt > MAX_TAG_CHARS) { at = lt + 1; continue; }
    const attributeSource = html.slice(TAG_NAME.lastIndex, gt);
    skipTo(lt, gt + 1);
    const closing = name[0].startsWith('/');
    const tag = name[1]!.toLowerCase();
    if (DROP_CONTENT.has(tag)) {
      if (closing) continue;
      // everything up to the matching end tag (or the end of the text) goes
      const end = new RegExp(`</${tag}\\s*>`, 'ig');
      end.lastIndex = at;
      const found = end.exec(html);
      at = textFrom = found ? found.index + found[0].length : html.length;
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
    if (!VOID.has(tag) && open.length >= MAX_DEPTH) continue;
    const attributes = attributesOf(tag, attributeSource);
    // a picture whose source was refused shows nothing: it goes altogether
    if (tag === 'img' && !attributes.includes(' src=')) continue;
    out.push(`<${tag}${attributes}>`);
    if (!VOID.has(tag)) open.push(tag);
  }
  out.push(escapeText(html.slice(textFrom)));
  while (open.length > 0) out.push(`</${open.pop()!}>`);
  return out.join('');
}
