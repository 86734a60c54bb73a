/**
 * The 撤销申请 (CEB623) and 退货申请 (CEB625) the import inventory's 申请撤单 / 申请退货 make
 * (importDetailedList.derive): built from a released inventory through the definition's mapping,
 * checked as the server checks a made bill (validateBill for declaring), compared with reviewed
 * golden files and validated against the official import XSD by libxml2-wasm and Debian's xmllint
 * (with a Signature of the schema's shape where the signer puts the real one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importDetailedList } from '../../domain/bills/import-detailed-list.ts';
import { findBill } from '../../domain/bills/index.ts';
import { validateBill } from '../../domain/bills/validation.ts';
import { derivedHead, derivedLines } from '../../server/bills/derive/mapping.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { withSignatureShape, xmllintFor } from './checks.ts';
import { importGuids, importInventoryBill } from './fixtures-import.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const xmllint = xmllintFor('ceb-import.xsd');
await initCustomsSchemas();


/** The inventory customs released: it carries the invtNo customs issued. */
const released = importInventoryBill({ invtNo: '31092026I000012345', preNo: 'B20260318000000456' });
const source = { id: 1, head: released.head as never, lines: released.lines as never };
/** What the server adds to every bill it makes (withDefaults): the company's transfer block. */
const serverDefaults = {
  copCode: released.head.copCode, copName: released.head.copName, dxpMode: released.head.dxpMode, dxpId: released.head.dxpId, copNote: null,
};

const cases = [
  ['CEB623', 'cancel', '消费者在包裹派送前取消订单，申请撤销清单', importGuids.cancel, 'CD260325154008123001'],
  ['CEB625', 'refund', '护手霜外包装破损，消费者申请退货', importGuids.refund, 'TH260325154008123001'],
] as const;

describe.each(cases)('%s made by the import inventory\'s action', (type, key, reason, guid, ownNo) => {
  const word = importDetailedList.derive![key]!;
  const target = findBill('import', word.target)!;
  // the request's own 企业内部编号 as the server numbers it (newNumber: the import copNo's 20 characters)
  const head = { ...derivedHead(word, [source], { reason }, (prefix) => `${prefix}260325154008123001`), ...serverDefaults };
  const lines = derivedLines(word, [source], { reason }, target.lines?.sequenceField);
  const valid = validateBill(target, head, lines, 'declare');
  // appTime is the time of building (read-only on the bill): fixed here to keep the golden file stable
  const { xml } = buildDeclaration(target, { ...valid.head, appTime: '2026-03-25 15:40:08' }, valid.lines, { appStatus: '2', guid });

  it('is complete for declaring, with its own number, the inventory\'s numbers, parties, buyer and the reason', () => {
    expect(valid.errors).toEqual([]);
    expect(valid.head).toMatchObject({
      copNo: ownNo, invtNo: '31092026I000012345', orderNo: released.head.orderNo, logisticsNo: released.head.logisticsNo,
      ebpCode: released.head.ebpCode, buyerIdNumber: released.head.buyerIdNumber, agentCode: released.head.agentCode, reason,
    });
    // the inventory's own preNo is the e-port's number of the inventory, not of the request
    expect(valid.head.preNo ?? null).toBeNull();
  });

  it('matches the reviewed golden file', () => {
    expect(xml).toBe(readFileSync(join(here, 'golden', 'derived', `${type}.xml`), 'utf8'));
  });

  it('passes the official import schema (libxml2-wasm and xmllint) once signed', () => {
    const complete = withSignatureShape(xml, target.message!.root);
    expect(validateCebXml('import', complete)).toEqual([]);
    const lint = xmllint(complete);
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
  });
});

describe('CEB625 lines', () => {
  it('return every line of the inventory under its own item number', () => {
    const word = importDetailedList.derive!.refund!;
    const lines = derivedLines(word, [source], {}, undefined);
    expect(lines).toEqual(released.lines.map((l) => ({ gnum: l.gnum, gcode: l.gcode, gname: l.gname, qty: l.qty, unit: l.unit })));
  });
});
