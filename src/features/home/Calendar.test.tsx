import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '../../testing/render.tsx';
import { Calendar } from './Calendar.tsx';

describe('Calendar', () => {
  it('shows 42 days from Monday with lunar labels, today marked, and moves by month and year', () => {
    render(<Calendar today={{ year: 2026, month: 11, day: 21 }} />);
    const grid = screen.getByRole('grid');
    const cells = within(grid).getAllByRole('gridcell');
    expect(cells).toHaveLength(42);
    expect(cells[0]!.getAttribute('data-date')).toBe('2026-10-26');
    const today = grid.querySelector('[aria-current="date"]')!;
    expect(today.getAttribute('data-date')).toBe('2026-11-21');
    expect(today.textContent).toBe('21十三');
    expect(grid.querySelector('[data-date="2026-11-07"]')!.textContent).toBe('7立冬');
    fireEvent.click(screen.getByRole('button', { name: '下个月' }));
    expect(screen.getByTestId('calendar-title').textContent).toBe('2026年12月');
    fireEvent.click(screen.getByRole('button', { name: '下一年' }));
    expect(screen.getByTestId('calendar-title').textContent).toBe('2027年12月');
    expect(screen.getByRole('grid').querySelector('[aria-current="date"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    fireEvent.click(screen.getByRole('button', { name: '上一年' }));
    expect(screen.getByTestId('calendar-title').textContent).toBe('2026年11月');
  });
});
