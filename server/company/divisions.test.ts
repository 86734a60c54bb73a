import { describe, expect, it } from 'vitest';
import { buildDivisions, divisions, fullName, validChain } from './divisions.ts';

describe('administrative divisions', () => {
  it('reads the package: 31 provinces, GB/T 2260 six-digit codes, three levels', async () => {
    const table = await divisions();
    expect(table.provinces).toHaveLength(31);
    expect(table.byCode.get('330212')).toMatchObject({ name: '鄞州区', level: 3, parent: '330200' });
    expect([...table.byCode.keys()].every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(table.byCode.size).toBeGreaterThan(3300);
    expect(fullName(table, '330212')).toBe('浙江省宁波市鄞州区');
    expect(fullName(table, '110101')).toBe('北京市东城区');
  });

  it('accepts only a chain that ends at a leaf', () => {
    const t = buildDivisions(
      [{ code: '44', name: '广东省' }],
      [{ code: '4401', name: '广州市', provinceCode: '44' }, { code: '4419', name: '东莞市', provinceCode: '44' }],
      [{ code: '440106', name: '天河区', cityCode: '4401' }],
    );
    expect(validChain(t, '440000', '440100', '440106')).toBe(true);
    expect(validChain(t, '440000', '440100', '440100')).toBe(false); // not a leaf
    expect(validChain(t, '440000', '441900', '440106')).toBe(false); // wrong city
    expect(validChain(t, '110000', '440100', '440106')).toBe(false); // wrong province
    expect(validChain(t, '440000', '441900', '441900')).toBe(true); // a city without areas is its own area
    expect(validChain(t, '440000', null, null)).toBe(false);
  });
});
