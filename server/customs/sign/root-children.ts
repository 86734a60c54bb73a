/**
 * Where the root element's child elements sit in the message text, so the Signature goes in by
 * splicing the string and every other byte of the message stays as it was (a DOM serialiser would
 * rewrite quotes, empty elements, character references …).
 *
 * A scanner of markup only, not a parser: the caller has libxml2 parse the result, which refuses
 * anything malformed and confirms where the Signature landed. It skips comments, processing
 * instructions, CDATA sections and the DOCTYPE, reads quoted attribute values (they may hold `>`),
 * and counts depth; `<` cannot occur in character data or attribute values, so every other `<`
 * starts a tag.
 */
export interface ChildSpan {
  /** the qualified name as written, e.g. ceb:BaseTransfer */
  qname: string;
  /** offset of the child's `<` */
  start: number;
  /** offset just after the child's last `>` */
  end: number;
}

export interface RootSpans {
  rootQName: string;
  children: ChildSpan[];
  /** offset of the root's end tag `</…>`; for an empty-element root (`<root/>`), of its `/>` */
  close: number;
  /** the root is written `<root …/>` */
  emptyRoot: boolean;
}

const NAME_END = /[\s/>]/;

/** Offset just after `terminator` searched from `from`, or -1. */
function after(xml: string, terminator: string, from: number): number {
  const at = xml.indexOf(terminator, from);
  return at < 0 ? -1 : at + terminator.length;
}

/** Offset of the `>` ending the tag that starts at `lt`, skipping quoted attribute values. */
function tagEnd(xml: string, lt: number): number {
  for (let i = lt + 1; i < xml.length; i++) {
    const c = xml[i];
    if (c === '"' || c === "'") {
      i = xml.indexOf(c, i + 1);
      if (i < 0) return -1;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}

/** Offset just after a `<!DOCTYPE …>` (internal subset in brackets, quoted literals, comments). */
function doctypeEnd(xml: string, lt: number): number {
  let brackets = 0;
  for (let i = lt + 2; i < xml.length; i++) {
    const c = xml[i];
    if (c === '"' || c === "'") {
      i = xml.indexOf(c, i + 1);
      if (i < 0) return -1;
    } else if (c === '<' && xml.startsWith('<!--', i)) {
      i = after(xml, '-->', i + 4) - 1;
      if (i < 0) return -1;
    } else if (c === '[') {
      brackets++;
    } else if (c === ']') {
      brackets--;
    } else if (c === '>' && brackets <= 0) {
      return i + 1;
    }
  }
  return -1;
}

function nameAt(xml: string, from: number): string {
  let end = from;
  while (end < xml.length && !NAME_END.test(xml[end]!)) end++;
  return xml.slice(from, end);
}

/** The root's child elements and end tag, or undefined when the text does not scan as one element. */
export function rootChildSpans(xml: string): RootSpans | undefined {
  const children: ChildSpan[] = [];
  let rootQName = '';
  let depth = 0;
  let childStart = -1;
  let childName = '';
  let i = 0;
  while (i >= 0) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) return undefined;
    if (xml.startsWith('<!--', lt)) { i = after(xml, '-->', lt + 4); continue; }
    if (xml.startsWith('<![CDATA[', lt)) { i = after(xml, ']]>', lt + 9); continue; }
    if (xml.startsWith('<?', lt)) { i = after(xml, '?>', lt + 2); continue; }
    if (xml.startsWith('<!', lt)) { i = depth === 0 ? doctypeEnd(xml, lt) : -1; continue; }
    const gt = tagEnd(xml, lt);
    if (gt < 0) return undefined;
    if (xml[lt + 1] === '/') {
      depth--;
      if (depth === 0) return { rootQName, children, close: lt, emptyRoot: false };
      if (depth === 1) children.push({ qname: childName, start: childStart, end: gt + 1 });
      if (depth < 0) return undefined;
    } else {
      const name = nameAt(xml, lt + 1);
      const empty = xml[gt - 1] === '/';
      if (depth === 0) {
        rootQName = name;
        if (empty) return { rootQName, children, close: gt - 1, emptyRoot: true };
      } else if (depth === 1) {
        childStart = lt;
        childName = name;
        if (empty) children.push({ qname: name, start: lt, end: gt + 1 });
      }
      if (!empty) depth++;
    }
    i = gt + 1;
  }
  return undefined;
}
