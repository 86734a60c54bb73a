import { describe, expect, it } from 'vitest';
import { addAmounts, formatAmount, parseAmount, remainingAmount, tooManyDecimals } from './amounts.ts';
import { checkedFlags, flagOf } from './spec-decl-flag.ts';

describe('verification amounts (§4: non-positive or empty → 0; remaining = available − applied, 5 decimals)', () => {
  it('parses what a person types', () => {
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('   ')).toBe(0);
    expect(parseAmount('-3')).toBe(0);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('abc')).toBe(0);
    expect(parseAmount(null)).toBe(0);
    expect(parseAmount('1,234.5')).toBe(1234.5);
    expect(parseAmount(' 12.123456 ')).toBe(12.12346);
    expect(parseAmount(7)).toBe(7);
  });
  it('computes the remaining amount exactly at 5 decimals', () => {
    expect(remainingAmount(0.3, 0.1)).toBe(0.2);
    expect(remainingAmount(1000, 999.99999)).toBe(0.00001);
    expect(remainingAmount(5, 0)).toBe(5);
    expect(addAmounts(0.1, 0.2)).toBe(0.3);
    expect(formatAmount(0.2)).toBe('0.20000');
    expect(formatAmount('12.5')).toBe('12.50000');
  });
  it('tells amounts with more than 5 decimals', () => {
    expect(tooManyDecimals('1.123456')).toBe(true);
    expect(tooManyDecimals('1.123450')).toBe(false);
    expect(tooManyDecimals(2)).toBe(false);
  });
  it('stores the seven specDeclFlag boxes as 0/1 characters', () => {
    expect(flagOf([0, 6])).toBe('1000001');
    expect(checkedFlags('0100010')).toEqual([1, 5]);
    expect(checkedFlags('bad')).toEqual([]);
  });
});
