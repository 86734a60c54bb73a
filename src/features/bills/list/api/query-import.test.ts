import { describe, expect, it } from 'vitest';
import { mergeQueries } from './query-import.ts';
import { toListPage } from './list.ts';

describe('mergeQueries', () => {
  it('merges the values of every file into one `in` term per column, without repeats or blanks', () => {
    expect(mergeQueries([
      { column: 'order_no', values: ['SO1', 'SO2', ' '] },
      { column: 'order_no', values: ['SO2', ' SO3 '] },
      { column: 'logistics_no', values: [12] },
    ])).toEqual([
      { column: 'order_no', termType: 'in', value: ['SO1', 'SO2', 'SO3'] },
      { column: 'logistics_no', termType: 'in', value: ['12'] },
    ]);
    expect(mergeQueries([{ column: 'order_no', values: [] }])).toEqual([]);
  });
});

describe('toListPage', () => {
  it('reads {total, datas}, and a bare array (simple paging) as rows without a total', () => {
    expect(toListPage({ total: 3, datas: [{ id: 1 }] })).toEqual({ rows: [{ id: 1 }], total: 3 });
    expect(toListPage([{ id: 1 }])).toEqual({ rows: [{ id: 1 }] });
  });
});
