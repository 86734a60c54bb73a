/**
 * Import declaration messages (CEB311, 411, 511, 621, 623, 625, 711): golden files built from the
 * import definitions, validated by libxml2-wasm and by Debian's xmllint against the official
 * import schema, and the schema's refusals mapped back to the fields' Chinese labels.
 *
 * CEB621/623/625/711 must carry a ds:Signature (import XSD, minOccurs 1). The console builds every
 * message unsigned and signs it afterwards, so for those four the unsigned message must fail the
 * schema on exactly that one point, and the same message with a Signature of the schema's shape in
 * the signer's place (last under the root) must pass both validators.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importBillCancellation } from '../../domain/bills/import-bill-cancellation.ts';
import { importDetailedList } from '../../domain/bills/import-detailed-list.ts';
import { importOrder } from '../../domain/bills/import-order.ts';
import { importPayment } from '../../domain/bills/import-payment.ts';
import { importReturnApplicationForm } from '../../domain/bills/import-return-application-form.ts';
import { importWarehousingDetails } from '../../domain/bills/import-warehousing-details.ts';
import { importWaybill } from '../../domain/bills/import-waybill.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { awaitsSignature } from '../../server/customs/xml/build.ts';
import {
  importCancelBill, importDeliveryBill, importGuids, importInventoryBill, importOrderBill, importPaymentBill,
  importRefundBill, importWaybillBill,
} from './fixtures-import.ts';
import { refusal, withSignatureShape, xmllintFor } from './checks.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

const xmllint = xmllintFor('ceb-import.xsd');

// Top-level: describe.each below builds its messages while the file is collected.
await initCustomsSchemas();


type Bill = { head: Record<string, unknown>; lines: Record<string, unknown>[] };

/** [type, definition, fixture, guid, the schema requires a Signature] */
const cases: [string, BillDefinition, () => Bill, string, boolean][] = [
  ['CEB311', importOrder, () => importOrderBill(), importGuids.order, false],
  ['CEB411', importPayment, () => importPaymentBill(), importGuids.payment, false],
  ['CEB511', importWaybill, () => importWaybillBill(), importGuids.waybill, false],
  ['CEB621', importDetailedList, () => importInventoryBill(), importGuids.inventory, true],
  ['CEB623', importBillCancellation, () => importCancelBill(), importGuids.cancel, true],
  ['CEB625', importReturnApplicationForm, () => importRefundBill(), importGuids.refund, true],
  ['CEB711', importWarehousingDetails, () => importDeliveryBill(), importGuids.delivery, true],
];

describe.each(cases)('%s golden message', (type, def, bill, guid, signed) => {
  const { head, lines } = bill();
  const declaration = buildDeclaration(def, head, lines, { appStatus: '2', guid });
  const root = def.message!.root;

  it('matches the reviewed golden file', () => {
    expect(def.message!.schema).toBe('import');
    expect(declaration.messageType).toBe(type);
    expect(declaration.guid).toBe(guid);
    expect(declaration.xml).toBe(readFileSync(join(here, 'golden', `${type}.xml`), 'utf8'));
  });

  if (signed) {
    it('fails the schema unsigned only for its missing ds:Signature, and passes both validators once it has one', () => {
      const problems = validateCebXml('import', declaration.xml);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toContain('{http://www.w3.org/2000/09/xmldsig#}Signature');
      expect(awaitsSignature(problems[0]!)).toBe(true);
      const unsigned = xmllint(declaration.xml);
      expect(unsigned.ok).toBe(false);
      expect(unsigned.output).toMatch(new RegExp(`Element '\\{http://www.chinaport.gov.cn/ceb\\}${root}': Missing child element\\(s\\)\\. Expected is one of \\([^)]*xmldsig#\\}Signature \\)`));
      expect(unsigned.output.match(/Schemas validity error/g)).toHaveLength(1);

      const complete = withSignatureShape(declaration.xml, root);
      expect(validateCebXml('import', complete)).toEqual([]);
      const lint = xmllint(complete);
      expect(lint.output).toContain('validates');
      expect(lint.ok).toBe(true);
    });
  } else {
    it('is valid for libxml2-wasm and for xmllint as built', () => {
      expect(validateCebXml('import', declaration.xml)).toEqual([]);
      const lint = xmllint(declaration.xml);
      expect(lint.output).toContain('validates');
      expect(lint.ok).toBe(true);
    });
  }

  it('puts the system elements first and BaseTransfer last, as the import schema orders them', () => {
    const head = def.message!.head ?? def.message!.body;
    const opening = new RegExp(`<ceb:${head}>\\s*<ceb:guid>${guid}</ceb:guid>\\s*<ceb:appType>1</ceb:appType>\\s*<ceb:appTime>\\d{14}</ceb:appTime>\\s*<ceb:appStatus>2</ceb:appStatus>`);
    expect(declaration.xml).toMatch(opening);
    expect(declaration.xml).toMatch(new RegExp(`</ceb:${def.message!.body}>\\s*<ceb:BaseTransfer>[\\s\\S]*</ceb:BaseTransfer>\\s*</ceb:${root}>$`));
    expect(declaration.xml.match(new RegExp(`<ceb:${def.message!.body}>`, 'g'))).toHaveLength(1);
  });
});

describe('import values', () => {
  it('writes the spec-spelt fields under the schema\'s element names', () => {
    const xml = buildDeclaration(importOrder, importOrderBill().head, importOrderBill().lines, { appStatus: '2' }).xml;
    expect(xml).toContain('<ceb:buyerIdType>1</ceb:buyerIdType>');
    expect(xml).toContain('<ceb:buyerIdNumber>330203199004123218</ceb:buyerIdNumber>');
    expect(xml).toContain('<ceb:consigneeDistrict>330203</ceb:consigneeDistrict>');
    expect(xml).not.toMatch(/buyerid|Ditrict/);
  });

  it('leaves out what CEB511 has no element for and customs-issued numbers not yet issued', () => {
    const waybill = buildDeclaration(importWaybill, importWaybillBill().head, [], { appStatus: '2' }).xml;
    expect(waybill).not.toContain('ebcTelephone');
    expect(waybill).not.toContain('<ceb:ebcCode>');
    const inventory = buildDeclaration(importDetailedList, importInventoryBill().head, importInventoryBill().lines, { appStatus: '2' }).xml;
    expect(inventory).not.toContain('<ceb:preNo>');
    expect(inventory).not.toContain('<ceb:invtNo>');
  });

  it('writes the customs-issued numbers once the bill has them (preNo, rkdNo)', () => {
    const { head, lines } = importDeliveryBill({ preNo: 'R31092026000000018', rdkNo: '310920260000000077' });
    const xml = buildDeclaration(importWarehousingDetails, head, lines, { appStatus: '2' }).xml;
    expect(xml).toMatch(/<ceb:copNo>YXD2603180001<\/ceb:copNo>\s*<ceb:preNo>R31092026000000018<\/ceb:preNo>\s*<ceb:rkdNo>310920260000000077<\/ceb:rkdNo>\s*<ceb:operatorCode>/);
  });
});

describe('a missing signature is the only thing forgiven', () => {
  const sig = '{http://www.w3.org/2000/09/xmldsig#}Signature';
  it('recognises the root asking for the Signature, alone or among the optional children', () => {
    expect(awaitsSignature({ xpath: '/ceb:CEB621Message', message: `Element '{http://www.chinaport.gov.cn/ceb}CEB621Message': Missing child element(s). Expected is ( ${sig} ).` })).toBe(true);
    expect(awaitsSignature({ xpath: '/ceb:CEB711Message', message: `Element '{http://www.chinaport.gov.cn/ceb}CEB711Message': Missing child element(s). Expected is one of ( {http://www.chinaport.gov.cn/ceb}BaseSubscribe, {http://www.chinaport.gov.cn/ceb}ExtendMessage, ${sig} ).` })).toBe(true);
  });

  it('does not forgive another missing root child or anything below the root', () => {
    expect(awaitsSignature({ xpath: '/ceb:CEB621Message', message: "Element '{http://www.chinaport.gov.cn/ceb}CEB621Message': Missing child element(s). Expected is ( {http://www.chinaport.gov.cn/ceb}BaseTransfer )." })).toBe(false);
    expect(awaitsSignature({ xpath: '/ceb:CEB623Message/ceb:InvtCancel', message: "Element '{http://www.chinaport.gov.cn/ceb}InvtCancel': Missing child element(s). Expected is ( {http://www.chinaport.gov.cn/ceb}reason )." })).toBe(false);
    expect(awaitsSignature({ xpath: '/ceb:CEB621Message/ceb:Inventory/ceb:InventoryHead/ceb:copNo', message: "Element '{http://www.chinaport.gov.cn/ceb}copNo': [facet 'maxLength'] The value has a length of '21'; this exceeds the allowed maximum length of '20'." })).toBe(false);
  });
});

describe('import refusals name the field in Chinese', () => {
  it('CEB311: a blank buyer id number, mapped back to the spec-spelt field', () => {
    const { head, lines } = importOrderBill({ buyeridNumber: null });
    const r = refusal(() => buildDeclaration(importOrder, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'buyeridNumber', message: '订购人证件号码不能为空' }]);
    expect(r.message).toBe('报文校验失败：订购人证件号码不能为空');
  });

  it('CEB411: an over-long payment transaction number', () => {
    const { head } = importPaymentBill({ payTransactionId: 'LL'.padEnd(61, '7') });
    const r = refusal(() => buildDeclaration(importPayment, head, [], { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'payTransactionId', message: '支付交易编号长度不能超过60个字符' }]);
  });

  it('CEB511: a missing gross weight', () => {
    const { head } = importWaybillBill({ weight: '' });
    const r = refusal(() => buildDeclaration(importWaybill, head, [], { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'weight', message: '毛重（千克）不能为空' }]);
  });

  it('CEB621: a line commodity code that is not 10 characters, the signature not held against it', () => {
    const { head, lines } = importInventoryBill();
    lines[1] = { ...lines[1], gcode: '33049900' };
    const r = refusal(() => buildDeclaration(importDetailedList, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'lines.1.gcode', message: '第2行：商品编码长度必须为10个字符' }]);
  });

  it('CEB623: a cancellation without its reason', () => {
    const { head } = importCancelBill({ reason: '  ' });
    const r = refusal(() => buildDeclaration(importBillCancellation, head, [], { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'reason', message: '撤单原因不能为空' }]);
  });

  it('CEB625: a customs office code of the wrong length', () => {
    const { head, lines } = importRefundBill({ customsCode: '31090' });
    const r = refusal(() => buildDeclaration(importReturnApplicationForm, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'customsCode', message: '申报地海关代码长度必须为4个字符' }]);
  });

  it('CEB711: a parcel line without its waybill number', () => {
    const { head, lines } = importDeliveryBill();
    lines[1] = { ...lines[1], logisticsNo: null };
    const r = refusal(() => buildDeclaration(importWarehousingDetails, head, lines, { appStatus: '2' }));
    expect(r.errors).toEqual([{ field: 'lines.1.logisticsNo', message: '第2行：物流运单编号不能为空' }]);
  });
});
