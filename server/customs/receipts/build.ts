/**
 * Writes receipt documents the way customs does (CEB304Message › OrderReturn …), pure. The
 * simulator answers with them, and the store keeps a one-return copy when a file carried several.
 */
import { create } from 'xmlbuilder2';
import { CEB_NS, CEB_PREFIX, MESSAGE_VERSION } from '../xml/build.ts';
import type { ReceiptType } from './catalogue.ts';
import type { XmlNodeData, XmlValue } from '../xml/read.ts';
import type { ReceiptRecord } from './read.ts';

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (v: string) => escapeText(v).replace(/"/g, '&quot;');

/**
 * Written as plain text rather than through xmlbuilder2: the ingest keeps a one-return document of
 * every return it stores, and the builder cost ~60 µs each (a quarter of the ingest budget). The
 * output is byte for byte what xmlbuilder2 wrote (build.test.ts holds the two side by side).
 */
export function buildReceiptXml(type: ReceiptType, rootGuid: string, returns: readonly ReceiptRecord[]): string {
  const p = CEB_PREFIX;
  const put = (name: string, text: string) =>
    text === '' ? `    <${p}:${name}/>\n` : `    <${p}:${name}>${escapeText(text)}</${p}:${name}>\n`;
  let out = `<?xml version="1.0" encoding="UTF-8"?>\n<${p}:${type.root} xmlns:${p}="${escapeAttr(CEB_NS)}" guid="${escapeAttr(rootGuid)}" version="${MESSAGE_VERSION}"`;
  if (returns.length === 0) return `${out}/>`;
  out += '>\n';
  for (const r of returns) {
    out += `  <${p}:${type.element}>\n${put('guid', r.guid)}`;
    for (const f of type.fields) {
      const v = r.fields[f.name];
      if (v !== undefined && v !== '') out += put(f.name, v);
    }
    out += `${put('returnStatus', r.returnStatus)}${put('returnTime', r.returnTime)}${put('returnInfo', r.returnInfo)}  </${p}:${type.element}>\n`;
  }
  return `${out}</${p}:${type.root}>`;
}

/**
 * One element of a customs-issued message (a SummaryResult, a Tax …) as a document of its own
 * under its root, for the store: a file of many elements is kept one element per row. The element
 * is written back as read (child order as in the file, text re-escaped); attributes are dropped,
 * CEB elements carry none.
 */
export function buildSingleElementXml(root: string, rootGuid: string, element: string, node: XmlNodeData): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const top = doc.ele(CEB_NS, `${CEB_PREFIX}:${root}`, { guid: rootGuid, version: MESSAGE_VERSION });
  const write = (parent: ReturnType<typeof create>, name: string, value: XmlValue) => {
    if (Array.isArray(value)) {
      for (const v of value) write(parent, name, v);
      return;
    }
    const el = parent.ele(CEB_NS, `${CEB_PREFIX}:${name}`);
    if (typeof value === 'string') {
      if (value !== '') el.txt(value);
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      if (k === '#text' && typeof v === 'string') el.txt(v);
      else if (!k.startsWith('@') && k !== '#text') write(el, k, v);
    }
  };
  write(top, element, node);
  return doc.end({ prettyPrint: true, indent: '  ' });
}
