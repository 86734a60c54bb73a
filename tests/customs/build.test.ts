/**
 * Declaration messages: golden files for the three export definitions, validated by libxml2-wasm
 * (what the product uses) and by Debian's xmllint (an independent validator), value formats, and
 * the schema's refusals mapped back to the fields' Chinese labels.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportReceipt } from '../../domain/bills/export-receipt.ts';
import { exportWaybill } from '../../domain/bills/export-waybill.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { exportOrderBill, exportReceiptBill, exportWaybillBill, fixedGuids } from './fixtures.ts';
import { refusal, xmllintFor } from './checks.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

const xmllint = xmllintFor('ceb-export.xsd');

// Top-level: describe.each below builds its messages while the file is collected.
await initCustomsSchemas();

const cases: [string, BillDefinition, () => { head: Record<string, unknown>; lines: Record<string, unknown>[] }, string][] = [
  ['CEB303', exportOrder, () => exportOrderBill(), fixedGuids.order],
  ['CEB403', exportReceipt, () => exportReceiptBill(), fixedGuids.receipt],
  ['CEB505', exportWaybill, () => exportWaybillBill(), fixedGuids.waybill],
];

describe.each(cases)('%s golden message', (type, def, bill, guid) => {
  const { head, lines } = bill();
  const declaration = buildDeclaration(def, head, lines, { appStatus: '2', guid });

  it('matches the reviewed golden file', () => {
    expect(declaration.messageType).toBe(type);
    expect(declaration.guid).toBe(guid);
    expect(declaration.xml).toBe(readFileSync(join(here, 'golden', `${type}.xml`), 'utf8'));
  });

  it('is valid for libxml2-wasm and for xmllint', () => {
    expect(validateCebXml('export', declaration.xml)).toEqual([]);
    const lint = xmllint(declaration.xml);
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
  });

  it('puts the system elements first and BaseTransfer after the body, as the export schema orders them', () => {
    const body = def.message!.head ?? def.message!.body;
    const opening = new RegExp(`<ceb:${body}>\\s*<ceb:guid>${guid}</ceb:guid>\\s*<ceb:appType>1</ceb:appType>\\s*<ceb:appTime>\\d{14}</ceb:appTime>\\s*<ceb:appStatus>2</ceb:appStatus>`);
    expect(declaration.xml).toMatch(opening);
    expect(declaration.xml).toMatch(new RegExp(`</ceb:${def.message!.body}>\\s*<ceb:BaseTransfer>[\\s\\S]*</ceb:BaseTransfer>\\s*</ceb:${def.message!.root}>`));
    expect(declaration.xml).toContain(`<ceb:${def.message!.root} xmlns:ceb="http://www.chinaport.gov.cn/ceb" guid="${guid}" version="1.0">`);
  });
});

describe('values', () => {
  it('writes numbers without binary noise or exponent, rounded to the field scale', () => {
    const { head, lines } = exportOrderBill({ goodsValue: 0.1 + 0.2, freight: 10 });
    lines.splice(1);
    lines[0] = { ...lines[0], qty: 3, price: 0.1, totalPrice: 0.1 * 3 };
    const xml = buildDeclaration(exportOrder, head, lines, { appStatus: '2' }).xml;
    expect(xml).toContain('<ceb:goodsValue>0.3</ceb:goodsValue>');
    expect(xml).toContain('<ceb:freight>10</ceb:freight>');
    expect(xml).toContain('<ceb:totalPrice>0.3</ceb:totalPrice>');
    expect(xml).not.toMatch(/\d{6,}<\/ceb:(goodsValue|totalPrice)>/);
  });

  it('keeps a decimal string exact beyond double precision', () => {
    const { head, lines } = exportOrderBill({ goodsValue: '12345678912345.12345' });
    expect(buildDeclaration(exportOrder, head, lines, { appStatus: '2' }).xml).toContain('<ceb:goodsValue>12345678912345.12345</ceb:goodsValue>');
  });

  it('writes times as yyyyMMddHHmmss in China time and appStatus as asked', () => {
    const { head, lines } = exportOrderBill({ appTime: new Date('2026-03-18T02:24:36Z') });
    const xml = buildDeclaration(exportOrder, head, lines, { appStatus: '1' }).xml;
    expect(xml).toContain('<ceb:appTime>20260318102436</ceb:appTime>');
    expect(xml).toContain('<ceb:appStatus>1</ceb:appStatus>');
  });

  it('uses one upper-case guid for the root and the head', () => {
    const { head, lines } = exportOrderBill();
    const d = buildDeclaration(exportOrder, head, lines, { appStatus: '2' });
    expect(d.guid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    expect(d.xml).toContain(`guid="${d.guid}"`);
    expect(d.xml).toContain(`<ceb:guid>${d.guid}</ceb:guid>`);
  });

  it('omits empty optional elements and fields not sent to customs', () => {
    const { head, lines } = exportOrderBill({ note: '  ' });
    lines[1] = { ...lines[1], note: null };
    const xml = buildDeclaration(exportOrder, head, lines, { appStatus: '2' }).xml;
    expect(xml).not.toContain('<ceb:note>');
    expect(xml).not.toContain('<ceb:country>'); // line field with xml: false
    expect(xml).not.toContain('<ceb:copNote>');
  });

  it('escapes markup in text and writes the transfer note as BaseTransfer/note', () => {
    const { head, lines } = exportOrderBill({ ebpName: '跨境购 <B2C> & 自营', ebcName: `"优选" 供应链's`, copNote: '测试备注' });
    const xml = buildDeclaration(exportOrder, head, lines, { appStatus: '2' }).xml;
    expect(xml).toContain('<ceb:ebpName>跨境购 &lt;B2C&gt; &amp; 自营</ceb:ebpName>');
    expect(xml).toContain(`<ceb:ebcName>"优选" 供应链's</ceb:ebcName>`); // quotes need no escaping in text
    expect(xml).toMatch(/<ceb:dxpId>DXPENT0000458763<\/ceb:dxpId>\s*<ceb:note>测试备注<\/ceb:note>\s*<\/ceb:BaseTransfer>/);
  });

  it('counts lengths in characters, as the XSD does: 60 Chinese characters are a valid order number', () => {
    const { head, lines } = exportOrderBill({ orderNo: '订'.repeat(60) });
    expect(() => buildDeclaration(exportOrder, head, lines, { appStatus: '2' })).not.toThrow();
  });
});

describe('refusals name the field in Chinese', () => {
  it('an over-length head field', () => {
    const { head, lines } = exportOrderBill({ orderNo: 'YX'.padEnd(61, '0') });
    const r = refusal(() => buildDeclaration(exportOrder, head, lines, { appStatus: '2' }));
    expect(r.message).toBe('报文校验失败：订单编号长度不能超过60个字符');
    expect(r.errors).toEqual([{ field: 'orderNo', message: '订单编号长度不能超过60个字符' }]);
  });

  it('a missing required head element', () => {
    const { head, lines } = exportOrderBill({ ebpName: null });
    const r = refusal(() => buildDeclaration(exportOrder, head, lines, { appStatus: '2' }));
    expect(r.message).toBe('报文校验失败：电商平台名称不能为空');
    expect(r.errors).toEqual([{ field: 'ebpName', message: '电商平台名称不能为空' }]);
  });

  it('a missing element at the end of a flat body', () => {
    const { head, lines } = exportReceiptBill({ accountingDate: null });
    const r = refusal(() => buildDeclaration(exportReceipt, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'accountingDate', message: '到账时间不能为空' }]);
  });

  it('a line field, with its line number', () => {
    const { head, lines } = exportOrderBill();
    lines[1] = { ...lines[1], itemName: '围'.repeat(251) };
    const r = refusal(() => buildDeclaration(exportOrder, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'lines.1.itemName', message: '第2行：企业商品名称长度不能超过250个字符' }]);
  });

  it('a code of the wrong length and a missing line element together', () => {
    const { head, lines } = exportOrderBill();
    lines[0] = { ...lines[0], unit: '0140' };
    lines[1] = { ...lines[1], itemNo: '' };
    const r = refusal(() => buildDeclaration(exportOrder, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([
      { field: 'lines.0.unit', message: '第1行：计量单位长度必须为3个字符' },
      { field: 'lines.1.itemNo', message: '第2行：企业商品货号不能为空' },
    ]);
    expect(r.message).toBe('报文校验失败：第1行：计量单位长度必须为3个字符等2项问题');
  });

  it('a BaseTransfer field', () => {
    const { head, lines } = exportWaybillBill({ dxpId: '' });
    const r = refusal(() => buildDeclaration(exportWaybill, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'dxpId', message: '报文传输编号不能为空' }]);
  });

  it('too many decimals and a value that is not a number', () => {
    const { head, lines } = exportWaybillBill({ grossWeight: '1.123456', freight: 'abc' });
    const r = refusal(() => buildDeclaration(exportWaybill, head, lines, { appStatus: '2' }));
    expect(r.errors).toContainEqual({ field: 'freight', message: '运杂费必须是数字' });
  });

  it('a decimal past the schema scale is rounded, not refused', () => {
    const { head, lines } = exportWaybillBill({ grossWeight: 1.1234567 });
    expect(buildDeclaration(exportWaybill, head, lines, { appStatus: '2' }).xml).toContain('<ceb:grossWeight>1.12346</ceb:grossWeight>');
  });

  it('a control character no XML document can carry', () => {
    const { head, lines } = exportOrderBill({ ebcName: '宁波\u0001优选' });
    const r = refusal(() => buildDeclaration(exportOrder, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'ebcName', message: '电商企业名称含有不能写入报文的字符' }]);
  });
});

describe('validation cost', () => {
  it('stays around a millisecond a message once the schema is compiled', () => {
    const { head, lines } = exportOrderBill();
    const xml = buildDeclaration(exportOrder, head, lines, { appStatus: '2' }).xml;
    for (let i = 0; i < 20; i++) validateCebXml('export', xml); // warm-up
    const n = 200;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) validateCebXml('export', xml);
    const perMessage = (performance.now() - t0) / n;
    console.info(`XSD validation of a 2-line CEB303: ${perMessage.toFixed(3)} ms per message`);
    expect(perMessage).toBeLessThan(10);
  });
});
