import { describe, expect, it } from 'vitest';
import { billDefinitions } from './index.ts';
import { fillsOf, issuedBillsOf } from './issued.ts';
import { importTaxbill } from './import-taxbill.ts';
import { exportListTotalScoreSheet } from './export-list-total-score-sheet.ts';

const tax = {
  fields: { invtNo: '31052026I000000001', taxNo: 'T1', customsTax: '0', valueAddedTax: '10.92', consumptionTax: '0', status: '1', returnTime: '20260320101500123', orderNo: 'FROM-MESSAGE' },
  lines: [{ gnum: '1', gcode: '2106909090', taxPrice: '120', customsTax: '0', valueAddedTax: '10.92', consumptionTax: '0' }],
  time: '20260320101500123',
};

describe('customs-issued messages filling bills (issuedBy customs)', () => {
  it('finds the definitions each message type fills', () => {
    expect(fillsOf(billDefinitions, 'CEB816').map((f) => f.def.key)).toEqual(['taxbill']);
    expect(fillsOf(billDefinitions, 'CEB792').map((f) => f.def.key).sort()).toEqual(['listTotalScoreSheet', 'summaryResultSheet']);
    expect(fillsOf(billDefinitions, 'CEB304')).toEqual([]);
  });

  it('maps a tax bill: sums, effective rates, the message time, the related inventory first', () => {
    const fill = importTaxbill.issued![0]!;
    const related = { head: { orderNo: 'SO1', buyerName: '陈思远' }, lines: new Map([[1, { gname: '鱼油', qty: 2, price: 60 }]]) };
    const [bill] = issuedBillsOf(importTaxbill, fill, tax, related);
    expect(bill!.identity).toEqual(['31052026I000000001', 'T1']);
    expect(bill!.state).toBe('1');
    expect(bill!.head).toMatchObject({ orderNo: 'SO1', buyerName: '陈思远', taxAmount: 10.92, vatAmount: 10.92, releaseTime: '2026-03-20 10:15:00' });
    expect(bill!.lines![0]).toMatchObject({ gnum: 1, gname: '鱼油', qty: 2, price: 60, vatRate: 9.1, exciseRate: 0, taxAmount: 10.92 });
    // without the inventory, the message's own orderNo; names it does not carry stay empty
    const [alone] = issuedBillsOf(importTaxbill, fill, tax);
    expect(alone!.head.orderNo).toBe('FROM-MESSAGE');
    expect(alone!.head.buyerName).toBeUndefined();
  });

  it('makes one bill per line when the mapping says so, and none without its identity', () => {
    const fill = exportListTotalScoreSheet.issued![0]!;
    const element = {
      fields: { sumNo: 'S1', declSeqNo: 'D1', decState: 'A', opDate: '20260320120000000' },
      lines: [{ invtNo: 'I1', logisticsNo: 'L1', gnum: '1', gcode: '1' }, { invtNo: 'I1', logisticsNo: 'L1', gnum: '2', gcode: '2' }, { invtNo: '', logisticsNo: 'L1', gnum: '3', gcode: '3' }],
      time: '20260320120000000',
    };
    const bills = issuedBillsOf(exportListTotalScoreSheet, fill, element);
    expect(bills.map((b) => b.identity)).toEqual([['S1', 'D1', 'I1', '1'], ['S1', 'D1', 'I1', '2']]);
    expect(bills[0]!.state).toBe('ISSUED');
    expect(bills[0]!.head).toMatchObject({ sumNo: 'S1', decState: 'A', opDate: '2026-03-20 12:00:00', gnum: 1 });
  });
});
