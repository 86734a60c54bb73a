/**
 * Tolerant, safe reading of CEB documents (receipts from customs, and the simulator reading the
 * declarations it is sent), pure. What customs sends is read the way the official samples are
 * written: `ceb:` prefix or default namespace, with or without a BOM, UTF-8 or a GBK declaration.
 * What is never read: DTDs and entity declarations (billion laughs, external entities) — refused
 * before parsing, and the parser never expands entities itself; only the five predefined entities
 * and character references are decoded, in one pass, so nothing can grow.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { customsText } from '../../../domain/texts/customs.ts';

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
}

/** Receipts are a few kilobytes; 100 returns stay far below this. */
export const MAX_XML_BYTES = 10 * 1024 * 1024;

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

/** Bytes as text: UTF-8 unless the declaration names a Chinese legacy encoding. */
function decode(input: string | Uint8Array): string {
  if (typeof input === 'string') return input;
  const head = new TextDecoder('latin1').decode(input.subarray(0, 200));
  const declared = /encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  const encoding = declared && /^(gbk|gb2312|gb18030)$/.test(declared) ? 'gb18030' : 'utf-8';
  return new TextDecoder(encoding).decode(input);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

export function readXml(input: string | Uint8Array, maxBytes = MAX_XML_BYTES): XmlDocumentData {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  if (size > maxBytes) throw new XmlReadError(customsText.receiptTooLarge(maxBytes));
  let text = decode(input).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new XmlReadError(customsText.receiptEmpty);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlReadError(customsText.receiptDtd);
  // CDATA becomes ordinary escaped text, so entity decoding below treats both alike.
  text = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_all, body: string) => escapeText(body));
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) throw new XmlReadError(customsText.receiptMalformed(`${verdict.err.msg} (行${verdict.err.line})`));
  const parsed = parser.parse(text) as Record<string, unknown>;
  const roots = Object.keys(parsed);
  const rootName = roots[0];
  if (roots.length !== 1 || rootName === undefined) throw new XmlReadError(customsText.receiptMalformed('根元素不唯一'));
  const root = decodeAll(parsed[rootName]);
  return { rootName, root: typeof root === 'object' && !Array.isArray(root) ? root : { '#text': root } };
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
