/**
 * Tolerant, safe reading of CEB documents (receipts from customs, and the simulator reading the
 * declarations it is sent), pure. What customs sends is read the way the official samples are
 * written: `ceb:` prefix or default namespace, with or without a BOM, in UTF-8 or GBK whatever the
 * declaration says (decode.ts: the bytes decide).
 * What is never read: DTDs and entity declarations (billion laughs, external entities) — refused
 * before parsing, and the parser never expands entities itself; only the five predefined entities
 * and character references are decoded, in one pass, so nothing can grow. Cost is bounded too:
 * by bytes (MAX_XML_BYTES), by element count (MAX_XML_ELEMENTS, counted before parsing: parsing
 * costs 2–15 µs an element, so 10 MB of empty elements would block the server for 15 s) and by
 * nesting depth (the parser's own limit, reported like any malformed file).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { customsText } from '../../../domain/texts/customs.ts';
import { receiptText } from '../../../domain/texts/receipts.ts';
import { decodeXmlBytes, XmlDecodeError } from './decode.ts';
import { escapeXmlText } from './escape.ts';

export class XmlReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlReadError';
  }
}

/** A parsed element: child elements by local name (one or an array), text, attributes as `@name`. */
export type XmlNodeData = { [name: string]: XmlValue };
export type XmlValue = string | XmlNodeData | XmlValue[];

export interface XmlDocumentData {
  /** local name of the root element (prefix removed) */
  rootName: string;
  root: XmlNodeData;
  /** the document as text (decoded from its bytes, BOM removed), e.g. to store it */
  text: string;
}

/** Receipts are a few kilobytes; 100 returns stay far below this. */
export const MAX_XML_BYTES = 10 * 1024 * 1024;
/**
 * A receipt of 100 returns has about 1,500 elements; the largest declaration the simulator reads
 * back (100 bodies of 100 lines) about 120,000. Twice that is the most a hostile file can make the
 * parser chew on (measured: about a second).
 */
export const MAX_XML_ELEMENTS = 250_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** Bytes as text, by what the bytes are rather than what the declaration says (decode.ts). */
function decode(input: string | Uint8Array): string {
  if (typeof input === 'string') return input;
  try {
    return decodeXmlBytes(input).text;
  } catch (e) {
    if (e instanceof XmlDecodeError) throw new XmlReadError(e.message);
    throw e;
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** One pass over the text: predefined entities and character references only. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (all, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? all;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

function decodeAll(value: unknown): XmlValue {
  if (typeof value === 'string') return decodeEntities(value);
  if (Array.isArray(value)) return value.map(decodeAll);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeAll(v)]));
  }
  return String(value ?? '');
}

/**
 * CDATA becomes ordinary escaped text, so entity decoding treats both alike. A linear scan: a
 * lazy regex would rescan the rest of the file from every unterminated `<![CDATA[` (quadratic —
 * a file of them takes minutes).
 */
function cdataAsText(text: string): string {
  const OPEN = '<![CDATA[';
  let start = text.indexOf(OPEN);
  if (start < 0) return text;
  const parts: string[] = [];
  let from = 0;
  while (start >= 0) {
    const end = text.indexOf(']]>', start + OPEN.length);
    if (end < 0) throw new XmlReadError(customsText.receiptMalformed(receiptText.unclosedCdata));
    parts.push(text.slice(from, start), escapeXmlText(text.slice(start + OPEN.length, end)));
    from = end + 3;
    start = text.indexOf(OPEN, from);
  }
  parts.push(text.slice(from));
  return parts.join('');
}

export function readXml(input: string | Uint8Array, maxBytes = MAX_XML_BYTES): XmlDocumentData {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  if (size > maxBytes) throw new XmlReadError(customsText.receiptTooLarge(maxBytes));
  const original = decode(input).replace(/^\uFEFF/, '');
  if (original.trim() === '') throw new XmlReadError(customsText.receiptEmpty);
  if (/<!DOCTYPE|<!ENTITY/i.test(original)) throw new XmlReadError(customsText.receiptDtd);
  const text = cdataAsText(original);
  const tag = /<[^/!?]/g;
  for (let elements = 1; tag.exec(text); elements++) {
    if (elements > MAX_XML_ELEMENTS) throw new XmlReadError(receiptText.tooManyElements(MAX_XML_ELEMENTS));
  }
  let parsed: Record<string, unknown>;
  try {
    const verdict = XMLValidator.validate(text);
    if (verdict !== true) throw new XmlReadError(customsText.receiptMalformed(`${verdict.err.msg} (行${verdict.err.line})`));
    parsed = parser.parse(text) as Record<string, unknown>;
  } catch (e) {
    // the parser's own refusals (nesting too deep …) are malformed input too, not a crash
    if (e instanceof XmlReadError) throw e;
    throw new XmlReadError(customsText.receiptMalformed(e instanceof Error ? e.message : String(e)));
  }
  const roots = Object.keys(parsed);
  const rootName = roots[0];
  if (roots.length !== 1 || rootName === undefined || Array.isArray(parsed[rootName])) throw new XmlReadError(customsText.receiptMalformed('根元素不唯一'));
  const root = decodeAll(parsed[rootName]);
  return { rootName, root: typeof root === 'object' && !Array.isArray(root) ? root : { '#text': root }, text: original };
}

/** A child that may occur once or many times, as a list. */
export function childList(node: XmlNodeData | undefined, name: string): XmlValue[] {
  const v = node?.[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** A child element as a node ({} for an empty element, undefined when absent or text). */
export function childNode(node: XmlNodeData | undefined, name: string): XmlNodeData | undefined {
  const v = childList(node, name)[0];
  if (v === '') return {};
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}

/** The text of a simple element, trimmed; undefined when absent or empty. */
export function textOf(value: XmlValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return textOf(value[0]);
  const text = typeof value === 'string' ? value : typeof value['#text'] === 'string' ? value['#text'] : undefined;
  const t = text?.trim();
  return t ? t : undefined;
}

/** The text of every simple child element of a node, by local name (attributes left out). */
export function fieldsOf(node: XmlNodeData | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(node ?? {})) {
    if (k.startsWith('@') || k === '#text') continue;
    const t = textOf(v);
    if (t !== undefined) out[k] = t;
  }
  return out;
}
