/**
 * The export declaration messages after order, receipt and waybill (CEB507, 509, 603, 605, 607,
 * 213, 215, 701): a reviewed golden file each, valid for libxml2-wasm and for Debian's xmllint,
 * every optional element the definition can write in the schema's order, and a refusal of each
 * mapped back to the field's Chinese label.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportBillCancellation } from '../../domain/bills/export-bill-cancellation.ts';
import { exportBillOfLading } from '../../domain/bills/export-bill-of-lading.ts';
import { exportDepartureForm } from '../../domain/bills/export-departure-form.ts';
import { exportDetailedList } from '../../domain/bills/export-detailed-list.ts';
import { exportReturnApplicationForm } from '../../domain/bills/export-return-application-form.ts';
import { exportSummaryApplicationForm } from '../../domain/bills/export-summary-application-form.ts';
import { exportTallying } from '../../domain/bills/export-tallying.ts';
import { findBill } from '../../domain/bills/index.ts';
import type { BillDefinition, FieldDef } from '../../domain/bills/types.ts';
import { validateBill } from '../../domain/bills/validation.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { bodyFields } from '../../server/customs/xml/build.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import {
  arrivalNoteBill, billCancellationBill, billOfLadingBill, departureFormBill, detailedListBill, exportGuids,
  returnApplicationFormBill, summaryApplicationFormBill, tallyingBill,
} from './fixtures-export.ts';
import { refusal, xmllintFor } from './checks.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

const xmllint = xmllintFor('ceb-export.xsd');

// Top-level: describe.each below builds its messages while the file is collected.
await initCustomsSchemas();

type Bill = { head: Record<string, unknown>; lines: Record<string, unknown>[] };

interface Case {
  type: string;
  def: BillDefinition;
  bill: (overrides?: Record<string, unknown>) => Bill;
  guid: string;
  /** realistic values for every optional head element the fixture leaves empty */
  optional: Record<string, unknown>;
}

const cases: Case[] = [
  { type: 'CEB507', def: exportArrivalNote, bill: arrivalNoteBill, guid: exportGuids.arrival, optional: { preNo: 'D20260318000012345', loctNo: '3118K' } },
  { type: 'CEB509', def: exportDepartureForm, bill: departureFormBill, guid: exportGuids.departure, optional: { preNo: 'L20260319000004567', note: '早班离境' } },
  {
    type: 'CEB603', def: exportDetailedList, bill: detailedListBill, guid: exportGuids.inventory,
    optional: {
      preNo: 'B20260318000123456', invtNo: '31182026E000001234', iacCode: '3302960K21', iacName: '宁波保税区仓储有限公司', emsNo: 'T3105W000123',
      trafName: 'B-30EF', voyageNo: 'CZ8461', billNo: '784-28173645', totalPackageNo: 'YTBAG20260318001', loctNo: '3118K', licenseNo: '26-AB-123456', note: '一般出口',
    },
  },
  { type: 'CEB605', def: exportBillCancellation, bill: billCancellationBill, guid: exportGuids.cancel, optional: { preNo: 'B20260318000123458', note: '已与买家确认' } },
  { type: 'CEB607', def: exportBillOfLading, bill: billOfLadingBill, guid: exportGuids.wayBill, optional: { preNo: 'Z20260318000000031', loctNo: '3118K', note: '两件一票' } },
  { type: 'CEB213', def: exportReturnApplicationForm, bill: returnApplicationFormBill, guid: exportGuids.refund, optional: { loctNo: '3118K', preNo: 'R20260402000000071', note: '原包装退回' } },
  { type: 'CEB215', def: exportTallying, bill: tallyingBill, guid: exportGuids.tally, optional: { preNo: 'T20260403000000012', note: '外箱轻微破损' } },
  {
    type: 'CEB701', def: exportSummaryApplicationForm, bill: summaryApplicationFormBill, guid: exportGuids.summary,
    optional: { preNo: 'H20260331000000009', sumNo: '311820260000000321', startTime: '2026-03-01 00:00:00', endTime: '2026-03-31 23:59:59', loctNo: '3118K', note: '三月汇总' },
  },
];

describe.each(cases)('$type golden message', ({ type, def, bill, guid }) => {
  const { head, lines } = bill();
  const declaration = buildDeclaration(def, head, lines, { appStatus: '2', guid });

  it('is the registered definition of its message type', () => {
    expect(findBill('export', def.key)).toBe(def);
    expect(def.message?.type).toBe(type);
  });

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

  it('opens the head with the system elements and ends with BaseTransfer', () => {
    const head = def.message!.head ?? def.message!.body;
    expect(declaration.xml).toMatch(new RegExp(`<ceb:${head}>\\s*<ceb:guid>${guid}</ceb:guid>\\s*<ceb:appType>1</ceb:appType>\\s*<ceb:appTime>\\d{14}</ceb:appTime>\\s*<ceb:appStatus>2</ceb:appStatus>`));
    expect(declaration.xml).toMatch(new RegExp(`</ceb:${def.message!.body}>\\s*<ceb:BaseTransfer>[\\s\\S]*</ceb:BaseTransfer>\\s*</ceb:${def.message!.root}>`));
  });
});

describe.each(cases)('$type with every optional element', ({ def, bill, optional }) => {
  it('writes each one, in the order the schema wants', () => {
    const { head, lines } = bill(optional);
    const xml = buildDeclaration(def, head, lines, { appStatus: '2' }).xml;
    for (const [name, value] of Object.entries(optional)) {
      const field = def.head.find((f) => f.name === name)!;
      const element = typeof field.xml === 'string' ? field.xml : name;
      const text = field.kind === 'datetime' ? String(value).replace(/[-: ]/g, '') : String(value);
      expect(xml, name).toContain(`<ceb:${element}>${text}</ceb:${element}>`);
    }
    expect(validateCebXml('export', xml)).toEqual([]);
  });
});

describe.each(cases)('$type: the form asks for what customs requires', ({ def, bill }) => {
  const declares = (b: Bill) => {
    try {
      buildDeclaration(def, b.head, b.lines, { appStatus: '2' });
      return true;
    } catch {
      return false;
    }
  };
  // A field the server fills when empty (default) or never takes from the user (readOnly) is
  // never blank when a bill is declared.
  const userFilled = (fields: readonly FieldDef[]) => bodyFields(fields).filter((f) => !f.readOnly && f.default === undefined);

  it('passes the form\'s own checks for declaring', () => {
    const { head, lines } = bill();
    expect(validateBill(def, head, lines, 'declare').errors).toEqual([]);
  });

  it('refuses a blank head field on the form exactly when the schema refuses it', () => {
    for (const f of userFilled(def.head)) {
      const blank = bill({ [f.name]: null });
      const formRefuses = validateBill(def, blank.head, blank.lines, 'declare').errors.some((e) => e.field === f.name);
      expect(formRefuses, f.name).toBe(!declares(blank));
    }
  });

  it('refuses a blank line field on the form exactly when the schema refuses it', () => {
    for (const f of userFilled(def.lines?.fields ?? [])) {
      const blank = bill();
      blank.lines[0] = { ...blank.lines[0], [f.name]: null };
      const formRefuses = validateBill(def, blank.head, blank.lines, 'declare').errors.some((e) => e.field === `lines.0.${f.name}`);
      // gnum numbers the lines when left out (the builder fills it), so only the form asks for it
      expect(formRefuses, f.name).toBe(f.name === 'gnum' || !declares(blank));
    }
  });
});

describe('what is not sent', () => {
  it('leaves out the fields CEB603 has no element for and writes the spec-named ones as the XSD spells them', () => {
    const { head, lines } = detailedListBill();
    const xml = buildDeclaration(exportDetailedList, head, lines, { appStatus: '2' }).xml;
    expect(xml).not.toContain('rmbGoodsValue');
    expect(xml).toContain('<ceb:POD>1382</ceb:POD>');
    expect(xml).toMatch(/<ceb:freight>35.5<\/ceb:freight>\s*<ceb:fCurrency>142<\/ceb:fCurrency>\s*<ceb:fFlag>3<\/ceb:fFlag>/);
    expect(xml).not.toMatch(/<ceb:(pod|fcurrency|fflag|icurrency|iflag)>/);
  });

  it('keeps the cancelled inventory\'s order and parcel out of CEB605', () => {
    const { head, lines } = billCancellationBill();
    const xml = buildDeclaration(exportBillCancellation, head, lines, { appStatus: '2' }).xml;
    expect(xml).not.toContain('YX20260318113005002');
    expect(xml).not.toContain('<ceb:logisticsNo>');
  });

  it('sends only invtNo for each inventory of a summary application', () => {
    const { head, lines } = summaryApplicationFormBill();
    const xml = buildDeclaration(exportSummaryApplicationForm, head, lines, { appStatus: '2' }).xml;
    const list = xml.match(/<ceb:SummaryApplyList>[\s\S]*?<\/ceb:SummaryApplyList>/g) ?? [];
    expect(list).toHaveLength(2);
    for (const item of list) expect(item.replace(/\s/g, '')).toMatch(/^<ceb:SummaryApplyList><ceb:invtNo>31182026E\d{9}<\/ceb:invtNo><\/ceb:SummaryApplyList>$/);
  });
});

describe('refusals name the field in Chinese', () => {
  const refused = (def: BillDefinition, bill: Bill) => refusal(() => buildDeclaration(def, bill.head, bill.lines, { appStatus: '2' }));

  it('CEB507: a missing head element', () => {
    const r = refused(exportArrivalNote, arrivalNoteBill({ operatorName: null }));
    expect(r.message).toBe('报文校验失败：监管场所经营人名称不能为空');
    expect(r.errors).toEqual([{ field: 'operatorName', message: '监管场所经营人名称不能为空' }]);
  });

  it('CEB509: the departure time', () => {
    const r = refused(exportDepartureForm, departureFormBill({ leaveTime: '' }));
    expect(r.errors).toEqual([{ field: 'leaveTime', message: '离境时间不能为空' }]);
  });

  it('CEB603: an element spelt otherwise than its field, and a line code of the wrong length', () => {
    const bill = detailedListBill({ pod: '13820' });
    bill.lines[0] = { ...bill.lines[0], gcode: '09021090' };
    const r = refused(exportDetailedList, bill);
    expect(r.errors).toEqual([
      { field: 'pod', message: '指运港代码长度不能超过4个字符' },
      { field: 'lines.0.gcode', message: '第1行：商品编码长度必须为10个字符' },
    ]);
  });

  it('CEB605: the reason in the middle of a flat body', () => {
    const r = refused(exportBillCancellation, billCancellationBill({ reason: '  ' }));
    expect(r.errors).toEqual([{ field: 'reason', message: '撤单原因不能为空' }]);
  });

  it('CEB607: a parcel number longer than customs takes, with its line', () => {
    const bill = billOfLadingBill();
    bill.lines[1] = { ...bill.lines[1], logisticsNo: 'YT'.padEnd(33, '0') };
    const r = refused(exportBillOfLading, bill);
    expect(r.errors).toEqual([{ field: 'lines.1.logisticsNo', message: '第2行：物流运单编号长度不能超过32个字符' }]);
  });

  it('CEB213: the country the goods come back from', () => {
    const r = refused(exportReturnApplicationForm, returnApplicationFormBill({ country: null }));
    expect(r.errors).toEqual([{ field: 'country', message: '起运国（地区）不能为空' }]);
  });

  it('CEB215: the 20 characters customs takes for coElNo', () => {
    const r = refused(exportTallying, tallyingBill({ coElNo: 'LH'.padEnd(21, '0') }));
    expect(r.errors).toEqual([{ field: 'coElNo', message: '企业内部编号长度不能超过20个字符' }]);
  });

  it('CEB701: the consignor summary flag', () => {
    const r = refused(exportSummaryApplicationForm, summaryApplicationFormBill({ summaryFlag: null }));
    expect(r.errors).toEqual([{ field: 'summaryFlag', message: '收发货人汇总标志不能为空' }]);
  });
});
