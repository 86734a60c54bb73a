/**
 * The statistics query (accounts-and-enterprise.md §2, §5, §7, §9): the three tabs and their company
 * terms, the business-mode options ("direction,code", ALL for all), the one-year range rule, and the
 * terms the page sends to /api/agent/counts/list. Shared by the page and the server.
 */
import { parseLocalDateTime, toChinaIso, type Term } from '../query.ts';
import { statisticsText } from '../texts/statistics.ts';

/** At most 31968e6 ms between the two dates (§5, §9: about 370 days). */
export const MAX_RANGE_MS = 31968e6;

export type StatisticsTab = 'ebc' | 'ebp' | 'zone';
export const statisticsTabs: readonly StatisticsTab[] = ['ebc', 'ebp', 'zone'];

/** companyType term of a tab: the third uses area_code for import modes and iac_code otherwise (§7). */
export function companyTypeOf(tab: StatisticsTab, businessMode: string): string {
  if (tab === 'ebc') return 'ebc_code';
  if (tab === 'ebp') return 'ebp_code';
  return businessMode.startsWith('I,') ? 'area_code' : 'iac_code';
}
export const COMPANY_TYPES = ['ebc_code', 'ebp_code', 'area_code', 'iac_code'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** §9: export 1210, 9610, 9710, 9810, all; import 1210, 1239, 9610, 9710, 9810, all. Labels ours (customs' short names). */
export const businessModes = [
  { value: 'E,1210', label: '出口 1210 保税电商' },
  { value: 'E,9610', label: '出口 9610 电子商务' },
  { value: 'E,9710', label: '出口 9710 跨境电商B2B直接出口' },
  { value: 'E,9810', label: '出口 9810 跨境电商出口海外仓' },
  { value: 'E,ALL', label: '出口 全部' },
  { value: 'I,1210', label: '进口 1210 保税电商' },
  { value: 'I,1239', label: '进口 1239 保税电商A' },
  { value: 'I,9610', label: '进口 9610 电子商务' },
  { value: 'I,9710', label: '进口 9710 跨境电商B2B' },
  { value: 'I,9810', label: '进口 9810 跨境电商海外仓' },
  { value: 'I,ALL', label: '进口 全部' },
] as const;

export interface BusinessMode { mode: 'export' | 'import'; tradeMode: string | null }

export function parseBusinessMode(value: unknown): BusinessMode | null {
  if (typeof value !== 'string' || !businessModes.some((m) => m.value === value)) return null;
  const [dir, code] = value.split(',') as [string, string];
  return { mode: dir === 'I' ? 'import' : 'export', tradeMode: code === 'ALL' ? null : code };
}

export const tradeModeNameOf = (mode: 'export' | 'import', tradeMode: string): string =>
  businessModes.find((m) => m.value === `${mode === 'import' ? 'I' : 'E'},${tradeMode}`)?.label ?? `${mode === 'import' ? '进口' : '出口'} ${tradeMode}`;

export interface StatisticsFilter {
  startDate: string;
  endDate: string;
  businessMode: string;
  customsCode?: string | null;
}

/** The §5 problem of a filter, or null. Both dates required, business mode required, ≤ 31968e6 ms. */
export function filterProblem(f: Partial<StatisticsFilter>): string | null {
  if (!f.startDate || !f.endDate) return statisticsText.datesRequired;
  if (!f.businessMode) return statisticsText.modeRequired;
  const start = parseLocalDateTime(f.startDate);
  const end = parseLocalDateTime(f.endDate);
  if (!start || !end) return statisticsText.datesRequired;
  const ms = Date.parse(toChinaIso(end)) - Date.parse(toChinaIso(start));
  if (ms < 0) return statisticsText.startAfterEnd;
  if (ms > MAX_RANGE_MS) return statisticsText.rangeTooLong;
  return null;
}

/** The terms of /api/agent/counts/list (§7): ieDate between, tradeMode eq, customsCode eq (optional), companyType eq. */
export function statisticsTerms(tab: StatisticsTab, f: StatisticsFilter): Term[] {
  const terms: Term[] = [
    { column: 'ieDate', termType: 'btw', type: 'and', value: [f.startDate.slice(0, 10), f.endDate.slice(0, 10)] },
    { column: 'tradeMode', termType: 'eq', type: 'and', value: f.businessMode },
  ];
  if (f.customsCode) terms.push({ column: 'customsCode', termType: 'eq', type: 'and', value: f.customsCode });
  terms.push({ column: 'companyType', termType: 'eq', type: 'and', value: companyTypeOf(tab, f.businessMode) });
  return terms;
}

/** The sortable columns (§2): order count, goods value, gross weight. */
export const SORTABLE = ['total', 'goodsValue', 'grossWeight'] as const;

export interface StatisticsRow {
  iedate: string;
  customsCodeName: string;
  customsCode: string;
  agentName: string;
  agentCode: string;
  tradeModeName: string;
  total: number;
  goodsValue: number;
  grossWeight: number;
  /** the last row of the answer: the sums */
  isTotal?: boolean;
}
