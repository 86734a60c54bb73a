/**
 * Writes the messages customs issues (CEB792 汇总结果单, CEB816 电子税单, CEB818 电子税单状态) the
 * way customs does, pure, in the element order of the receipt catalogue (which follows the XSDs):
 * the simulator issues tax bills with it, the demo data and the tests feed it to the pipeline.
 * Only the fields given are written (the optional ones may be left out).
 */
import { create } from 'xmlbuilder2';
import { findIssuedType } from './receipts/catalogue.ts';
import { CEB_NS, CEB_PREFIX, MESSAGE_VERSION } from './xml/build.ts';

export interface IssuedDocument {
  /** head fields by name, guid included (36, upper case) */
  head: Readonly<Record<string, string>>;
  lines?: readonly Readonly<Record<string, string>>[];
}

export function buildIssuedXml(type: 'CEB792' | 'CEB816' | 'CEB818', rootGuid: string, documents: readonly IssuedDocument[]): string {
  const t = findIssuedType(type);
  if (!t || !t.head) throw new Error(`${type}: not a customs-issued message with a head`);
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(CEB_NS, `${CEB_PREFIX}:${t.root}`, { guid: rootGuid, version: MESSAGE_VERSION });
  const put = (parent: ReturnType<typeof create>, name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') parent.ele(CEB_NS, `${CEB_PREFIX}:${name}`).txt(value);
  };
  for (const d of documents) {
    const element = root.ele(CEB_NS, `${CEB_PREFIX}:${t.element}`);
    const head = element.ele(CEB_NS, `${CEB_PREFIX}:${t.head}`);
    put(head, 'guid', d.head.guid);
    for (const f of t.fields) put(head, f.name, d.head[f.name]);
    for (const line of d.lines ?? []) {
      const l = element.ele(CEB_NS, `${CEB_PREFIX}:${t.line}`);
      for (const f of t.lineFields ?? []) put(l, f.name, line[f.name]);
    }
  }
  return doc.end({ prettyPrint: true, indent: '  ' });
}
