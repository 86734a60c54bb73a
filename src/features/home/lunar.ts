/**
 * Lunar dates of the home page (§2 Home: the date block's lunar date and the calendar cells), from
 * tyme4ts (6tail's calendar library, MIT). Only this chunk loads it, so /login never pays for it.
 */
import { SolarDay } from 'tyme4ts';

/** 农历丙午年十月十三 */
export function lunarDate(year: number, month: number, day: number): string {
  return SolarDay.fromYmd(year, month, day).getLunarDay().toString();
}

/**
 * What a calendar cell shows under the day: a festival (solar or lunar), else the solar term on the
 * day it starts, else the lunar month's name on its first day (十月, 闰六月), else the lunar day (十三).
 */
export function lunarLabel(year: number, month: number, day: number): { text: string; special: boolean } {
  const solar = SolarDay.fromYmd(year, month, day);
  const lunar = solar.getLunarDay();
  const festival = lunar.getFestival()?.getName() ?? solar.getFestival()?.getName();
  if (festival) return { text: festival, special: true };
  const term = solar.getTermDay();
  if (term.getDayIndex() === 0) return { text: term.getSolarTerm().getName(), special: true };
  if (lunar.getDay() === 1) return { text: lunar.getLunarMonth().getName(), special: false };
  return { text: lunar.getName(), special: false };
}
