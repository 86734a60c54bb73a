import { describe, expect, it } from 'vitest';
import { statisticsText as t } from '../texts/statistics.ts';
import { companyTypeOf, filterProblem, parseBusinessMode, statisticsTerms } from './query.ts';

describe('statistics query', () => {
  it('needs both dates and a business mode, and at most 31968e6 ms', () => {
    expect(filterProblem({ endDate: '2026-01-01', businessMode: 'E,ALL' })).toBe(t.datesRequired);
    expect(filterProblem({ startDate: '2026-01-01', endDate: '2026-01-02' })).toBe(t.modeRequired);
    expect(filterProblem({ startDate: '2026-01-02', endDate: '2026-01-01', businessMode: 'E,ALL' })).toBe(t.startAfterEnd);
    // 370 days exactly is 31968e6 ms: allowed; one second more is not
    expect(filterProblem({ startDate: '2025-01-01 00:00:00', endDate: '2026-01-06 00:00:00', businessMode: 'E,ALL' })).toBeNull();
    expect(filterProblem({ startDate: '2025-01-01 00:00:00', endDate: '2026-01-06 00:00:01', businessMode: 'E,ALL' })).toBe(t.rangeTooLong);
  });
  it('uses area_code for import modes and iac_code otherwise on the third tab', () => {
    expect(companyTypeOf('zone', 'I,1210')).toBe('area_code');
    expect(companyTypeOf('zone', 'E,1210')).toBe('iac_code');
    expect(companyTypeOf('ebp', 'I,1210')).toBe('ebp_code');
  });
  it('reads business modes and builds the §7 terms', () => {
    expect(parseBusinessMode('I,ALL')).toEqual({ mode: 'import', tradeMode: null });
    expect(parseBusinessMode('E,9610')).toEqual({ mode: 'export', tradeMode: '9610' });
    expect(parseBusinessMode('E,0110')).toBeNull();
    expect(statisticsTerms('zone', { startDate: '2026-01-01', endDate: '2026-02-01', businessMode: 'I,1210', customsCode: '3105' }).map((x) => [x.column, x.value]))
      .toEqual([['ieDate', ['2026-01-01', '2026-02-01']], ['tradeMode', 'I,1210'], ['customsCode', '3105'], ['companyType', 'area_code']]);
  });
});
