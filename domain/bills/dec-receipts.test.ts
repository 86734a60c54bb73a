// The 报关单's status maps (dec-receipts.ts) land where the console can show them: every mapped code
// is a state of the 报关单's dictionary (that the lifecycle follows them: receipts/format.test.ts), and
// the definition's receipts are keyed by fields the bill has.
import { describe, expect, it } from 'vitest';
import { statesFor } from '../bill-states.ts';
import { DEC_IMPORT_REFUSED, decChannelCodes, decImportCodes } from './dec-receipts.ts';
import { exportDeclarationForm } from './export-declaration-form.ts';
import { messageReceiptsOf } from './message-receipts.ts';
import { receiptMatchKeys } from './receipt-keys.ts';

const states = new Set((statesFor('EXPU', 'ExpuDeclarationState') ?? []).map((s) => s.state));

describe('the 报关单 status maps', () => {
  it('map every CHANNEL letter onto a state of ExpuDeclarationState', () => {
    for (const [channel, code] of Object.entries(decChannelCodes)) expect(states.has(code), `${channel} → ${code}`).toBe(true);
    expect(decChannelCodes).toMatchObject({ 7: '3', L: '120', P: '800', R: '899', E: '100' });
  });

  it('take a 0 import as 申报中 and any other as 申报异常', () => {
    expect(decImportCodes).toEqual({ 0: '2' });
    expect(states.has('2')).toBe(true);
    // negative: 申报异常 (ERROR), as a CEB negative code
    expect(DEC_IMPORT_REFUSED).toMatch(/^-\d+$/);
    expect(states.has('ERROR')).toBe(true);
  });
});

describe('the 报关单 message words', () => {
  const message = exportDeclarationForm.message!;
  const names = new Set(exportDeclarationForm.head.map((f) => f.name));

  it('are answered by DEC_DATA and the import response, each keyed and issuing fields the bill has', () => {
    expect(messageReceiptsOf(message).map((r) => r.type)).toEqual(['DEC_DATA', 'DEC_IMPORT']);
    for (const r of messageReceiptsOf(message)) {
      for (const k of r.keys) expect(names.has(k), k).toBe(true);
      for (const f of r.format!.issues ?? []) expect(exportDeclarationForm.head.find((h) => h.name === f)?.readOnly, f).toBe(true);
      expect(r.type.length).toBeLessThanOrEqual(12);
    }
    expect(receiptMatchKeys(exportDeclarationForm)).toEqual(['seqNo', 'copNo']);
    expect(receiptMatchKeys(exportDeclarationForm, 'DEC_IMPORT')).toEqual(['copNo']);
  });

  it('put the 企业内部编号 in DecSign as ClientSeqNo and every other sent field under a PascalCase name', () => {
    const copNo = exportDeclarationForm.head.find((f) => f.name === 'copNo')!;
    expect(copNo).toMatchObject({ transfer: true, xml: 'ClientSeqNo' });
    for (const f of [...exportDeclarationForm.head, ...exportDeclarationForm.lines!.fields]) {
      if (f.xml === false) continue;
      expect(f.xml, f.name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    }
  });
});
