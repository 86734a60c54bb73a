/**
 * /api/agent/counts/list and exportAgent (accounts §2 Statistics, §5, §7): the caller's released
 * inventories summed by day, port, business mode and one company code (the tab: ebc_code,
 * ebp_code, area_code for import modes, iac_code otherwise), read from the trigger-kept
 * statistics_daily (server/statistics/summary-sql.ts), with a total row last. Sortable by order
 * count, goods value and gross weight.
 */
import { sql } from 'kysely';
import { dictionaryItems } from '../../domain/dictionaries.ts';
import { COMPANY_TYPES, filterProblem, parseBusinessMode, SORTABLE, tradeModeNameOf, type CompanyType, type StatisticsRow } from '../../domain/statistics/query.ts';
import { statisticsText as t } from '../../domain/texts/statistics.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { writeExportFile } from '../files/store.ts';
import { BizError } from '../http/errors.ts';
import { QueryError } from '../query/list-query.ts';
import { chinaCompactDay } from '../bills/time.ts';
import { writeSheet } from '../rewards/excel.ts';

interface Parsed {
  start: string; end: string; mode: 'export' | 'import'; tradeMode: string | null; customsCode: string | null; companyType: CompanyType;
  sorts: { name: (typeof SORTABLE)[number]; order: 'asc' | 'desc' }[];
}

type RawTerm = { column?: unknown; termType?: unknown; value?: unknown };

/** The §7 terms read into a filter; a missing or wrong one is refused with the §5 message. */
export function parseStatisticsRequest(request: unknown): Parsed {
  const req = (typeof request === 'object' && request !== null ? request : {}) as { terms?: unknown; sorts?: unknown };
  const terms = (Array.isArray(req.terms) ? req.terms : []) as RawTerm[];
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const term = (name: string) => terms.find((x) => typeof x === 'object' && x !== null && (x.column === name || x.column === snake(name)));
  const range = term('ieDate')?.value;
  const [start, end] = Array.isArray(range) ? range.map((v) => (typeof v === 'string' ? v.trim() : '')) : ['', ''];
  const businessMode = term('tradeMode')?.value;
  const problem = filterProblem({ startDate: start, endDate: end, businessMode: typeof businessMode === 'string' ? businessMode : '' });
  if (problem) throw new BizError(problem);
  const bm = parseBusinessMode(businessMode);
  if (!bm) throw new BizError(t.modeRequired);
  const companyType = term('companyType')?.value;
  if (!(COMPANY_TYPES as readonly unknown[]).includes(companyType)) throw new BizError(t.badCompanyType);
  // the zone tab reads the zone code of the direction: area_code on imports, iac_code on exports
  if ((companyType === 'area_code' && bm.mode !== 'import') || (companyType === 'iac_code' && bm.mode !== 'export')) throw new BizError(t.badCompanyType);
  const port = term('customsCode')?.value;
  const sorts = (Array.isArray(req.sorts) ? req.sorts : []).map((s: { name?: unknown; order?: unknown }) => {
    if (!(SORTABLE as readonly unknown[]).includes(s?.name) || !['asc', 'desc'].includes(String(s?.order ?? 'asc').toLowerCase())) throw new QueryError(`不支持的排序字段: ${String(s?.name)}`);
    return { name: s.name as Parsed['sorts'][number]['name'], order: String(s.order ?? 'asc').toLowerCase() as 'asc' | 'desc' };
  });
  return {
    start: start!.slice(0, 10), end: end!.slice(0, 10), mode: bm.mode, tradeMode: bm.tradeMode,
    customsCode: typeof port === 'string' && port.trim() ? port.trim() : null, companyType: companyType as CompanyType, sorts,
  };
}

let portNames: Map<string, string> | undefined;
const portName = (code: string) => {
  portNames ??= new Map((dictionaryItems('declare_port') ?? []).map((i) => [i.value, i.name]));
  return portNames.get(code) ?? '';
};

/** The summary rows of each tab (statistics_daily.dim). */
const dimOf: Record<CompanyType, 'ebc' | 'ebp' | 'zone'> = { ebc_code: 'ebc', ebp_code: 'ebp', area_code: 'zone', iac_code: 'zone' };
const sortColumn = { total: 'total', goodsValue: 'goods_value', grossWeight: 'gross_weight' } as const;

/** The rows, then the total row (isTotal). */
export async function statisticsRows(db: Db, user: AuthUser, request: unknown): Promise<StatisticsRow[]> {
  const p = parseStatisticsRequest(request);
  const order = p.sorts.length
    ? sql.join(p.sorts.map((s) => sql`${sql.ref(sortColumn[s.name])} ${sql.raw(s.order)}`))
    : sql`ie_date, customs_code, trade_mode, code`;
  const rows = await sql<{ ie_date: string; customs_code: string; trade_mode: string; code: string; name: string; total: number; goods_value: string; gross_weight: string }>`
    select ie_date::text as ie_date, customs_code, trade_mode, code, name, bills as total, goods_value, gross_weight
    from statistics_daily
    where company_id = ${user.companyId} and mode = ${p.mode} and dim = ${dimOf[p.companyType]}
      and ie_date between ${p.start}::date and ${p.end}::date and bills > 0
      ${p.tradeMode ? sql`and trade_mode = ${p.tradeMode}` : sql``}
      ${p.customsCode ? sql`and customs_code = ${p.customsCode}` : sql``}
    order by ${order}, ie_date, customs_code, trade_mode, code`.execute(db);
  const money = (v: string | number) => Math.round(Number(v) * 100000) / 100000;
  const out: StatisticsRow[] = rows.rows.map((r) => ({
    iedate: r.ie_date, customsCodeName: portName(r.customs_code), customsCode: r.customs_code, agentName: r.name, agentCode: r.code,
    tradeModeName: tradeModeNameOf(p.mode, r.trade_mode), total: Number(r.total), goodsValue: money(r.goods_value), grossWeight: money(r.gross_weight),
  }));
  const sum = (k: 'total' | 'goodsValue' | 'grossWeight') => Math.round(out.reduce((s, r) => s + r[k] * 100000, 0)) / 100000;
  out.push({ iedate: t.totalRow, customsCodeName: '', customsCode: '', agentName: '', agentCode: '', tradeModeName: '', total: sum('total'), goodsValue: sum('goodsValue'), grossWeight: sum('grossWeight'), isTotal: true });
  return out;
}

export async function exportStatistics(db: Db, dataDir: string, user: AuthUser, request: unknown): Promise<{ downloadUri: string }> {
  const rows = await statisticsRows(db, user, request);
  return writeExportFile(dataDir, `统计_${chinaCompactDay(new Date())}.xlsx`, async (path) => {
    const c = t.columns;
    const columns = (['iedate', 'customsCodeName', 'customsCode', 'agentName', 'agentCode', 'tradeModeName', 'total', 'goodsValue', 'grossWeight'] as const)
      .map((key) => ({ header: c[key], key, width: key === 'agentName' || key === 'tradeModeName' ? 30 : 16 }));
    await writeSheet(path, t.sheet, columns, rows as unknown as Record<string, unknown>[]);
  });
}
