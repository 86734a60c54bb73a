/**
 * Writes receipt documents the way customs does (CEB304Message › OrderReturn …), pure. The
 * simulator answers with them, and the store keeps a one-return copy when a file carried several.
 */
import { create } from 'xmlbuilder2';
import { CEB_NS, CEB_PREFIX, MESSAGE_VERSION } from '../xml/build.ts';
import type { ReceiptType } from './catalogue.ts';
import type { XmlNodeData, XmlValue } from '../xml/read.ts';
import type { ReceiptRecord } from './read.ts';

export function buildReceiptXml(type: ReceiptType, rootGuid: string, returns: readonly ReceiptRecord[]): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(CEB_NS, `${CEB_PREFIX}:${type.root}`, { guid: rootGuid, version: MESSAGE_VERSION });
  const put = (parent: ReturnType<typeof create>, name: string, text: string) => parent.ele(CEB_NS, `${CEB_PREFIX}:${name}`).txt(text);
  for (const r of returns) {
    const el = root.ele(CEB_NS, `${CEB_PREFIX}:${type.element}`);
    put(el, 'guid', r.guid);
    for (const f of type.fields) {
      const v = r.fields[f.name];
      if (v !== undefined && v !== '') put(el, f.name, v);
    }
    put(el, 'returnStatus', r.returnStatus);
    put(el, 'returnTime', r.returnTime);
    put(el, 'returnInfo', r.returnInfo);
  }
  return doc.end({ prettyPrint: true, indent: '  ' });
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
