import { describe, expect, it } from 'vitest';
import { rewardText } from '../texts/rewards.ts';
import { checkImportRows, MAIN_BILL_NO, normalizeBillNo } from './bill-import.ts';

describe('reward bill-number import rows', () => {
  it('takes main waybill numbers with or without the hyphen, refuses sub-waybill suffixes', () => {
    expect(normalizeBillNo(' 78412345675 ')).toBe('784-12345675');
    expect(MAIN_BILL_NO.test('784-12345675')).toBe(true);
    expect(MAIN_BILL_NO.test('784-12345675-001')).toBe(false);
    expect(MAIN_BILL_NO.test('784-12345675_1')).toBe(false);
    expect(MAIN_BILL_NO.test('78412345')).toBe(false);
  });
  it('answers bills, or the first problems with the row number', () => {
    const ok = checkImportRows([{ rowNo: 2, cells: ['784-12345675', '付款', '收款', '2026-11-20 10:00', 'ca1234', '2026-11-20', 12.5] }]);
    expect(ok.problems).toEqual([]);
    expect(ok.bills[0]).toMatchObject({ billNo: '784-12345675', flightNo: 'CA1234', grossWeight: 12.5, rowNo: 2 });
    const bad = checkImportRows([
      { rowNo: 2, cells: ['784-12345675-001'] },
      { rowNo: 3, cells: ['784-12345675'] },
      { rowNo: 4, cells: ['78412345675'] },
      { rowNo: 5, cells: ['784-00000001', null, null, null, null, '2026/11/20'] },
      { rowNo: 6, cells: ['784-00000002', null, null, null, null, null, '-1'] },
    ]);
    expect(bad.problems).toEqual([
      rewardText.badBillNo(2, '784-12345675-001'),
      rewardText.duplicateBillNo(4, '78412345675'),
      rewardText.badCell(5, '航班日期'),
      rewardText.badCell(6, '毛重'),
    ]);
  });
});
