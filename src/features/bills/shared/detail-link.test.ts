import { describe, expect, it } from 'vitest';
import { billDetailPath, billListPath } from './detail-link.ts';

describe('bill page paths', () => {
  it('links the detail with the id and the list’s create window; without an id it is the add page', () => {
    expect(billListPath('export', 'order')).toBe('/bill/export/order');
    expect(billDetailPath('export', 'order')).toBe('/details/export/order');
    const href = billDetailPath('export', 'order', 7, ['2025-11-21 00:00:00', '2026-11-21 23:59:59']);
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/details/export/order');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: '7', startTime: '2025-11-21 00:00:00', endTime: '2026-11-21 23:59:59' });
    expect(billDetailPath('export', 'order', 7, null)).toBe('/details/export/order?id=7');
  });
});
