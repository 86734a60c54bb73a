// Which receipt statuses a bill can take: the 202205 lists plus what an earlier edition documents
// for the same receipt (120 on CEB506/508/510, 2018 edition); anything else is undocumented.
import { describe, expect, it } from 'vitest';
import { earlierEditionCodes, isDocumentedStatus, receiptState, statesFor } from './bill-states.ts';

describe('state dictionaries and editions', () => {
  it('takes 120 海关入库 on the export waybill, 运抵单 and 离境单 (2018 edition), in lifecycle order', () => {
    for (const [billType, receipt] of [['ExpuLogisticsState', 'CEB506'], ['ExpuDeliveryState', 'CEB508'], ['ExpuDepartureState', 'CEB510']] as const) {
      expect(earlierEditionCodes[receipt]).toEqual(['120']);
      const codes = statesFor('EXPU', billType)!.map((s) => s.state);
      expect(codes).toEqual(['DRAFT', 'DECLARING', 'SEND_FAILED', '1', '2', '3', '4', '100', '120', '399', 'ERROR']);
      expect(receiptState('EXPU', billType, '120')).toBe('120');
      expect(isDocumentedStatus(receipt, '120')).toBe(true);
    }
    // the 202205 lists stay as they are where no edition adds to them
    expect(statesFor('EXPU', 'ExpuCancelState')!.some((s) => s.state === '120')).toBe(false);
  });

  it('calls a status undocumented when no dictionary answered by that receipt holds it', () => {
    expect(isDocumentedStatus('CEB304', '18')).toBe(false);
    expect(isDocumentedStatus('CEB712', '18')).toBe(false);
    expect(isDocumentedStatus('CEB304', '120')).toBe(true);
    expect(isDocumentedStatus('CEB606', '120')).toBe(false);
    // negative codes are errors customs documents (申报异常)
    expect(isDocumentedStatus('CEB304', '-301010')).toBe(true);
    // receipts without a dictionary name their own codes
    expect(isDocumentedStatus('CEB816', '7')).toBe(true);
    expect(isDocumentedStatus('DxpRep', '3002')).toBe(true);
  });
});
