// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import {
  ALT_PAGE_SIZE_OPTIONS,
  BILL_PAGE_SIZE,
  BILL_PAGE_SIZE_OPTIONS,
  MAX_IN_VALUES,
  MAX_PAGE_SIZE,
  defaultCreateTimeWindow,
  estimateSimpleTotal,
  lastDaysWindow,
  parseLocalDateTime,
  rangeEnd,
  rangeStart,
  toChinaIso,
  type PagedResult,
} from '../../domain/query.ts';
import {
  QueryError,
  applyPaging,
  applySorts,
  applyTerms,
  compileListQuery,
  runPagedList,
  runStateCount,
  type ColumnWhitelist,
  type ListQueryOptions,
} from './list-query.ts';

// ---- fixture --------------------------------------------------------------------------------

interface Row {
  id: number;
  company_code: string;
  state: string;
  order_no: string;
  app_time: string | null;
  create_time: string;
}

const INJECTION = "O'Brien'; drop table bills_t; --";

// Times are China local wall times; the database session runs in UTC, so a compiler that forgot
// the +08:00 offset would land eight hours off and the boundary rows below would show it.
const ROWS: Row[] = [
  { id: 1, company_code: 'C1', state: 'DRAFT', order_no: 'SO-001', app_time: null, create_time: '2026-01-01 00:00:00' },
  { id: 2, company_code: 'C1', state: 'SENT', order_no: 'SO-002', app_time: '2026-01-02 10:00:00', create_time: '2025-12-31 23:59:59' },
  { id: 3, company_code: 'C1', state: 'SENT', order_no: 'SO-003', app_time: '2026-01-03 10:00:00', create_time: '2026-01-03 08:00:00' },
  { id: 4, company_code: 'C1', state: 'PASS', order_no: 'SO-004', app_time: '2026-01-04 10:00:00', create_time: '2026-01-04 08:00:00' },
  { id: 5, company_code: 'C1', state: 'PASS', order_no: 'SO-005', app_time: '2026-01-05 10:00:00', create_time: '2026-01-05 08:00:00' },
  { id: 6, company_code: 'C1', state: 'FAIL', order_no: 'A%B', app_time: '2026-01-06 10:00:00', create_time: '2026-01-06 08:00:00' },
  { id: 7, company_code: 'C1', state: 'FAIL', order_no: 'A_B', app_time: '2026-01-07 10:00:00', create_time: '2026-01-07 08:00:00' },
  { id: 8, company_code: 'C1', state: 'SENT', order_no: 'AxB', app_time: '2026-01-08 10:00:00', create_time: '2026-01-08 08:00:00' },
  { id: 9, company_code: 'C1', state: 'SENT', order_no: 'A\\B', app_time: '2026-01-09 10:00:00', create_time: '2026-01-09 08:00:00' },
  { id: 10, company_code: 'C1', state: 'SENT', order_no: 'AB', app_time: '2026-01-10 10:00:00', create_time: '2026-01-10 08:00:00' },
  { id: 11, company_code: 'C2', state: 'SENT', order_no: INJECTION, app_time: '2026-01-11 10:00:00', create_time: '2026-01-11 08:00:00' },
  { id: 12, company_code: 'C2', state: 'PASS', order_no: 'abc-lower', app_time: '2026-01-12 10:00:00', create_time: '2026-01-12 08:00:00' },
  { id: 13, company_code: 'C2', state: 'PASS', order_no: 'XABCX', app_time: '2026-01-13 10:00:00', create_time: '2026-01-13 08:00:00' },
  { id: 14, company_code: 'C2', state: 'DRAFT', order_no: 'SO-014', app_time: null, create_time: '2026-01-14 08:00:00' },
  { id: 15, company_code: 'C2', state: 'SENT', order_no: 'SO-015', app_time: '2026-01-15 10:00:00', create_time: '2026-01-15 08:00:00' },
  { id: 16, company_code: 'C2', state: 'SENT', order_no: 'SO-016', app_time: '2026-01-15 10:00:00', create_time: '2026-01-16 08:00:00' },
  { id: 17, company_code: 'C3', state: 'PASS', order_no: 'SO-017', app_time: '2026-01-17 10:00:00', create_time: '2026-01-17 08:00:00' },
  { id: 18, company_code: 'C3', state: 'FAIL', order_no: 'SO-018', app_time: '2026-01-18 10:00:00', create_time: '2026-01-18 08:00:00' },
  { id: 19, company_code: 'C3', state: 'SENT', order_no: 'SO-019', app_time: '2026-01-19 10:00:00', create_time: '2026-01-19 08:00:00' },
  { id: 20, company_code: 'C3', state: 'SENT', order_no: 'SO-020', app_time: '2026-01-20 10:00:00', create_time: '2026-01-20 23:59:59' },
];
// amount = id * 10 except two fractional ones; qty = id.
const amountOf = (id: number) => (id === 1 ? '10.5' : id === 6 ? '60.25' : String(id * 10));

const whitelist: ColumnWhitelist = {
  id: { sql: 'b.id', kind: 'number' },
  company_code: { sql: 'b.company_code', kind: 'text', label: '企业编码' },
  state: { kind: 'text' },
  order_no: { kind: 'text', label: '订单编号' },
  app_time: { sql: 'b.app_time', kind: 'timestamp' },
  create_time: { sql: 'b.create_time', kind: 'timestamp' },
  amount: { kind: 'number' },
  qty: { kind: 'number' },
  create_day: { sql: sql`(b.create_time at time zone 'Asia/Shanghai')::date`, kind: 'date' },
  is_big: { sql: sql`(b.amount >= 100)`, kind: 'boolean' },
  secret: { kind: 'text', filterable: false, sortable: false },
};

let handle: DatabaseHandle;
let db: Kysely<any>;

const base = () => db.selectFrom('bills_t as b').select(['b.id', 'b.state', 'b.company_code', 'b.order_no']);
const allIds = ROWS.map((r) => r.id);
const range = (from: number, to: number) => allIds.filter((id) => id >= from && id <= to);

/** Compile with a big page sorted by id, run against the table, return the ids. */
async function ids(data: Record<string, unknown>, options?: ListQueryOptions): Promise<number[]> {
  const compiled = compileListQuery({ pageSize: 1000, sorts: [{ name: 'id', order: 'asc' }], ...data }, whitelist, options);
  const rows = await applyPaging(applySorts(applyTerms(base(), compiled), compiled), compiled).execute();
  return rows.map((r) => r.id);
}

const term = (column: string, termType: string, value: unknown, type?: string) => ({ column, termType, value, ...(type ? { type } : {}) });
const where = (...terms: unknown[]) => ids({ terms });

/** The QueryError message a compile throws (compile is synchronous). */
function refusal(data: unknown, options?: ListQueryOptions): string {
  try {
    compileListQuery(data, whitelist, options);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return (e as Error).message;
  }
  throw new Error('expected a QueryError');
}
const termRefusal = (...terms: unknown[]) => refusal({ terms });

beforeAll(async () => {
  handle = await openDatabase({});
  db = handle.db as unknown as Kysely<any>;
  await sql`create table bills_t (
    id serial primary key, company_code text, state text, order_no text,
    app_time timestamptz, create_time timestamptz, amount numeric, qty int)`.execute(db);
  await db
    .insertInto('bills_t')
    .values(ROWS.map((r) => ({
      ...r,
      app_time: r.app_time && `${r.app_time}+08`,
      create_time: `${r.create_time}+08`,
      amount: amountOf(r.id),
      qty: r.id,
    })))
    .execute();
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

// ---- domain helpers -------------------------------------------------------------------------

describe('default windows end on China\'s today', () => {
  it('counts a bill made just after midnight in China, whatever zone the clock is read in', () => {
    const justAfterMidnightInChina = new Date('2026-11-21T16:30:00Z'); // 2026-11-22 00:30 in Beijing
    expect(defaultCreateTimeWindow(justAfterMidnightInChina)).toEqual(['2025-11-22 00:00:00', '2026-11-22 23:59:59']);
    expect(lastDaysWindow(justAfterMidnightInChina, 7)).toEqual(['2026-11-16 00:00:00', '2026-11-22 23:59:59']);
    expect(defaultCreateTimeWindow(new Date('2026-11-21T15:59:59Z'))[1]).toBe('2026-11-21 23:59:59');
  });
});

describe('domain/query helpers', () => {
  it('range bounds are 00:00:00 and 23:59:59 of the given day', () => {
    expect(rangeStart('2026-11-21')).toBe('2026-11-21 00:00:00');
    expect(rangeEnd('2026-11-21')).toBe('2026-11-21 23:59:59');
    expect(rangeStart('2026-11-21 15:16:17')).toBe('2026-11-21 00:00:00');
    expect(rangeEnd(new Date(2026, 10, 21, 15, 0, 0))).toBe('2026-11-21 23:59:59');
    expect(() => rangeStart('2026-02-30')).toThrow(RangeError);
    expect(() => rangeEnd('yesterday')).toThrow(RangeError);
  });

  it('default create_time window is the same day a year earlier to today', () => {
    expect(defaultCreateTimeWindow('2026-11-21')).toEqual(['2025-11-21 00:00:00', '2026-11-21 23:59:59']);
    expect(defaultCreateTimeWindow('2028-02-29')).toEqual(['2027-02-28 00:00:00', '2028-02-29 23:59:59']);
    expect(defaultCreateTimeWindow('2024-02-29 12:00:00')).toEqual(['2023-02-28 00:00:00', '2024-02-29 23:59:59']);
    expect(defaultCreateTimeWindow('2025-03-01')).toEqual(['2024-03-01 00:00:00', '2025-03-01 23:59:59']);
    expect(defaultCreateTimeWindow('2025-02-28')).toEqual(['2024-02-28 00:00:00', '2025-02-28 23:59:59']);
    expect(defaultCreateTimeWindow(new Date(2028, 1, 29, 8, 0, 0))).toEqual(['2027-02-28 00:00:00', '2028-02-29 23:59:59']);
  });

  it('last n days counts today', () => {
    expect(lastDaysWindow('2026-11-21', 7)).toEqual(['2026-11-15 00:00:00', '2026-11-21 23:59:59']);
    expect(lastDaysWindow('2026-11-21')).toEqual(['2026-11-15 00:00:00', '2026-11-21 23:59:59']);
    expect(lastDaysWindow('2026-01-03', 7)).toEqual(['2025-12-28 00:00:00', '2026-01-03 23:59:59']);
    expect(lastDaysWindow('2028-03-01', 2)).toEqual(['2028-02-29 00:00:00', '2028-03-01 23:59:59']);
    expect(lastDaysWindow('2026-11-21', 3)).toEqual(['2026-11-19 00:00:00', '2026-11-21 23:59:59']);
    expect(lastDaysWindow('2026-11-21', 1)).toEqual(['2026-11-21 00:00:00', '2026-11-21 23:59:59']);
    expect(lastDaysWindow('2026-11-21', 0)).toEqual(['2026-11-21 00:00:00', '2026-11-21 23:59:59']);
  });

  it('simple-paging total: page size times the current page, plus a page when full', () => {
    expect(estimateSimpleTotal(50, 0, 50)).toBe(100);
    expect(estimateSimpleTotal(50, 0, 3)).toBe(50);
    expect(estimateSimpleTotal(50, 0, 0)).toBe(50);
    expect(estimateSimpleTotal(50, 2, 50)).toBe(200);
    expect(estimateSimpleTotal(10, 2, 9)).toBe(30);
  });

  it('parses local date-times strictly and renders them with the China offset', () => {
    expect(parseLocalDateTime('2026-01-02')).toEqual({ year: 2026, month: 1, day: 2, hour: 0, minute: 0, second: 0, millisecond: 0 });
    expect(parseLocalDateTime('2026-01-02 03:04:05')).toMatchObject({ hour: 3, minute: 4, second: 5 });
    expect(parseLocalDateTime('2026-01-02T03:04')).toMatchObject({ hour: 3, minute: 4, second: 0 });
    expect(parseLocalDateTime('2028-02-29 23:59:59')).not.toBeNull();
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-01-01 24:00:00', '2026-01-01 12:60', '20260101', 'abc', '', '2026-1-1']) {
      expect(parseLocalDateTime(bad), bad).toBeNull();
    }
    expect(toChinaIso(parseLocalDateTime('2026-01-02 03:04:05')!)).toBe('2026-01-02T03:04:05+08:00');
  });

  it('page-size constants follow §9', () => {
    expect(BILL_PAGE_SIZE).toBe(50);
    expect(BILL_PAGE_SIZE_OPTIONS).toEqual([50, 100, 200, 500]);
    expect(ALT_PAGE_SIZE_OPTIONS).toEqual([10, 20, 50, 100, 200, 300, 400]);
    expect(MAX_PAGE_SIZE).toBe(1000);
  });
});

// ---- terms ----------------------------------------------------------------------------------

describe('eq', () => {
  it('matches text exactly', async () => {
    expect(await where(term('state', 'eq', 'SENT'))).toEqual([2, 3, 8, 9, 10, 11, 15, 16, 19, 20]);
    expect(await where(term('state', 'eq', 'sent'))).toEqual([]);
    expect(await where(term('state', 'eq', ' SENT '))).toEqual([2, 3, 8, 9, 10, 11, 15, 16, 19, 20]);
  });

  it('an empty value means no filter', async () => {
    for (const value of [null, '', '   ', undefined]) {
      expect(await where(term('state', 'eq', value))).toEqual(allIds);
    }
  });

  it('coerces numbers for number columns and numbers to text for text columns', async () => {
    expect(await where(term('qty', 'eq', 20))).toEqual([20]);
    expect(await where(term('qty', 'eq', '20'))).toEqual([20]);
    expect(await where(term('qty', 'eq', ' 7 '))).toEqual([7]);
    expect(await where(term('amount', 'eq', '60.25'))).toEqual([6]);
    expect(await where(term('amount', 'eq', 10.5))).toEqual([1]);
    // fractional and beyond-int4 values against an int column compare as numeric, not a DB error
    expect(await where(term('qty', 'eq', 2.5))).toEqual([]);
    expect(await where(term('qty', 'eq', 1e12))).toEqual([]);
    expect(await where(term('qty', 'eq', '1e1'))).toEqual([10]);
    expect(await where(term('order_no', 'eq', 1))).toEqual([]);
  });

  it('refuses arrays, objects and non-numbers', () => {
    expect(termRefusal(term('state', 'eq', ['SENT']))).toBe('查询条件state的值不正确');
    expect(termRefusal(term('state', 'eq', { $ne: 1 }))).toBe('查询条件state的值不正确');
    expect(termRefusal(term('state', 'eq', true))).toBe('查询条件state的值不正确');
    expect(termRefusal(term('qty', 'eq', 'abc'))).toBe('查询条件qty必须是数字: abc');
    expect(termRefusal(term('qty', 'eq', '12abc'))).toBe('查询条件qty必须是数字: 12abc');
    expect(termRefusal(term('qty', 'eq', 'Infinity'))).toBe('查询条件qty必须是数字: Infinity');
    expect(termRefusal(term('qty', 'eq', true))).toBe('查询条件qty必须是数字: true');
  });
});

describe('in', () => {
  it('matches any value of an array', async () => {
    expect(await where(term('state', 'in', ['PASS', 'FAIL']))).toEqual([4, 5, 6, 7, 12, 13, 17, 18]);
    expect(await where(term('id', 'in', [1, '2', 3, 3]))).toEqual([1, 2, 3]);
    expect(await where(term('qty', 'in', [2.5, 3]))).toEqual([3]);
  });

  it('accepts a comma-joined string (ASCII or Chinese commas, newlines)', async () => {
    expect(await where(term('state', 'in', 'PASS,FAIL'))).toEqual([4, 5, 6, 7, 12, 13, 17, 18]);
    expect(await where(term('state', 'in', ' PASS ， FAIL ,'))).toEqual([4, 5, 6, 7, 12, 13, 17, 18]);
    expect(await where(term('order_no', 'in', 'SO-001\r\nSO-002\nSO-003'))).toEqual([1, 2, 3]);
    expect(await where(term('qty', 'in', '4,5'))).toEqual([4, 5]);
  });

  it('a scalar is a one-value list', async () => {
    expect(await where(term('qty', 'in', 5))).toEqual([5]);
  });

  it('an empty array matches nothing, an empty string means no filter', async () => {
    expect(await where(term('id', 'in', []))).toEqual([]);
    expect(await where(term('id', 'in', [null, '']))).toEqual([]);
    expect(await where(term('state', 'in', ''))).toEqual(allIds);
    expect(await where(term('state', 'in', ' , ，'))).toEqual(allIds);
    expect(await where(term('state', 'in', null))).toEqual(allIds);
  });

  it('refuses objects, nested arrays, bad numbers and over-long lists', () => {
    expect(termRefusal(term('state', 'in', { a: 1 }))).toBe('查询条件state的值不正确');
    expect(termRefusal(term('state', 'in', [['SENT']]))).toBe('查询条件state的值不正确');
    expect(termRefusal(term('id', 'in', [1, 'x']))).toBe('查询条件id必须是数字: x');
    expect(termRefusal(term('id', 'in', '1,2,x'))).toBe('查询条件id必须是数字: x');
    const many = Array.from({ length: MAX_IN_VALUES + 1 }, (_, i) => i);
    expect(termRefusal(term('id', 'in', many))).toBe(`查询条件id的取值不能超过${MAX_IN_VALUES}个`);
  });

  it('a large list stays one parameter', async () => {
    const list = Array.from({ length: MAX_IN_VALUES }, (_, i) => i + 1);
    const compiled = compileListQuery({ terms: [term('id', 'in', list)] }, whitelist);
    const q = applyTerms(base(), compiled);
    expect(q.compile().parameters).toHaveLength(1);
    expect((await q.execute()).length).toBe(20);
  });
});

describe('like', () => {
  it('matches anywhere, case-insensitively', async () => {
    expect(await where(term('order_no', 'like', 'abc'))).toEqual([12, 13]);
    expect(await where(term('order_no', 'like', 'SO-01'))).toEqual([14, 15, 16, 17, 18, 19]);
    expect(await where(term('order_no', 'like', '020'))).toEqual([20]);
  });

  it('treats %, _ and \\ as literal characters', async () => {
    expect(await where(term('order_no', 'like', 'A%B'))).toEqual([6]);
    expect(await where(term('order_no', 'like', '%'))).toEqual([6]);
    expect(await where(term('order_no', 'like', 'A_B'))).toEqual([7]);
    // row 11's "bills_t" holds a literal underscore too
    expect(await where(term('order_no', 'like', '_'))).toEqual([7, 11]);
    expect(await where(term('order_no', 'like', 'A\\B'))).toEqual([9]);
    expect(await where(term('order_no', 'like', '\\'))).toEqual([9]);
    expect(await where(term('order_no', 'like', 'a%b'))).toEqual([6]);
    expect(await where(term('order_no', 'like', 'x_b'))).toEqual([]);
  });

  it('an empty value means no filter', async () => {
    expect(await where(term('order_no', 'like', ''))).toEqual(allIds);
    expect(await where(term('order_no', 'like', null))).toEqual(allIds);
  });

  it('is refused on non-text columns and with arrays', () => {
    expect(termRefusal(term('qty', 'like', '1'))).toBe('查询字段qty不支持like查询');
    expect(termRefusal(term('create_time', 'like', '2026'))).toBe('查询字段create_time不支持like查询');
    expect(termRefusal(term('order_no', 'like', ['a']))).toBe('查询条件订单编号的值不正确');
  });
});

describe('btw, lte, gte', () => {
  it('both bounds are inclusive and read as China time', async () => {
    expect(await where(term('create_time', 'btw', ['2026-01-01 00:00:00', '2026-01-03 23:59:59']))).toEqual([1, 3]);
    expect(await where(term('create_time', 'btw', ['2026-01-20 00:00:00', '2026-01-20 23:59:59']))).toEqual([20]);
    expect(await where(term('create_time', 'btw', ['2025-12-31', '2025-12-31 23:59:59']))).toEqual([2]);
    expect(await where(term('app_time', 'btw', ['2026-01-15 10:00:00', '2026-01-15 10:00:00']))).toEqual([15, 16]);
  });

  it('one bound acts as gte or lte', async () => {
    expect(await where(term('create_time', 'btw', [null, '2026-01-01 00:00:00']))).toEqual([1, 2]);
    expect(await where(term('create_time', 'btw', ['', '2026-01-01']))).toEqual([1, 2]);
    expect(await where(term('create_time', 'btw', ['2026-01-19 00:00:00', null]))).toEqual([19, 20]);
    expect(await where(term('create_time', 'btw', ['2026-01-20 23:59:59', '']))).toEqual([20]);
    expect(await where(term('create_time', 'btw', ['2026-01-20 23:59:59']))).toEqual([20]);
  });

  it('no bound means no filter', async () => {
    for (const value of [[null, null], ['', ''], [], [' ', null]]) {
      expect(await where(term('create_time', 'btw', value))).toEqual(allIds);
    }
  });

  it('works on numbers, numeric strings and text', async () => {
    expect(await where(term('amount', 'btw', [100, 120]))).toEqual([10, 11, 12]);
    expect(await where(term('amount', 'btw', ['100', '120']))).toEqual([10, 11, 12]);
    expect(await where(term('amount', 'btw', [10.5, 20]))).toEqual([1, 2]);
    expect(await where(term('qty', 'btw', [2.5, 4.5]))).toEqual([3, 4]);
    expect(await where(term('amount', 'btw', [120, 100]))).toEqual([]);
    expect(await where(term('order_no', 'btw', ['SO-018', 'SO-020']))).toEqual([18, 19, 20]);
  });

  it('lte and gte', async () => {
    expect(await where(term('qty', 'lte', 3))).toEqual([1, 2, 3]);
    expect(await where(term('qty', 'gte', '18'))).toEqual([18, 19, 20]);
    expect(await where(term('create_time', 'lte', '2026-01-01'))).toEqual([1, 2]);
    expect(await where(term('create_time', 'gte', '2026-01-20 23:59:59'))).toEqual([20]);
    expect(await where(term('qty', 'lte', null))).toEqual(allIds);
    expect(await where(term('qty', 'gte', ''))).toEqual(allIds);
  });

  it('accepts ISO 8601 with an explicit zone', async () => {
    expect(await where(term('create_time', 'gte', '2026-01-19T16:00:00Z'))).toEqual([20]);
    expect(await where(term('create_time', 'lte', '2025-12-31T23:59:59+08:00'))).toEqual([2]);
  });

  it('date columns compare by day', async () => {
    expect(await where(term('create_day', 'btw', ['2026-01-01', '2026-01-03 23:59:59']))).toEqual([1, 3]);
    expect(await where(term('create_day', 'eq', '2026-01-05'))).toEqual([5]);
    expect(await where(term('create_day', 'lte', '2025-12-31 23:59:59'))).toEqual([2]);
    expect(termRefusal(term('create_day', 'eq', '2026-02-30'))).toBe('查询条件create_day的日期格式不正确: 2026-02-30');
  });

  it('refuses non-arrays, long arrays and bad dates', () => {
    expect(termRefusal(term('create_time', 'btw', '2026-01-01,2026-01-02'))).toBe('查询条件create_time的值不正确');
    expect(termRefusal(term('create_time', 'btw', { start: '2026-01-01' }))).toBe('查询条件create_time的值不正确');
    expect(termRefusal(term('amount', 'btw', [1, 2, 3]))).toBe('查询条件amount的值不正确');
    expect(termRefusal(term('amount', 'btw', ['a', 2]))).toBe('查询条件amount必须是数字: a');
    expect(termRefusal(term('create_time', 'btw', ['2026-01-01', 'tomorrow']))).toBe('查询条件create_time的日期格式不正确: tomorrow');
    expect(termRefusal(term('create_time', 'gte', '2026/01/01'))).toBe('查询条件create_time的日期格式不正确: 2026/01/01');
    expect(termRefusal(term('create_time', 'lte', '2026-02-30 00:00:00'))).toBe('查询条件create_time的日期格式不正确: 2026-02-30 00:00:00');
    expect(termRefusal(term('create_time', 'gte', 1767225600000))).toBe('查询条件create_time的日期格式不正确: 1767225600000');
    expect(termRefusal(term('qty', 'lte', [1]))).toBe('查询条件qty的值不正确');
  });
});

describe('boolean columns', () => {
  it('accept true/false in several spellings', async () => {
    expect(await where(term('is_big', 'eq', true))).toEqual(range(10, 20));
    expect(await where(term('is_big', 'eq', 'false'))).toEqual(range(1, 9));
    expect(await where(term('is_big', 'eq', 1))).toEqual(range(10, 20));
    expect(await where(term('is_big', 'in', [true, false]))).toEqual(allIds);
  });

  it('refuse other values and range terms', () => {
    expect(termRefusal(term('is_big', 'eq', 'maybe'))).toBe('查询条件is_big必须是是或否: maybe');
    expect(termRefusal(term('is_big', 'btw', [true, false]))).toBe('查询字段is_big不支持btw查询');
    expect(termRefusal(term('is_big', 'gte', true))).toBe('查询字段is_big不支持gte查询');
  });
});

describe('and / or grouping', () => {
  it('an or term joins the previous term, an and term starts a group', async () => {
    // (PASS or FAIL) and C3
    expect(await where(term('state', 'eq', 'PASS', 'and'), term('state', 'eq', 'FAIL', 'or'), term('company_code', 'eq', 'C3', 'and')))
      .toEqual([17, 18]);
    // (SENT or C3) and qty <= 3
    expect(await where(term('state', 'eq', 'SENT'), term('company_code', 'eq', 'C3', 'or'), term('qty', 'lte', 3)))
      .toEqual([2, 3]);
    // C3 and (qty <= 17 or qty >= 20)
    expect(await where(term('company_code', 'eq', 'C3'), term('qty', 'lte', 17), term('qty', 'gte', 20, 'or')))
      .toEqual([17, 20]);
    // three-way or
    expect(await where(term('qty', 'eq', 1), term('qty', 'eq', 5, 'or'), term('qty', 'eq', 9, 'or'))).toEqual([1, 5, 9]);
  });

  it('a missing type is and; a leading or starts the first group', async () => {
    expect(await where(term('state', 'eq', 'SENT'), term('company_code', 'eq', 'C3'))).toEqual([19, 20]);
    expect(await where(term('qty', 'eq', 1, 'or'))).toEqual([1]);
    expect(await where(term('qty', 'eq', 1, 'OR'), term('qty', 'eq', 2, 'Or'))).toEqual([1, 2]);
  });

  it('ignored terms are dropped before grouping', async () => {
    // the empty 'or' term vanishes: qty 1 or qty 2
    expect(await where(term('qty', 'eq', 1), term('qty', 'eq', '', 'or'), term('qty', 'eq', 2, 'or'))).toEqual([1, 2]);
    // PASS and C2: the empty like between them does not make the group unconstrained
    expect(await where(term('state', 'eq', 'PASS'), term('order_no', 'like', '', 'or'), term('company_code', 'eq', 'C2')))
      .toEqual([12, 13]);
    // the empty first term vanishes, so the 'or' term starts the first group
    expect(await where(term('qty', 'eq', null), term('qty', 'eq', 2, 'or'), term('state', 'eq', 'SENT'))).toEqual([2]);
  });

  it("an or never escapes into the base query's own conditions", async () => {
    const compiled = compileListQuery({
      pageSize: 100,
      sorts: [{ name: 'id', order: 'asc' }],
      terms: [term('state', 'eq', 'SENT'), term('qty', 'eq', 20, 'or')],
    }, whitelist);
    const rows = await applySorts(applyTerms(base().where('b.company_code', '=', 'C1'), compiled), compiled).execute();
    expect(rows.map((r) => r.id)).toEqual([2, 3, 8, 9, 10]);
  });

  it('refuses an unknown join', () => {
    expect(termRefusal(term('qty', 'eq', 1, 'xor'))).toBe('不支持的条件连接方式: xor');
    expect(termRefusal({ column: 'qty', termType: 'eq', value: 1, type: 5 })).toBe('不支持的条件连接方式: 5');
  });
});

// ---- sorting --------------------------------------------------------------------------------

describe('sorts', () => {
  const order = async (sorts: unknown, options?: ListQueryOptions, terms: unknown[] = []) => {
    const compiled = compileListQuery({ pageSize: 100, sorts, terms }, whitelist, options);
    const rows = await applySorts(applyTerms(base(), compiled), compiled).execute();
    return rows.map((r) => r.id);
  };

  it('sorts by several columns, asc and desc', async () => {
    expect(await order([{ name: 'state', order: 'asc' }, { name: 'qty', order: 'desc' }])).toEqual([
      14, 1, 18, 7, 6, 17, 13, 12, 5, 4, 20, 19, 16, 15, 11, 10, 9, 8, 3, 2,
    ]);
    expect(await order([{ name: 'company_code', order: 'DESC' }, { name: 'amount', order: 'asc' }])).toEqual([
      17, 18, 19, 20, 11, 12, 13, 14, 15, 16, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(await order([{ name: 'qty' }], undefined, [term('qty', 'lte', 3)])).toEqual([1, 2, 3]);
  });

  it('defaults to app_time desc (nulls first, as Postgres orders them), with a tiebreaker', async () => {
    const expected = [14, 1, 20, 19, 18, 17, 16, 15, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
    expect(await order(undefined, { tiebreaker: 'b.id' })).toEqual(expected);
    expect(await order([], { tiebreaker: 'b.id' })).toEqual(expected);
    expect(await order(null, { tiebreaker: 'b.id' })).toEqual(expected);
    const compiled = compileListQuery({}, whitelist);
    expect(compiled.sorts.map((s) => [s.name, s.order])).toEqual([['app_time', 'desc']]);
  });

  it('honours a list-specific default sort', async () => {
    expect((await order(undefined, { defaultSort: [{ name: 'create_time', order: 'asc' }] })).slice(0, 3)).toEqual([2, 1, 3]);
  });

  it('the first of repeated names wins', async () => {
    expect(await order([{ name: 'qty', order: 'desc' }, { name: 'qty', order: 'asc' }], undefined, [term('qty', 'lte', 3)])).toEqual([3, 2, 1]);
  });

  it('refuses unknown names, unsortable columns and bad orders', () => {
    expect(refusal({ sorts: [{ name: 'foo', order: 'asc' }] })).toBe('不支持的排序字段: foo');
    expect(refusal({ sorts: [{ name: 'secret', order: 'asc' }] })).toBe('不支持的排序字段: secret');
    expect(refusal({ sorts: [{ name: 'toString', order: 'asc' }] })).toBe('不支持的排序字段: toString');
    expect(refusal({ sorts: [{ name: 'qty', order: 'up' }] })).toBe('不支持的排序方向: up');
    expect(refusal({ sorts: [{ name: 'qty', order: 1 }] })).toBe('不支持的排序方向: 1');
    expect(refusal({ sorts: [{ order: 'asc' }] })).toBe('不支持的排序字段: undefined');
    expect(refusal({ sorts: { name: 'qty' } })).toBe('查询参数不正确');
    expect(refusal({ sorts: ['qty'] })).toBe('查询参数不正确');
  });

  it('a default sort missing from the whitelist is a configuration bug, not a QueryError', () => {
    expect(() => compileListQuery({}, { qty: { kind: 'number' } })).toThrow(/not in the list's whitelist/);
    expect(() => compileListQuery({}, { qty: { kind: 'number' } })).not.toThrow(QueryError);
  });
});

// ---- paging ---------------------------------------------------------------------------------

describe('paging', () => {
  const byId = { sorts: [{ name: 'id', order: 'asc' }] };

  it('limits and offsets 0-based pages', async () => {
    expect(await ids({ pageIndex: 1, pageSize: 5 })).toEqual([6, 7, 8, 9, 10]);
    expect(await ids({ pageIndex: '3', pageSize: '6' })).toEqual([19, 20]);
  });

  it('answers {total, datas}, the total riding on the page query (and counted alone past the end)', async () => {
    const page = async (data: Record<string, unknown>) =>
      (await runPagedList(db, base(), compileListQuery({ ...byId, ...data }, whitelist), { simple: false })) as PagedResult<{ id: number }>;
    let r = await page({ pageIndex: 0, pageSize: 5 });
    expect(r.total).toBe(20);
    expect(r.datas.map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
    r = await page({ pageIndex: 3, pageSize: 6 });
    expect(r).toMatchObject({ total: 20 });
    expect(r.datas.map((d) => d.id)).toEqual([19, 20]);
    r = await page({ pageIndex: 10, pageSize: 5 });
    expect(r).toEqual({ total: 20, datas: [] });
    r = await page({ pageIndex: 0, pageSize: 10, terms: [term('state', 'eq', 'NONE')] });
    expect(r).toEqual({ total: 0, datas: [] });
    r = await page({ pageIndex: 1, pageSize: 2, terms: [term('state', 'eq', 'SENT')] });
    expect(r.total).toBe(10);
    expect(r.datas.map((d) => d.id)).toEqual([8, 9]);
    r = await page({ pageIndex: 0, pageSize: 20 });
    expect(r.total).toBe(20);
  });

  it('simple paging answers the rows only', async () => {
    const rows = await runPagedList(db, base(), compileListQuery({ ...byId, pageIndex: 1, pageSize: 3 }, whitelist), { simple: true });
    expect(Array.isArray(rows)).toBe(true);
    expect((rows as { id: number }[]).map((r) => r.id)).toEqual([4, 5, 6]);
  });

  it('missing paging falls back to page 0 of 50', () => {
    const c = compileListQuery({}, whitelist);
    expect([c.pageIndex, c.pageSize, c.offset]).toEqual([0, 50, 0]);
    expect(compileListQuery(null, whitelist).pageSize).toBe(50);
    expect(compileListQuery({ pageSize: null }, whitelist, { defaultPageSize: 10 }).pageSize).toBe(10);
    expect(compileListQuery({ pageIndex: 2, pageSize: 1000 }, whitelist).offset).toBe(2000);
  });

  it('refuses sizes out of 1..max, negative or fractional indexes', () => {
    for (const data of [
      { pageSize: 0 }, { pageSize: 1001 }, { pageSize: -5 }, { pageSize: 1.5 }, { pageSize: 'abc' }, { pageSize: '' },
      { pageIndex: -1 }, { pageIndex: 0.5 }, { pageIndex: '-1' }, { pageIndex: [] }, { pageIndex: 1e9 }, { pageSize: true },
    ]) {
      expect(refusal(data), JSON.stringify(data)).toBe('分页参数不正确');
    }
    expect(refusal({ pageSize: 101 }, { maxPageSize: 100 })).toBe('分页参数不正确');
    expect(compileListQuery({ pageSize: 100 }, whitelist, { maxPageSize: 100 }).pageSize).toBe(100);
  });
});

// ---- refusals and injection -----------------------------------------------------------------

describe('refusals', () => {
  it('refuses a request that is not an object', () => {
    for (const data of ['x', 5, [], true]) expect(refusal(data)).toBe('查询参数不正确');
    expect(refusal({ terms: {} })).toBe('查询参数不正确');
    expect(refusal({ terms: 'state=SENT' })).toBe('查询参数不正确');
    expect(refusal({ terms: [null] })).toBe('查询参数不正确');
    expect(refusal({ terms: [['state', 'eq', 'x']] })).toBe('查询参数不正确');
  });

  it('refuses unknown, non-filterable and prototype columns', () => {
    expect(termRefusal(term('foo', 'eq', 1))).toBe('不支持的查询字段: foo');
    expect(termRefusal(term('secret', 'eq', 1))).toBe('不支持的查询字段: secret');
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'b.state', 'STATE']) {
      expect(termRefusal(term(name, 'eq', 1))).toBe(`不支持的查询字段: ${name}`);
    }
    expect(termRefusal({ column: 7, termType: 'eq', value: 1 })).toBe('不支持的查询字段: 7');
    expect(termRefusal({ termType: 'eq', value: 1 })).toBe('不支持的查询字段: undefined');
  });

  it('refuses unknown term types', () => {
    expect(termRefusal(term('state', 'xx', 1))).toBe('不支持的查询类型: xx');
    expect(termRefusal(term('state', 'ne', 1))).toBe('不支持的查询类型: ne');
    expect(termRefusal({ column: 'state', value: 1 })).toBe('不支持的查询类型: undefined');
    expect(termRefusal({ column: 'state', termType: ['eq'], value: 1 })).toBe('不支持的查询类型: ["eq"]');
  });

  it('validates even a term whose value is empty', () => {
    expect(termRefusal(term('foo', 'eq', ''))).toBe('不支持的查询字段: foo');
    expect(termRefusal(term('state', 'xx', null))).toBe('不支持的查询类型: xx');
  });

  it('accepts term types in any case', async () => {
    expect(await where(term('qty', 'EQ', 3))).toEqual([3]);
  });

  it('uses the Chinese label and truncates echoed input', () => {
    expect(termRefusal(term('company_code', 'eq', { x: 1 }))).toBe('查询条件企业编码的值不正确');
    const long = 'x'.repeat(500);
    expect(termRefusal(term(long, 'eq', 1))).toBe(`不支持的查询字段: ${'x'.repeat(64)}…`);
  });

  it('is a BizError: code -1, HTTP 200', () => {
    let error: unknown;
    try {
      compileListQuery({ terms: [term('foo', 'eq', 1)] }, whitelist);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BizError);
    expect(error).toMatchObject({ name: 'QueryError', code: -1, httpStatus: 200 });
  });
});

describe('SQL injection', () => {
  const tableIntact = async () => {
    const row = await db.selectFrom('bills_t').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(row.n).toBe(20);
  };

  it('values are bound parameters, matched literally', async () => {
    expect(await where(term('order_no', 'eq', "x' or '1'='1"))).toEqual([]);
    expect(await where(term('order_no', 'eq', INJECTION))).toEqual([11]);
    expect(await where(term('order_no', 'like', "'; drop table bills_t; --"))).toEqual([11]);
    expect(await where(term('order_no', 'in', ["'); drop table bills_t; --", INJECTION]))).toEqual([11]);
    expect(await where(term('create_time', 'btw', ['', '2026-01-01']), term('state', 'eq', "1' or 1=1 --", 'or'))).toEqual([1, 2]);
    await tableIntact();

    const compiled = compileListQuery({ terms: [term('order_no', 'like', "'; drop table x; --")] }, whitelist);
    const { sql: text, parameters } = applyTerms(base(), compiled).compile();
    expect(text).not.toContain('drop');
    expect(parameters).toEqual(["%'; drop table x; --%"]);
  });

  it('column and sort names outside the whitelist are refused', async () => {
    expect(termRefusal(term('state = state or 1=1 --', 'eq', 'x'))).toBe('不支持的查询字段: state = state or 1=1 --');
    expect(termRefusal(term('state"; drop table bills_t; --', 'eq', 'x'))).toBe('不支持的查询字段: state"; drop table bills_t; --');
    expect(refusal({ sorts: [{ name: 'id; drop table bills_t', order: 'asc' }] })).toBe('不支持的排序字段: id; drop table bills_t');
    expect(refusal({ sorts: [{ name: 'id', order: 'asc; drop table bills_t' }] })).toBe('不支持的排序方向: asc; drop table bills_t');
    expect(termRefusal(term('state', 'eq; drop table bills_t', 'x'))).toBe('不支持的查询类型: eq; drop table bills_t');
    await tableIntact();
  });
});

// ---- state counts ---------------------------------------------------------------------------

describe('state counts', () => {
  it('groups the filtered rows by state, counts as numbers', async () => {
    const compiled = compileListQuery({ pageIndex: 0, pageSize: 10, terms: [term('company_code', 'eq', 'C1')] }, whitelist);
    const counts = await runStateCount(db, base(), compiled, 'state');
    expect(counts).toEqual([
      { state: 'DRAFT', count: 1 },
      { state: 'FAIL', count: 2 },
      { state: 'PASS', count: 2 },
      { state: 'SENT', count: 5 },
    ]);
    for (const c of counts) expect(typeof c.count).toBe('number');
  });

  it('leaves out the state term unless told to keep it', async () => {
    const compiled = compileListQuery({
      terms: [term('state', 'eq', 'SENT'), term('create_time', 'btw', ['2026-01-15 00:00:00', '2026-01-31 23:59:59'])],
    }, whitelist);
    expect(await runStateCount(db, base(), compiled, 'state')).toEqual([
      { state: 'FAIL', count: 1 },
      { state: 'PASS', count: 1 },
      { state: 'SENT', count: 4 },
    ]);
    expect(await runStateCount(db, base(), compiled, 'state', { keepStateTerms: true })).toEqual([{ state: 'SENT', count: 4 }]);
  });

  it('counts everything without terms and answers [] when nothing matches', async () => {
    const all = await runStateCount(db, base(), compileListQuery({}, whitelist), 'state');
    expect(all.reduce((n, c) => n + c.count, 0)).toBe(20);
    const none = await runStateCount(db, base(), compileListQuery({ terms: [term('company_code', 'eq', 'C9')] }, whitelist), 'state');
    expect(none).toEqual([]);
  });
});

// ---- statements compiled once per shape -----------------------------------------------------

describe('statements compiled once per shape', () => {
  // Requests in families of one shape with other values, and neighbours whose shape differs only
  // in a missing bound, a numeric cast, an empty list, a join or a sort order.
  const requests: Record<string, unknown>[] = [
    { terms: [term('order_no', 'eq', 'SO-001')] },
    { terms: [term('order_no', 'eq', 'SO-002')] },
    { terms: [term('order_no', 'eq', '')] },
    { terms: [term('qty', 'eq', 5)] },
    { terms: [term('qty', 'eq', 2.5)] },
    { terms: [term('qty', 'eq', 3_000_000_000)] },
    { terms: [term('qty', 'eq', 7)] },
    { terms: [term('amount', 'btw', [10, 50])] },
    { terms: [term('amount', 'btw', [null, 50])] },
    { terms: [term('amount', 'btw', [60, null])] },
    { terms: [term('amount', 'btw', [10.5, 3_000_000_000])] },
    { terms: [term('amount', 'btw', [100, 120])] },
    { terms: [term('state', 'in', ['SENT', 'PASS'])] },
    { terms: [term('state', 'in', 'FAIL')] },
    { terms: [term('state', 'in', [])] },
    { terms: [term('id', 'in', [1, 2.5, 3])] },
    { terms: [term('id', 'in', [4, 5])] },
    { terms: [term('order_no', 'like', 'A%')] },
    { terms: [term('order_no', 'like', 'so')] },
    { terms: [term('state', 'eq', 'SENT'), term('state', 'eq', 'PASS', 'or'), term('company_code', 'eq', 'C1')] },
    { terms: [term('state', 'eq', 'FAIL'), term('state', 'eq', 'DRAFT', 'or'), term('company_code', 'eq', 'C3')] },
    { terms: [term('state', 'eq', 'FAIL'), term('state', 'eq', 'DRAFT'), term('company_code', 'eq', 'C3', 'or')] },
    { terms: [term('create_time', 'btw', ['2026-01-01 00:00:00', '2026-01-05 23:59:59'])] },
    { terms: [term('create_time', 'btw', ['2026-01-10 00:00:00', '2026-01-31 23:59:59'])] },
    { terms: [term('create_day', 'eq', '2026-01-04')] },
    { sorts: [{ name: 'id', order: 'desc' }] },
    { sorts: [{ name: 'app_time', order: 'asc' }, { name: 'id', order: 'desc' }] },
    { pageIndex: 2, pageSize: 3 },
    { pageIndex: 1, pageSize: 7, terms: [term('company_code', 'eq', 'C2')] },
    { pageIndex: 9, pageSize: 7, terms: [term('company_code', 'eq', 'C2')] },
  ];
  const request = (r: Record<string, unknown>) => compileListQuery({ pageSize: 1000, sorts: [{ name: 'id', order: 'asc' }], ...r }, whitelist, { tiebreaker: 'b.id' });

  it('answers every request as a fresh compile does, pages, totals and counts alike', async () => {
    const cache = { owner: {} };
    for (const r of requests) {
      for (const simple of [true, false]) {
        const fresh = await runPagedList(db, base(), request(r), { simple });
        expect(await runPagedList(db, base, request(r), { simple, cache }), JSON.stringify(r)).toEqual(fresh);
      }
      for (const keepStateTerms of [true, false]) {
        const fresh = await runStateCount(db, base(), request(r), 'state', { keepStateTerms });
        expect(await runStateCount(db, base, request(r), 'state', { keepStateTerms, cache }), JSON.stringify(r)).toEqual(fresh);
      }
    }
  });

  it("compiles a shape once and binds other values to it, the base query's own values too", async () => {
    let builds = 0;
    const company = (bind: (k: number) => unknown) => { builds += 1; return base().where('b.company_code', '=', bind(0) as string); };
    const owner = {};
    const ids = async (code: string, r: Record<string, unknown>) =>
      ((await runPagedList(db, company, request(r), { simple: true, cache: { owner, baseValues: [code] } })) as { id: number }[]).map((x) => x.id);
    expect(await ids('C2', { terms: [term('state', 'eq', 'PASS')] })).toEqual([12, 13]);
    expect(await ids('C1', { terms: [term('state', 'eq', 'PASS')] })).toEqual([4, 5]);
    expect(await ids('C1', { terms: [term('state', 'eq', 'FAIL')] })).toEqual([6, 7]);
    expect(await ids('C3', { pageIndex: 1, pageSize: 1, terms: [term('state', 'eq', 'SENT')] })).toEqual([20]);
    expect(builds).toBe(1);
    expect(await ids('C2', { terms: [term('qty', 'eq', 2.5)] })).toEqual([]);
    expect(await ids('C1', { terms: [term('qty', 'eq', 2)] })).toEqual([2]);
    expect(builds).toBe(3);
    const counts = await runStateCount(db, company, request({}), 'state', { cache: { owner, baseValues: ['C3'] } });
    expect(counts).toEqual([{ state: 'FAIL', count: 1 }, { state: 'PASS', count: 1 }, { state: 'SENT', count: 2 }]);
  });

  it('refuses a base that keeps its own value instead of binding it', async () => {
    const closed = () => base().where('b.company_code', '=', 'C1');
    await expect(runPagedList(db, closed, request({}), { simple: true, cache: { owner: {}, baseValues: ['C1'] } })).rejects.toThrow(/not bound/);
  });
});
