// decideBills folds a file's new receipts per bill through the lifecycle machine: the same end as
// applying them one by one in customs time order, one change per bill.
import { describe, expect, it } from 'vitest';
import type { LockedBill } from '../bill-events.ts';
import { nextStateOf } from '../bill-events.ts';
import { decideBills, type StoredElement } from './decide.ts';

const order = (id: number, over: Partial<LockedBill> = {}): LockedBill =>
  ({ id, company_id: 1, bill_key: 'order', mode: 'export', state: 'DECLARING', return_status: null, return_time: null, ...over });
const inventory = (id: number): LockedBill =>
  ({ id, company_id: 1, bill_key: 'detailedList', mode: 'import', state: 'DECLARING', return_status: null, return_time: null });
const receipt = (bill: LockedBill, returnStatus: string, returnTime: string, keys: Record<string, string> = {}): StoredElement =>
  ({ bill, returnStatus, returnTime, returnInfo: `info ${returnStatus}`, keys, event: { type: 'customs.receipt', returnStatus, returnTime } });

describe('decideBills', () => {
  it('orders a bill\'s receipts by customs time and keeps the newest', () => {
    const b = order(1);
    const { changes, applied } = decideBills([receipt(b, '120', '20260318110000000'), receipt(b, '2', '20260318100000000')]);
    expect(applied).toBe(2);
    expect(changes).toEqual([{
      id: 1, held: true, columns: {}, data: {},
      moved: { state: '120', return_status: '120', return_time: '20260318110000000', return_info: 'info 120' },
    }]);
  });

  it('never moves a bill back: a receipt older than the bill\'s own is stale, and only its numbers count', () => {
    const b = order(2, { state: '120', return_status: '120', return_time: '20260318110000000' });
    expect(decideBills([receipt(b, '2', '20260318100000000'), receipt(b, '120', '20260318110000000')]))
      .toEqual({ applied: 0, changes: [{ id: 2, held: true, columns: {}, data: {} }] });
  });

  it('a negative answer sets 申报异常 without holding the bill; a code outside the dictionary is a receipt only', () => {
    const b = order(3);
    expect(decideBills([receipt(b, '-301010', '20260318100000000')]).changes[0])
      .toMatchObject({ held: false, moved: { state: 'ERROR', return_status: '-301010' } });
    // 800 is not an export order state: stored, the bill stays, nothing to write but appType
    expect(decideBills([receipt(order(4), '800', '20260318100000000')])).toEqual({ applied: 0, changes: [{ id: 4, held: true, columns: {}, data: {} }] });
  });

  it('issued numbers: the newest receipt\'s value wins, per bill, into columns', () => {
    const inv = inventory(5);
    const { changes } = decideBills([
      receipt(inv, '800', '20260318120000000', { preNo: 'P2', invtNo: 'I2' }),
      receipt(inv, '2', '20260318100000000', { preNo: 'P1' }),
      receipt(order(6), '2', '20260318100000000', { preNo: 'ignored: orders have no preNo' }),
    ]);
    expect(changes.map((c) => [c.id, c.columns, c.moved?.state])).toEqual([[5, { pre_no: 'P2', invt_no: 'I2' }, '800'], [6, {}, '2']]);
  });

  it('elements without an event (tax bills) record numbers and never move the bill', () => {
    const inv = inventory(7);
    expect(decideBills([{ bill: inv, returnStatus: '1', returnTime: '20260318100000000', returnInfo: '', keys: { invtNo: 'I7' } }]))
      .toEqual({ applied: 0, changes: [{ id: 7, held: false, columns: { invt_no: 'I7' }, data: {} }] });
  });
});

describe('nextStateOf (memoised)', () => {
  it('answers by staleness, not by the times themselves', () => {
    const at = (time: string | null) => order(9, { state: '2', return_status: '2', return_time: time });
    const event = (returnTime: string) => ({ type: 'customs.receipt' as const, returnStatus: '120', returnTime });
    expect(nextStateOf(at('20260318100000000'), event('20260318110000000'))).toBe('120');
    expect(nextStateOf(at('20260318120000000'), event('20260318110000000'))).toBeUndefined();
    expect(nextStateOf(at('20260318110000000'), event('20260318110000000'))).toBeUndefined();
    expect(nextStateOf(at(null), event('20260318110000000'))).toBe('120');
    expect(nextStateOf(at('20260318090000000'), event('20260318110000000'))).toBe('120');
  });
});
