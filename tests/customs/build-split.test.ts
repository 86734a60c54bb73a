/**
 * Large bills as several messages (definition.message.split; CEB507 运抵单, 509 离境单, 607 清单总分单,
 * 701 汇总申请 carry msgCount 报文总数 / msgSeqNo 报文序号): the lines shared out in order, every part
 * with the whole head, its own guid, msgCount k and msgSeqNo 1..k, each valid for libxml2-wasm and
 * xmllint; reviewed golden files of a three-part message per type (the limit lowered to 2 lines so
 * the files stay readable); field errors naming the bill's own line; a bill that fits is one message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportBillOfLading } from '../../domain/bills/export-bill-of-lading.ts';
import { exportDepartureForm } from '../../domain/bills/export-departure-form.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportSummaryApplicationForm } from '../../domain/bills/export-summary-application-form.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import { buildDeclaration, type Declaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { refusal, xmllintFor } from './checks.ts';
import { arrivalNoteBill, billOfLadingBill, departureFormBill, exportGuids, summaryApplicationFormBill } from './fixtures-export.ts';
import { exportOrderBill, fixedGuids } from './fixtures.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const xmllint = xmllintFor('ceb-export.xsd');

await initCustomsSchemas();

type Line = Record<string, unknown>;
type Bill = { head: Record<string, unknown>; lines: Line[] };

interface Case {
  type: string;
  def: BillDefinition;
  bill: () => Bill;
  guid: string;
  /** line n (1-based) of a large bill: the fixture's first line with its own numbers */
  line: (template: Line, n: number) => Line;
}

const serial = (n: number, width: number) => String(n).padStart(width, '0');
const parcel = (n: number) => `YT2603181${serial(n, 9)}`;
const inventory = (n: number) => `31182026E${serial(n, 9)}`;

const cases: Case[] = [
  { type: 'CEB507', def: exportArrivalNote, bill: arrivalNoteBill, guid: exportGuids.arrival, line: (t, n) => ({ ...t, gnum: n, logisticsNo: parcel(n) }) },
  { type: 'CEB509', def: exportDepartureForm, bill: departureFormBill, guid: exportGuids.departure, line: (t, n) => ({ ...t, gnum: n, logisticsNo: parcel(n) }) },
  { type: 'CEB607', def: exportBillOfLading, bill: billOfLadingBill, guid: exportGuids.wayBill, line: (t, n) => ({ ...t, gnum: n, logisticsNo: parcel(n), invtNo: inventory(n) }) },
  { type: 'CEB701', def: exportSummaryApplicationForm, bill: summaryApplicationFormBill, guid: exportGuids.summary, line: (t, n) => ({ ...t, gnum: n, invtNo: inventory(n), logisticsNo: parcel(n) }) },
];

/** The fixture with `count` lines. */
function large(c: Case, count: number): Bill {
  const { head, lines } = c.bill();
  return { head, lines: Array.from({ length: count }, (_, i) => c.line(lines[0]!, i + 1)) };
}

/** The same definition with another per-message limit. */
function limited(def: BillDefinition, linesPerMessage: number): BillDefinition {
  const message = def.message!;
  return { ...def, message: { ...message, split: { ...message.split!, linesPerMessage } } };
}

const text = (xml: string, element: string): string[] => [...xml.matchAll(new RegExp(`<ceb:${element}>([^<]*)</ceb:${element}>`, 'g'))].map((m) => m[1]!);

function expectValid(xml: string, label: string) {
  expect(validateCebXml('export', xml), label).toEqual([]);
  const lint = xmllint(xml);
  expect(lint.output, label).toContain('validates');
  expect(lint.ok, label).toBe(true);
}

/** Part guids 2..k are new each time: fixed ones in their place keep the golden files stable. */
const goldenGuids = ['7A3C0E51-94B2-4F68-8D1E-2B5F6C9A0D34', 'D0E8B6A4-1C3F-4E57-9A2B-85F4C7D3E196'];
function stable(declaration: Declaration): string[] {
  return declaration.parts.map((part, i) => (i === 0 ? part.xml : part.xml.replaceAll(part.guid, goldenGuids[i - 1]!)));
}

describe('the split word', () => {
  it('is on the four definitions whose head carries msgCount and msgSeqNo, limited to 1,000 lines', () => {
    for (const c of cases) {
      expect(c.def.message?.split, c.type).toEqual({ linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' });
      const names = c.def.head.map((f) => f.name);
      expect(names, c.type).toContain('msgCount');
      expect(names, c.type).toContain('msgSeqNo');
    }
  });
});

describe.each(cases)('$type split into messages', (c) => {
  it('matches the reviewed golden files: 5 lines at 2 a message are 3 messages of 2, 2 and 1 lines', () => {
    const { head, lines } = large(c, 5);
    const declaration = buildDeclaration(limited(c.def, 2), head, lines, { appStatus: '2', guid: c.guid });
    expect(declaration.parts).toHaveLength(3);
    expect(declaration.guid).toBe(c.guid);
    expect(declaration.xml).toBe(declaration.parts[0]!.xml);
    stable(declaration).forEach((xml, i) => {
      expect(xml).toBe(readFileSync(join(here, 'golden', 'split', `${c.type}-${i + 1}.xml`), 'utf8'));
      expectValid(xml, `${c.type} part ${i + 1}`);
    });
  });

  it('at the real limit: 2,001 lines are 3 messages of 1,000, 1,000 and 1 lines, numbered 1..3 of 3, each valid', () => {
    const { head, lines } = large(c, 2001);
    const declaration = buildDeclaration(c.def, head, lines, { appStatus: '2', guid: c.guid });
    const { parts } = declaration;
    expect(parts).toHaveLength(3);
    const line = c.def.message!.line!;
    expect(parts.map((p) => p.xml.split(`<ceb:${line}>`).length - 1)).toEqual([1000, 1000, 1]);
    // the bill's lines in order, none lost or repeated
    const key = c.type === 'CEB701' ? 'invtNo' : 'logisticsNo';
    expect(parts.flatMap((p) => text(p.xml, key).filter((v) => v !== head[key]))).toEqual(lines.map((l) => l[key]));
    parts.forEach((part, i) => {
      expect(text(part.xml, 'msgCount'), `part ${i + 1}`).toEqual(['3']);
      expect(text(part.xml, 'msgSeqNo'), `part ${i + 1}`).toEqual([String(i + 1)]);
      // the root's and the head's guid are the part's own
      expect(part.guid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
      expect(part.xml).toMatch(new RegExp(`<ceb:${c.def.message!.root} [^>]*guid="${part.guid}"`));
      expect(text(part.xml, 'guid')).toEqual([part.guid]);
      // the whole head in every part
      expect(text(part.xml, 'copNo')).toEqual([String(head.copNo)]);
      expectValid(part.xml, `part ${i + 1}`);
    });
    expect(new Set(parts.map((p) => p.guid)).size).toBe(3);
    expect(parts[0]!.guid).toBe(c.guid);
    if (c.type !== 'CEB701') expect(text(parts[1]!.xml, 'gnum')[0]).toBe('1001');
  });

  it('a bill that fits is one message numbered 1 of 1, whatever the bill held', () => {
    const { head, lines } = large(c, 1000);
    const declaration = buildDeclaration(c.def, { ...head, msgCount: 7, msgSeqNo: 4 }, lines, { appStatus: '2' });
    expect(declaration.parts).toHaveLength(1);
    expect(text(declaration.xml, 'msgCount')).toEqual(['1']);
    expect(text(declaration.xml, 'msgSeqNo')).toEqual(['1']);
  });

  it('a line the schema refuses in a later message is named by its line in the bill', () => {
    const { head, lines } = large(c, 2500);
    lines[1700] = { ...lines[1700], invtNo: 'X'.repeat(21), logisticsNo: 'X'.repeat(33) };
    const field = c.type === 'CEB701' ? 'invtNo' : 'logisticsNo';
    const label = c.def.lines!.fields.find((f) => f.name === field)!.label;
    const r = refusal(() => buildDeclaration(c.def, head, lines, { appStatus: '2' }));
    expect(r.errors).toContainEqual({ field: `lines.1700.${field}`, message: expect.stringMatching(new RegExp(`^第1701行.*${label}`)) });
  });

  it('a head problem refused in every message is told once', () => {
    const { head, lines } = large(c, 2500);
    const r = refusal(() => buildDeclaration(c.def, { ...head, copNo: 'C'.repeat(31) }, lines, { appStatus: '2' }));
    expect(r.errors.filter((e) => e.field === 'copNo')).toHaveLength(1);
  });
});

describe('an arrival note without lines', () => {
  it('is one message (the schema lets ArrivalList be empty)', () => {
    const { head } = arrivalNoteBill();
    const declaration = buildDeclaration(exportArrivalNote, head, [], { appStatus: '2' });
    expect(declaration.parts).toHaveLength(1);
    expectValid(declaration.xml, 'CEB507 without lines');
  });
});

describe('a definition without the split word', () => {
  it('sends every line in one message, as before', () => {
    const { head, lines } = exportOrderBill();
    const declaration = buildDeclaration(exportOrder, head, lines, { appStatus: '2', guid: fixedGuids.order });
    expect(declaration.parts).toEqual([{ guid: fixedGuids.order, xml: declaration.xml }]);
  });
});
