/**
 * List queries (spec bills.md §7 "Generic list and detail", §9): the request every list call
 * sends, the answers, the page-size constants and the date-window helpers both sides share.
 * The server turns a request into SQL only through a per-list column whitelist
 * (server/query/list-query.ts).
 */

export type TermType = 'eq' | 'btw' | 'lte' | 'gte' | 'in' | 'like';
export const TERM_TYPES: readonly TermType[] = ['eq', 'btw', 'lte', 'gte', 'in', 'like'];

/** How a term joins the one before it: 'and' starts a new AND group, 'or' joins the current group. */
export type TermJoin = 'and' | 'or';

export type TermScalar = string | number | boolean | null;
/**
 * eq/lte/gte/like: a scalar. btw: [start, end], either bound may be null or '' (open range).
 * in: an array, or one string joined with commas.
 */
export type TermValue = TermScalar | readonly TermScalar[];

export interface Term {
  /** snake_case column name from the list's whitelist (app_time, order_no, state ...). */
  column: string;
  termType: TermType;
  /** Missing = 'and'. */
  type?: TermJoin;
  value: TermValue;
}

export type SortOrder = 'asc' | 'desc';
export interface Sort {
  name: string;
  order: SortOrder;
}

/** The `data` of a list call's body. */
export interface ListRequest {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  sorts?: Sort[];
  terms?: Term[];
}

export interface PagedResult<T> {
  total: number;
  datas: T[];
}

/** Lists configured with simple paging answer a plain array (prev/next only). */
export type ListAnswer<T> = PagedResult<T> | T[];

export interface StateCount<S = string> {
  state: S;
  count: number;
}

export type ColumnKind = 'text' | 'number' | 'timestamp' | 'date' | 'boolean';

// ---- constants (§9) ----

export const BILL_PAGE_SIZE = 50;
export const BILL_PAGE_SIZE_OPTIONS: readonly number[] = [50, 100, 200, 500];
/** One generic-bill configuration pages by 10 instead of 50. */
export const GENERIC_BILL_ALT_PAGE_SIZE = 10;
/** The alternative list and the order-summary dialog. */
export const ALT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 50, 100, 200, 300, 400];
/** Detail body tables (prev/next only) and the order-summary dialog. */
export const BODY_PAGE_SIZE = 10;
export const ORDER_SUMMARY_PAGE_SIZE = 10;
/** State-count calls carry pageIndex 0, pageSize 10 (§7). */
export const STATE_COUNT_PAGE_SIZE = 10;
/**
 * The spec names no server maximum; the largest option is 500, so 1000 leaves room for ERP
 * callers while keeping one page bounded.
 */
export const MAX_PAGE_SIZE = 1000;
/** An `in` list longer than this is refused (selected-row exports stay far below it). */
export const MAX_IN_VALUES = 10000;

export const DEFAULT_SORTS: readonly Sort[] = [{ name: 'app_time', order: 'desc' }];
/** Tickets and knowledge files. */
export const CREATE_TIME_SORTS: readonly Sort[] = [{ name: 'create_time', order: 'desc' }];

export const DEFAULT_LAST_DAYS = 7;

/** Query times are China local time; China has had no DST since 1991. */
export const QUERY_UTC_OFFSET = '+08:00';

// ---- Chinese messages for refused queries ----

// Echoing a 10 kB column name into a toast helps nobody.
const shown = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  return s.length > 64 ? `${s.slice(0, 64)}…` : s;
};

export const queryText = {
  badRequest: '查询参数不正确',
  badPaging: '分页参数不正确',
  unknownColumn: (column: unknown) => `不支持的查询字段: ${shown(column)}`,
  unknownTermType: (termType: unknown) => `不支持的查询类型: ${shown(termType)}`,
  badTermJoin: (type: unknown) => `不支持的条件连接方式: ${shown(type)}`,
  termTypeNotForColumn: (label: string, termType: string) => `查询字段${label}不支持${termType}查询`,
  unknownSort: (name: unknown) => `不支持的排序字段: ${shown(name)}`,
  badSortOrder: (order: unknown) => `不支持的排序方向: ${shown(order)}`,
  badValue: (label: string) => `查询条件${label}的值不正确`,
  notNumber: (label: string, v: unknown) => `查询条件${label}必须是数字: ${shown(v)}`,
  badDate: (label: string, v: unknown) => `查询条件${label}的日期格式不正确: ${shown(v)}`,
  badBoolean: (label: string, v: unknown) => `查询条件${label}必须是是或否: ${shown(v)}`,
  tooManyValues: (label: string, max: number) => `查询条件${label}的取值不能超过${max}个`,
} as const;

// ---- dates ----

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss[.SSS]' (a 'T' also accepted) as a wall
 * time with no zone; null when malformed or not a real calendar time (2026-02-30, 24:00:00).
 */
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const m = DATE_TIME_RE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number, number, number, number, number, number,
  ];
  const millisecond = m[7] ? Number(m[7].padEnd(3, '0')) : 0;
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second, millisecond };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function formatDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** ISO 8601 with the China offset, so the database's session time zone never matters. */
export function toChinaIso(t: LocalDateTime): string {
  const frac = t.millisecond ? `.${pad(t.millisecond, 3)}` : '';
  return `${formatDay(t.year, t.month, t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}${frac}${QUERY_UTC_OFFSET}`;
}

export interface Day { year: number; month: number; day: number }

/**
 * A Date is read in the runtime's local zone: the console runs in browsers in China, where
 * local time is the query zone. Callers elsewhere (a UTC server) pass a 'YYYY-MM-DD' string.
 */
function toDay(date: Date | string): Day {
  if (typeof date === 'string') {
    const t = parseLocalDateTime(date);
    if (!t) throw new RangeError(`日期格式不正确: ${shown(date)}`);
    return { year: t.year, month: t.month, day: t.day };
  }
  if (Number.isNaN(date.getTime())) throw new RangeError('日期格式不正确: Invalid Date');
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/**
 * Today as China's calendar has it, from a clock reading (a Date) or a day the caller names (a
 * string). The API's times are China wall time (UTC+8, no DST): a window ending on the browser's
 * own today would leave out the bills made after midnight in China while its clock reads the day
 * before. (A Date the user picked from a calendar is a local day: that is toDay's.)
 */
export function chinaToday(clock: Date | string): Day {
  if (typeof clock === 'string') return toDay(clock);
  if (Number.isNaN(clock.getTime())) throw new RangeError('日期格式不正确: Invalid Date');
  const china = new Date(clock.getTime() + CHINA_OFFSET_MS);
  return { year: china.getUTCFullYear(), month: china.getUTCMonth() + 1, day: china.getUTCDate() };
}

/** A clock reading as China's wall clock shows it (UTC+8, no DST): the home page's greeting, date and weekday. */
export interface ChinaClock extends Day { hour: number; weekday: number }

export function chinaClock(clock: Date): ChinaClock {
  const china = new Date(clock.getTime() + CHINA_OFFSET_MS);
  return { ...chinaToday(clock), hour: china.getUTCHours(), weekday: china.getUTCDay() };
}

/** chinaToday as 'YYYY-MM-DD'. */
export const chinaTodayText = (clock: Date | string): string => dayText(chinaToday(clock));

function addDays(d: Day, n: number): Day {
  const u = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: u.getUTCFullYear(), month: u.getUTCMonth() + 1, day: u.getUTCDate() };
}

const dayText = (d: Day) => formatDay(d.year, d.month, d.day);

/** Range terms start at 00:00:00 (§9). Accepts a day or a day-and-time; the time is replaced. */
export function rangeStart(date: Date | string): string {
  return `${dayText(toDay(date))} 00:00:00`;
}

/** Range terms end at 23:59:59 (§9). */
export function rangeEnd(date: Date | string): string {
  return `${dayText(toDay(date))} 23:59:59`;
}

/** A [start, end] window, in the strings a btw term carries. */
export type TimeWindow = [start: string, end: string];

/**
 * The generic bill list's create_time window (§9): the same day one year earlier 00:00:00 to
 * today 23:59:59; 29 February falls back to 28 February of the previous year.
 */
export function defaultCreateTimeWindow(today: Date | string): TimeWindow {
  const d = chinaToday(today);
  const year = d.year - 1;
  const start: Day = { year, month: d.month, day: Math.min(d.day, daysInMonth(year, d.month)) };
  return [`${dayText(start)} 00:00:00`, `${dayText(d)} 23:59:59`];
}

/**
 * "Last n days" counts today: last 7 days on 2026-11-21 is 2026-11-15 00:00:00 to
 * 2026-11-21 23:59:59 (seven calendar days, today included). n < 1 is treated as 1.
 */
export function lastDaysWindow(today: Date | string, n: number = DEFAULT_LAST_DAYS): TimeWindow {
  const d = chinaToday(today);
  const days = Math.max(1, Math.floor(n));
  return [`${dayText(addDays(d, -(days - 1)))} 00:00:00`, `${dayText(d)} 23:59:59`];
}

/**
 * Simple paging has no count, so the paginator is fed an estimate (§9): page size times the
 * current (1-based) page, plus one more page when this page is full, which keeps "next"
 * enabled exactly while a further page may exist.
 */
export function estimateSimpleTotal(pageSize: number, pageIndex0: number, rowsOnPage: number): number {
  const current = pageIndex0 + 1;
  return pageSize * current + (rowsOnPage >= pageSize ? pageSize : 0);
}
