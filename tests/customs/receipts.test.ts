/**
 * Reading receipts: every official sample receipt (export and import, copied to ./samples), the
 * spellings customs uses (prefix or default namespace, BOM, GBK — more in receipts-variants),
 * hostile documents (DTDs, entity bombs, malformed XML) refused quickly with a clear reason, and
 * the catalogue checked against the XSDs themselves.
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findIssuedType, findReceiptType, issuedTypes, receiptTypes, type ReceiptField } from '../../server/customs/receipts/catalogue.ts';
import { readCustomsXml } from '../../server/customs/receipts/file.ts';
import { businessKeyOf } from '../../server/customs/receipts/ingest.ts';
import { normaliseReturnTime, readReceiptXml } from '../../server/customs/receipts/read.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { MAX_XML_ELEMENTS, XmlReadError } from '../../server/customs/xml/read.ts';
import { expectedReceipts, sampleBytes } from './samples/samples.ts';

describe('official sample receipts', () => {
  it('covers every receipt type of the catalogue', () => {
    expect(expectedReceipts.map((e) => e.type).sort()).toEqual(receiptTypes.map((t) => t.type).sort());
  });

  it.each(expectedReceipts.map((e) => [e.file, e] as const))('%s reads as it is written', (_file, e) => {
    const bytes = sampleBytes(e.file);
    const receipt = readReceiptXml(bytes);
    expect(receipt.type.type).toBe(e.type);
    expect(receipt.type.schema).toBe(e.schema);
    expect(receipt.guid).toBe(e.rootGuid);
    expect(receipt.returns).toHaveLength(e.count);
    expect(receipt.returns[0]).toEqual(e.first);
    // the official samples repeat one element; CEB214 cycles through five enterprise numbers
    expect(new Set(receipt.returns.map((r) => `${r.guid}/${businessKeyOf(receipt.type, r)}`)).size).toBe(e.distinct);
    for (const r of receipt.returns) {
      expect(r).toMatchObject({ guid: e.first.guid, returnStatus: e.first.returnStatus, returnTime: e.first.returnTime, returnInfo: e.first.returnInfo });
    }
    // the general reader agrees, and says it was not wrapped
    const file = readCustomsXml(bytes);
    expect(file).toMatchObject({ kind: 'receipt', messageType: e.type });
    expect(file.transInfo).toBeUndefined();
    if (file.kind === 'receipt') expect(file.receipt.returns).toEqual(receipt.returns);
    // as text too
    expect(readReceiptXml(bytes.toString('utf8')).returns).toEqual(receipt.returns);
  });

  it('CEB214: the root spelt without "Message", five receipts of five return applications', () => {
    const r = readReceiptXml(sampleBytes('CEB214Message.xml'));
    expect([...new Set(r.returns.map((x) => x.fields.coElNo))]).toEqual(['Cop20220407001', 'Cop20220407002', 'Cop20220407003', 'Cop20220407004', 'Cop20220407005']);
    expect(r.returns.every((x) => !('appSenderId' in x.fields))).toBe(true);
  });
});

describe('tolerant reading', () => {
  const orderReturn = (inner = '') => `
    <OrderReturn>
      <guid>7D1E6A52-0B3C-4F8E-9A41-2C5B7E9D0F13</guid>
      <ebpCode>3302960E8F</ebpCode><ebcCode>3302961A2B</ebcCode><orderNo>YX001</orderNo>
      <returnStatus>120</returnStatus><returnTime>20260318102440123</returnTime>
      <returnInfo>海关入库成功</returnInfo>${inner}
    </OrderReturn>`;

  it('reads a default-namespace receipt without prefix', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><CEB304Message xmlns="http://www.chinaport.gov.cn/ceb" guid="1" version="1.0">${orderReturn()}</CEB304Message>`;
    const r = readReceiptXml(xml);
    expect(r.returns[0]).toMatchObject({ returnStatus: '120', returnTime: '20260318102440123', fields: { orderNo: 'YX001' } });
  });

  it('reads any prefix, a BOM, entities and CDATA', () => {
    const xml = `\uFEFF<x:CEB304Message xmlns:x="http://www.chinaport.gov.cn/ceb" guid="1" version="1.0">
      <x:OrderReturn><x:guid>a</x:guid><x:ebpCode>P</x:ebpCode><x:ebcCode>C</x:ebcCode><x:orderNo>N&amp;1</x:orderNo>
      <x:returnStatus>100</x:returnStatus><x:returnTime>2026-03-18 10:24:40.123</x:returnTime>
      <x:returnInfo><![CDATA[退单：商品<名称>不符 &amp;]]> &#20013;&#x56FD;</x:returnInfo></x:OrderReturn></x:CEB304Message>`;
    const r = readReceiptXml(xml).returns[0]!;
    expect(r.fields.orderNo).toBe('N&1');
    expect(r.returnTime).toBe('20260318102440123');
    expect(r.returnInfo).toBe('退单：商品<名称>不符 &amp; 中国');
    expect(r.guid).toBe('A');
  });

  it('decodes a GBK-declared file given as bytes', () => {
    const xml = `<?xml version="1.0" encoding="GBK"?><CEB304Message guid="1" version="1.0">${orderReturn()}</CEB304Message>`;
    // GBK bytes of the text (Node has no GBK encoder: the file is assembled from known byte pairs)
    const gbk: Record<string, number[]> = { 海: [0xba, 0xa3], 关: [0xb9, 0xd8], 入: [0xc8, 0xeb], 库: [0xbf, 0xe2], 成: [0xb3, 0xc9], 功: [0xb9, 0xa6] };
    const bytes = Uint8Array.from([...xml].flatMap((ch) => gbk[ch] ?? [...Buffer.from(ch, 'utf8')]));
    expect(readReceiptXml(bytes).returns[0]!.returnInfo).toBe('海关入库成功');
    // the text kept for the store is the decoded one, not the bytes read as UTF-8
    expect(readCustomsXml(bytes).text).toContain('海关入库成功');
  });

  it('accepts a root spelt without "Message" and a 14-digit time', () => {
    expect(findReceiptType('CEB304')?.root).toBe('CEB304Message');
    expect(findReceiptType('ceb622message')?.type).toBe('CEB622');
    expect(findReceiptType('CEB303Message')).toBeUndefined();
    expect(normaliseReturnTime('20260318102440')).toBe('20260318102440000');
    expect(normaliseReturnTime('2026-03-18')).toBeUndefined();
  });

  it('reads 100 returns and refuses what it cannot use, saying why', () => {
    const wrap = (body: string, root = 'CEB304Message') => `<${root} guid="1" version="1.0">${body}</${root}>`;
    expect(readReceiptXml(wrap(orderReturn().repeat(100))).returns).toHaveLength(100);
    expect(() => readReceiptXml('')).toThrow('回执报文为空');
    expect(() => readReceiptXml(wrap(orderReturn(), 'CEB999Message'))).toThrow('无法识别的回执报文类型：CEB999Message');
    expect(() => readReceiptXml(wrap(''))).toThrow('回执报文中没有 OrderReturn 数据');
    expect(() => readReceiptXml(wrap(orderReturn().repeat(101)))).toThrow('回执报文包含101条回执，最多100条');
    expect(() => readReceiptXml(wrap(orderReturn().replace(/<returnStatus>.*<\/returnStatus>/, '')))).toThrow('第1条回执缺少 returnStatus');
    expect(() => readReceiptXml(wrap(orderReturn().replace('20260318102440123', 'yesterday')))).toThrow('回执时间格式不正确');
    expect(() => readReceiptXml('<CEB304Message><OrderReturn></CEB304Message>')).toThrow(/不是合法的 XML/);
    expect(() => readReceiptXml('<a/><b/>')).toThrow(XmlReadError);
  });
});

describe('hostile XML', () => {
  const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<CEB304Message guid="1" version="1.0"><OrderReturn><guid>a</guid><returnStatus>2</returnStatus><returnTime>20260318102440123</returnTime><returnInfo>&lol9;</returnInfo></OrderReturn></CEB304Message>`;

  it('refuses the billion laughs at once', () => {
    const t0 = performance.now();
    expect(() => readReceiptXml(laughs)).toThrow(XmlReadError);
    expect(() => readCustomsXml(laughs)).toThrow('回执报文不允许包含 DOCTYPE 或 ENTITY 声明');
    expect(performance.now() - t0).toBeLessThan(100);
  });

  it('refuses external entities and a stray ENTITY declaration', () => {
    expect(() => readReceiptXml('<!DOCTYPE x SYSTEM "file:///etc/passwd"><CEB304Message/>')).toThrow('DOCTYPE');
    expect(() => readReceiptXml('<!doctype x [<!entity e SYSTEM "http://evil/">]><CEB304Message>&e;</CEB304Message>')).toThrow('DOCTYPE');
    expect(() => readReceiptXml('<CEB304Message><!ENTITY e "x"></CEB304Message>')).toThrow('ENTITY');
  });

  it('leaves unknown entity references as text instead of resolving them, and decodes in one pass', () => {
    const xml = '<CEB304Message guid="1" version="1.0"><OrderReturn><guid>a</guid><returnStatus>2</returnStatus><returnTime>20260318102440123</returnTime><returnInfo>&xxe; &amp;lt;</returnInfo></OrderReturn></CEB304Message>';
    expect(readReceiptXml(xml).returns[0]!.returnInfo).toBe('&xxe; &lt;');
  });

  it('refuses a file over the size limit without parsing it', () => {
    expect(() => readReceiptXml(`<CEB304Message>${' '.repeat(11 * 1024 * 1024)}</CEB304Message>`)).toThrow('回执报文过大');
  });

  it('refuses a file of too many elements before parsing it, and deep nesting as malformed', () => {
    const many = `<CEB304Message>${'<x/>'.repeat(MAX_XML_ELEMENTS + 1)}</CEB304Message>`;
    const t0 = performance.now();
    expect(() => readReceiptXml(many)).toThrow(`回执报文的元素过多（超过${MAX_XML_ELEMENTS}个）`);
    expect(performance.now() - t0).toBeLessThan(1000);
    const deep = `<CEB304Message>${'<a>'.repeat(5000)}x${'</a>'.repeat(5000)}</CEB304Message>`;
    expect(() => readReceiptXml(deep)).toThrow(XmlReadError);
    expect(() => readReceiptXml(deep)).toThrow(/不是合法的 XML/);
  });

  it('refuses a file of unterminated CDATA sections in linear time, and a second root', () => {
    const cdata = `<CEB304Message>${'<![CDATA['.repeat(500_000)}</CEB304Message>`;
    const t0 = performance.now();
    expect(() => readReceiptXml(cdata)).toThrow('回执报文不是合法的 XML：CDATA 段没有结束标记 ]]>');
    expect(performance.now() - t0).toBeLessThan(500);
    const one = '<CEB304Message guid="1" version="1.0"><OrderReturn><guid>a</guid><returnStatus>2</returnStatus><returnTime>20260318102440123</returnTime></OrderReturn></CEB304Message>';
    expect(() => readReceiptXml(one + one)).toThrow(/不是合法的 XML/);
    // empty roots pass the validator and come back from the parser as one name with two values
    expect(() => readReceiptXml('<CEB304Message/><CEB304Message/>')).toThrow('根元素不唯一');
  });
});

// ── the catalogue against the XSDs ──────────────────────────────────────────────────────────

type Ordered = Record<string, unknown>[];
const xsdParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, preserveOrder: true });
const xsdFile = (schema: 'export' | 'import') => new URL(`../../server/customs/xsd/ceb-${schema}.xsd`, import.meta.url);
const schemas = {
  export: xsdParser.parse(readFileSync(xsdFile('export'), 'utf8')) as Ordered,
  import: xsdParser.parse(readFileSync(xsdFile('import'), 'utf8')) as Ordered,
};
const attrs = (n: Record<string, unknown>) => (n[':@'] ?? {}) as Record<string, string>;

/** The child elements of a top-level xs:element, in sequence order: name and whether optional. */
function xsdSequence(schema: 'export' | 'import', element: string): { name: string; optional: boolean }[] {
  const top = (schemas[schema].find((n) => 'schema' in n)!.schema as Ordered)
    .find((n) => 'element' in n && attrs(n)['@name'] === element);
  if (!top) throw new Error(`${element} not in ${schema} XSD`);
  const out: { name: string; optional: boolean }[] = [];
  const walk = (nodes: Ordered) => {
    for (const n of nodes) {
      if ('element' in n) {
        const a = attrs(n);
        out.push({ name: a['@name'] ?? a['@ref']!.replace(/^\w+:/, ''), optional: a['@minOccurs'] === '0' });
      } else if ('complexType' in n || 'sequence' in n) walk((n.complexType ?? n.sequence) as Ordered);
    }
  };
  walk(top.element as Ordered);
  return out;
}
const spec = (fields: readonly ReceiptField[]) => fields.map((f) => ({ name: f.name, optional: f.optional === true }));
const RETURN_TAIL = [{ name: 'returnStatus', optional: false }, { name: 'returnTime', optional: false }, { name: 'returnInfo', optional: false }];

describe('the catalogue', () => {
  it('has the 19 receipts of ceb-messages §4, each answering a declaration of its schema', () => {
    expect(receiptTypes).toHaveLength(19);
    for (const t of receiptTypes) {
      const root = xsdSequence(t.schema, t.root);
      expect(root.map((c) => c.name), t.type).toEqual([t.element]);
      expect(xsdSequence(t.schema, `${t.answers}Message`).length, t.answers).toBeGreaterThan(1);
      expect(Number(t.answers.slice(3)), t.type).toBe(Number(t.type.slice(3)) - 1);
    }
  });

  it.each(receiptTypes.map((t) => [t.type, t] as const))('%s: fields in XSD element order, optional where the XSD says so', (_type, t) => {
    expect([{ name: 'guid', optional: false }, ...spec(t.fields), ...RETURN_TAIL]).toEqual(xsdSequence(t.schema, t.element));
  });

  it('customs-issued messages: fields in XSD order; the deviations are the documented ones', () => {
    const summary = findIssuedType('CEB792')!;
    expect(['guid', ...summary.fields.map((f) => f.name)]).toEqual(xsdSequence('export', 'SummaryResultHead').map((c) => c.name));
    expect(spec(summary.fields)).toEqual(xsdSequence('export', 'SummaryResultHead').slice(1));
    // gseqno: required by the XSD, missing from the official sample → read as optional
    expect(xsdSequence('export', 'SummaryResultList')).toEqual(spec(summary.lineFields!).map((f) => (f.name === 'gseqno' ? { ...f, optional: false } : f)));

    const tax = findIssuedType('CEB816')!;
    // orderNo and logisticNo: listed by the PDF only, kept when sent
    expect(['guid', ...tax.fields.map((f) => f.name).filter((n) => n !== 'orderNo' && n !== 'logisticNo')]).toEqual(xsdSequence('import', 'TaxHeadRd').map((c) => c.name));
    expect(spec(tax.lineFields!)).toEqual(xsdSequence('import', 'TaxListRd'));
    expect(['guid', ...spec(findIssuedType('CEB818')!.fields).map((f) => f.name)]).toEqual(xsdSequence('import', 'TaxHeadStatus').map((c) => c.name));
    expect(['guid', ...findIssuedType('CEB900')!.fields.map((f) => f.name)]).toEqual(xsdSequence('import', 'MessageReturn').map((c) => c.name));
    for (const t of issuedTypes) expect(xsdSequence(t.schema, t.root).map((c) => c.name)).toEqual([t.element]);
  });

  beforeAll(async () => { await initCustomsSchemas(); });

  it.each(receiptTypes.map((t) => [t.type, t] as const))('%s as the simulator writes it is valid for its schema and reads back', (_type, t) => {
    const values: Record<string, string> = {
      customsCode: '3101', statisticsFlag: 'A', msgSeqNo: '1', logisticsStatus: 'S', invtNo: '31012026I000012345',
      preNo: 'B20260318000000001', sumNo: 'S20260318000000001', rkdNo: '310120260318000001',
    };
    const fields = Object.fromEntries(t.fields.map((f) => [f.name, values[f.name] ?? `${f.name.toUpperCase().slice(0, 6)}01`]));
    const record = { guid: '7D1E6A52-0B3C-4F8E-9A41-2C5B7E9D0F13', fields, returnStatus: '120', returnTime: '20260318102440123', returnInfo: '海关入库成功' };
    const xml = buildReceiptXml(t, '5B2C8D41-6E7F-4A90-8B1C-2D3E4F5A6B7C', [record]);
    expect(validateCebXml(t.schema, xml)).toEqual([]);
    expect(readReceiptXml(xml).returns).toEqual([record]);
  });

  it('every definition answered by a receipt has that receipt in the catalogue, keyed alike', () => {
    for (const def of billDefinitions) {
      const receipt = def.message?.receipt;
      if (!receipt) continue;
      const t = findReceiptType(receipt.type);
      expect(t, receipt.type).toBeDefined();
      expect(t!.root).toBe(receipt.root);
      expect(t!.element).toBe(receipt.element);
      expect(t!.answers).toBe(def.message!.type);
      expect(t!.schema).toBe(def.message!.schema);
      expect([...t!.keys]).toEqual([...receipt.keys]);
    }
  });
});
