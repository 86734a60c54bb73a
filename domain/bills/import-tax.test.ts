import { describe, expect, it } from 'vitest';
import { estimateImportTax, ratesOf } from './import-tax.ts';
import { moneyText, sameDecimal, sumUnits, toUnits, unitsText } from './decimal.ts';

describe('decimals', () => {
  it('adds and compares exactly, as customs counts N19,5', () => {
    expect(unitsText(sumUnits(['0.1', 0.2])!)).toBe('0.3');
    expect(sameDecimal('100.50', 100.5)).toBe(true);
    expect(sameDecimal('100.5', '100.51')).toBe(false);
    expect(sameDecimal('张三', '张三')).toBe(true);
    expect(toUnits('abc')).toBeUndefined();
    expect(moneyText(toUnits('12.345')!)).toBe('12.35');
    expect(moneyText(toUnits('-12.345')!)).toBe('-12.35');
  });
});

describe('the retail import tax estimate (duty 0 %, VAT and excise at 70 %)', () => {
  it('takes the statutory rates by tariff code, longest prefix first', () => {
    expect(ratesOf('3304990099')).toEqual({ vat: 1300, excise: 1500 });
    expect(ratesOf('0401200000')).toEqual({ vat: 900, excise: 0 });
    expect(ratesOf('8517130000')).toEqual({ vat: 1300, excise: 0 });
    expect(ratesOf(undefined)).toEqual({ vat: 1300, excise: 0 });
  });

  it('taxes goods without excise at 13 % × 70 % = 9.1 %, with freight shared by value', () => {
    const e = estimateImportTax({ freight: 20, insuredFee: 0 }, [
      { gnum: 1, gcode: '2106909090', gname: '维生素片', totalPrice: 300 },
      { gnum: 2, gcode: '2106909090', gname: '鱼油', totalPrice: 100 },
    ]);
    expect(e.lines.map((l) => l.taxPrice)).toEqual(['315.00', '105.00']);
    expect(e.lines.map((l) => l.valueAddedTax)).toEqual(['28.67', '9.56']);
    expect(e.customsTax).toBe('0.00');
    expect(e.total).toBe('38.23');
    expect(e.overLimit).toBe(false);
  });

  it('adds excise on the grossed-up value: cosmetics 15 %', () => {
    const e = estimateImportTax({}, [{ gnum: 1, gcode: '3304990099', totalPrice: '100' }]);
    // 100 / 0.85 × 0.15 × 0.7 = 12.35; 100 / 0.85 × 0.13 × 0.7 = 10.71
    expect(e.lines[0]).toMatchObject({ consumptionTax: '12.35', valueAddedTax: '10.71', total: '23.06', vatRate: 13, exciseRate: 15 });
  });

  it('flags goods over the 5,000 CNY single-transaction limit', () => {
    expect(estimateImportTax({}, [{ totalPrice: 5000 }]).overLimit).toBe(false);
    expect(estimateImportTax({}, [{ totalPrice: 5000.01 }]).overLimit).toBe(true);
  });
});
