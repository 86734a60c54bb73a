import { describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { defaultWindow } from './create-window.ts';

const list = exportOrder.list;

describe('defaultWindow', () => {
  it('one year back (29 Feb → 28 Feb), the last 7 days, or none', () => {
    expect(defaultWindow(list, new Date(2028, 1, 29, 9))).toEqual(['2027-02-28 00:00:00', '2028-02-29 23:59:59']);
    expect(defaultWindow({ ...list, createWindow: 'week' }, new Date(2026, 10, 21))).toEqual(['2026-11-15 00:00:00', '2026-11-21 23:59:59']);
    expect(defaultWindow({ ...list, noCreateTime: true }, new Date(2026, 10, 21))).toBeNull();
  });
});
