import { describe, expect, it } from 'vitest';
import { billActions } from '../domain/bills/actions.ts';
import type { TimeWindow } from '../domain/query.ts';
import { batchInput, countRequest, countsKeyOf, exportRequest, listRequest, partitionByLifecycle } from './bill-list-requests.ts';
import type { BillListContext, BillRow } from './bill-list-types.ts';

const declare = billActions.find((a) => a.code === 'batchDeclare')!;
const window: TimeWindow = ['2025-11-21 00:00:00', '2026-11-21 23:59:59'];
const row = (id: number, state = 'DRAFT'): BillRow => ({ id, state, orderNo: `SO${id}` });
const windowTerm = { column: 'create_time', termType: 'btw', value: window };
const context = (patch: Partial<BillListContext> = {}): BillListContext => ({
  state: null, terms: [], window, imported: [], sorts: [{ name: 'app_time', order: 'desc' }],
  pageIndex: 2, pageSize: 50, rows: [], total: 0, estimated: false, counts: [], countsKey: null,
  selected: [], pending: null, result: null, error: null, missed: false, ...patch,
});

describe('bill-list requests', () => {
  it('list: dialog terms, the window, imported ids, then the state filter, on the current page', () => {
    const c = context({
      state: 'DRAFT',
      terms: [{ column: 'order_no', termType: 'like', value: 'SO' }],
      imported: [{ column: 'order_no', termType: 'in', value: ['SO1'] }],
    });
    expect(listRequest(c)).toEqual({
      pageIndex: 2, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }],
      terms: [c.terms[0], windowTerm, c.imported[0], { column: 'state', termType: 'eq', value: 'DRAFT' }],
    });
  });

  it('counts: page 0 of 10, without the state filter; their key ignores paging and the state', () => {
    const c = context({ state: 'DRAFT' });
    expect(countRequest(c)).toEqual({ pageIndex: 0, pageSize: 10, sorts: c.sorts, terms: [windowTerm] });
    expect(countsKeyOf(c)).toBe(countsKeyOf(context({ state: null, pageIndex: 0 })));
    expect(countsKeyOf(c)).not.toBe(countsKeyOf(context({ window: null })));
  });

  it('export: the conditions from page 0, or only the selected ids', () => {
    const c = context({ selected: [row(3), row(4)] });
    expect(exportRequest(c, false)).toMatchObject({ pageIndex: 0, terms: [windowTerm] });
    expect(exportRequest(c, true).terms).toEqual([{ column: 'id', termType: 'in', value: [3, 4] }]);
  });

  it('batch: the pending action on its eligible rows, in the window, with the prompt answer', () => {
    const c = context({ pending: { action: declare, rows: [row(1)], excluded: [row(2, '120')] } });
    expect(batchInput(c, { reason: '重复' })).toEqual({ action: declare, ids: [1], window, values: { reason: '重复' } });
  });
});

describe('partitionByLifecycle', () => {
  it('keeps rows whose state accepts the event; stateless rows are the server’s to judge', () => {
    const rows = [row(1, 'DRAFT'), row(2, '120'), row(3, '100'), { id: 4 }, row(5, 'DECLARING')];
    expect(partitionByLifecycle(rows, declare)).toEqual({ rows: [rows[0], rows[2], rows[3]], excluded: [rows[1], rows[4]] });
    const resend = billActions.find((a) => a.code === 'sendReciept')!;
    expect(partitionByLifecycle(rows, resend).rows.map((r) => r.id)).toEqual([2, 3, 4]);
    // an action without a lifecycle event goes to every row
    expect(partitionByLifecycle(rows, { ...declare, event: undefined }).excluded).toEqual([]);
  });
});
