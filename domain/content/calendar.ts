/**
 * The home page's month calendar (accounts-and-enterprise.md §2 Home): 42 cells, six weeks starting
 * on Monday, with the days of the neighbouring months that fill the first and last weeks. Dates are
 * plain calendar dates (no time zone): the browser passes its own today.
 */
export const CALENDAR_CELLS = 42;

export interface CalendarCell {
  /** YYYY-MM-DD */
  date: string;
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Days in a month (month 1–12). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function monthGrid(year: number, month: number): CalendarCell[] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  // Monday first: how many days of the previous month precede the 1st (0 when the 1st is a Monday)
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: CalendarCell[] = [];
  for (let i = 0; i < CALENDAR_CELLS; i++) {
    const d = new Date(Date.UTC(year, month - 1, 1 - lead + i));
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    cells.push({ date: isoDate(y, m, d.getUTCDate()), year: y, month: m, day: d.getUTCDate(), weekday: d.getUTCDay(), inMonth: m === month && y === year });
  }
  return cells;
}

/** The month `delta` months away (delta may be ±12 for a year). */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
