/**
 * Reading receipts: the official export sample receipts (CEB304/404/506, copied to ./samples),
 * the spellings customs uses (prefix or default namespace, BOM, GBK), and hostile documents
 * (DTDs, entity bombs, malformed XML) refused quickly with a clear reason.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType, receiptTypes } from '../../server/customs/receipts/catalogue.ts';
import { businessKeyOf } from '../../server/customs/receipts/ingest.ts';
import { normaliseReturnTime, readReceiptXml } from '../../server/customs/receipts/read.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { XmlReadError } from '../../server/customs/xml/read.ts';
import { billDefinitions } from '../../domain/bills/index.ts';

const sample = (name: string) => readFileSync(fileURLToPath(new URL(`./samples/${name}`, import.meta.url)));

describe('official export sample receipts', () => {
  it.each([
    ['CEB304Message.xml', 'CEB304', { ebpCode: '1105910159', ebcCode: '1105910159', orderNo: 'order2018050711340001' }],
    ['CEB404Message.xml', 'CEB404', { ebcCode: '1105910159', orderNo: 'order2018050711340001', payNo: 'P20180507001' }],
    ['CEB506Message.xml', 'CEB506', { logisticsCode: '1105910159', logisticsNo: 'L2018050700001' }],
  ])('%s reads as %s', (file, type, fields) => {
    const bytes = sample(file);
    const receipt = readReceiptXml(bytes);
    expect(receipt.type.type).toBe(type);
    expect(receipt.guid).toBe('311af125-6fed-4603-8c5d-49b1fa4b4b9b');
    expect(receipt.returns).toHaveLength(10);
    for (const r of receipt.returns) {
      expect(r.fields).toEqual(fields);
      expect(r.returnStatus).toBe('2');
      expect(r.returnTime).toBe('20180507153001001');
      expect(r.returnInfo).toBe('新增申报成功[4CDE1CFD-EDED-46B1-946C-B8022E42FC94]');
      expect(r.guid).toMatch(/^[0-9A-F-]{36}$/);
    }
    // the ten identical elements are one receipt: one business key
    expect(new Set(receipt.returns.map((r) => `${r.guid}/${businessKeyOf(receipt.type, r)}`)).size).toBe(1);
    // as text too, and with the BOM some of them carry
    expect(readReceiptXml(bytes.toString('utf8')).returns).toHaveLength(10);
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
  });

  it('accepts a root spelt without "Message" and a 14-digit time', () => {
    expect(findReceiptType('CEB304')?.root).toBe('CEB304Message');
    expect(normaliseReturnTime('20260318102440')).toBe('20260318102440000');
    expect(normaliseReturnTime('2026-03-18')).toBeUndefined();
  });

  it('refuses what it cannot use, saying why', () => {
    const wrap = (body: string, root = 'CEB304Message') => `<${root} guid="1" version="1.0">${body}</${root}>`;
    expect(() => readReceiptXml('')).toThrow('回执报文为空');
    expect(() => readReceiptXml(wrap(orderReturn(), 'CEB999Message'))).toThrow('无法识别的回执报文类型：CEB999Message');
    expect(() => readReceiptXml(wrap(''))).toThrow('回执报文中没有 OrderReturn 数据');
    expect(() => readReceiptXml(wrap(orderReturn().repeat(101)))).toThrow('回执报文包含101条回执，最多100条');
    expect(() => readReceiptXml(wrap(orderReturn().replace(/<returnStatus>.*<\/returnStatus>/, '')))).toThrow('第1条回执缺少 returnStatus');
    expect(() => readReceiptXml(wrap(orderReturn().replace('20260318102440123', 'yesterday')))).toThrow('回执时间格式不正确');
    expect(() => readReceiptXml('<CEB304Message><OrderReturn></CEB304Message>')).toThrow(/不是合法的 XML/);
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
    expect(() => readReceiptXml(laughs)).toThrow('回执报文不允许包含 DOCTYPE 或 ENTITY 声明');
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
});

describe('receipt documents the simulator writes', () => {
  it.each(receiptTypes.map((t) => [t.type, t] as const))('%s is valid for the export schema and reads back', async (_type, t) => {
    await initCustomsSchemas();
    const fields = Object.fromEntries(t.fields.map((f) => [f.name, `${f.name.toUpperCase().slice(0, 6)}01`]));
    const record = { guid: '7D1E6A52-0B3C-4F8E-9A41-2C5B7E9D0F13', fields, returnStatus: '120', returnTime: '20260318102440123', returnInfo: '海关入库成功' };
    const xml = buildReceiptXml(t, '5B2C8D41-6E7F-4A90-8B1C-2D3E4F5A6B7C', [record]);
    expect(validateCebXml('export', xml)).toEqual([]);
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
      expect([...t!.keys]).toEqual([...receipt.keys]);
    }
  });
});
