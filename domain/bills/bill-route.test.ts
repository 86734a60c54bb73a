import { describe, expect, it } from 'vitest';
import { billRoute } from './bill-route.ts';

describe('bill addresses (bills §2)', () => {
  it('a registered bill is that bill; the import payment slip is `receipt`', () => {
    const r = billRoute('import', 'receipt');
    expect(r.kind === 'bill' && r.definition.label).toBe('支付单');
    expect(billRoute('export', 'receipt').kind).toBe('bill');
  });

  it('the old key leads to the new one', () => {
    expect(billRoute('import', 'payment')).toEqual({ kind: 'moved', key: 'receipt' });
  });

  it('every wrapper bills §2 lists is a bill in both modes or says it does not apply', () => {
    const wrappers = ['taxbill', 'summaryApplicationForm', 'waybill', 'arrivalNote', 'detailedList', 'receipt', 'summaryResultSheet',
      'departureForm', 'order', 'returnApplicationForm', 'warehousingDetails'];
    for (const mode of ['export', 'import'] as const) {
      for (const key of wrappers) expect(['bill', 'notApplicable'], `${mode}/${key}`).toContain(billRoute(mode, key).kind);
    }
    expect(billRoute('export', 'taxbill')).toEqual({ kind: 'notApplicable', mode: 'export' });
    expect(billRoute('import', 'arrivalNote')).toEqual({ kind: 'notApplicable', mode: 'import' });
    expect(billRoute('export', 'warehousingDetails')).toEqual({ kind: 'notApplicable', mode: 'export' });
  });

  it('anything else is unknown', () => {
    expect(billRoute('export', 'nothing').kind).toBe('unknown');
    expect(billRoute('other', 'order').kind).toBe('unknown');
    expect(billRoute('import', 'constructor').kind).toBe('unknown');
    expect(billRoute('export', 'payment').kind).toBe('unknown');
  });
});
