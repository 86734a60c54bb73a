import { describe, expect, it } from 'vitest';
import { feedbackText, ticketText } from '../texts/tickets.ts';
import { settingsText } from '../texts/settings.ts';
import { upgradeText } from '../texts/upgrade.ts';
import { CALENDAR_CELLS, daysInMonth, monthGrid, shiftMonth } from './calendar.ts';
import { feedbackProblems } from './feedback.ts';
import { functionTypeOf } from './functions.ts';
import { settingProblems } from './settings.ts';
import { screenshotProblem, ticketAccepts, ticketProblems, ticketStateAfter, ticketStateName } from './tickets.ts';
import { countdownLeft, upgradePasswordProblem, upgradeStepIndex } from './upgrade.ts';

describe('the month calendar', () => {
  it('lays out 42 cells from the Monday on or before the 1st', () => {
    const nov = monthGrid(2026, 11); // 1 November 2026 is a Sunday
    expect(nov).toHaveLength(CALENDAR_CELLS);
    expect(nov[0]).toMatchObject({ date: '2026-10-26', weekday: 1, inMonth: false });
    expect(nov[6]).toMatchObject({ date: '2026-11-01', weekday: 0, inMonth: true });
    expect(nov.filter((c) => c.inMonth)).toHaveLength(30);
    expect(nov[41]).toMatchObject({ date: '2026-12-06', inMonth: false });
    const june = monthGrid(2026, 6); // 1 June 2026 is a Monday: no leading days
    expect(june[0]).toMatchObject({ date: '2026-06-01', inMonth: true });
    expect(monthGrid(2024, 2).filter((c) => c.inMonth)).toHaveLength(29);
    expect(new Set(monthGrid(2026, 3).map((c, i) => (i % 7 === 0 ? c.weekday : -1)))).toEqual(new Set([1, -1]));
  });

  it('moves by months and years across year ends', () => {
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 11, -12)).toEqual({ year: 2025, month: 11 });
    expect(daysInMonth(2100, 2)).toBe(28);
  });
});

describe('ticket rules', () => {
  it('asks for type, title, content and contact, counting characters', () => {
    expect(ticketProblems({}).map((e) => e.message)).toEqual([ticketText.typeRequired, ticketText.titleRequired, ticketText.contentRequired, ticketText.telephoneRequired]);
    expect(ticketProblems({ ticketType: 0, ticketTitle: 't', ticketContent: '内'.repeat(255), telephone: 'x' })).toEqual([]);
    expect(ticketProblems({ ticketType: '1', ticketTitle: 't', ticketContent: '内'.repeat(256), telephone: 'x' })).toEqual([{ field: 'ticketContent', message: ticketText.contentTooLong }]);
  });

  it('allows deletion while pending or closed, never while processed; unknown states read as closed', () => {
    expect(ticketAccepts('pending', 'delete')).toBe(true);
    expect(ticketAccepts('process', 'delete')).toBe(false);
    expect(ticketAccepts('stop', 'process')).toBe(false);
    expect(ticketStateAfter('close')).toBe('stop');
    // the service desk answers open tickets only; an answer takes a pending ticket
    expect(ticketAccepts('pending', 'reply')).toBe(true);
    expect(ticketAccepts('process', 'reply')).toBe(true);
    expect(ticketAccepts('stop', 'reply')).toBe(false);
    expect(ticketStateAfter('reply')).toBe('process');
    expect(ticketStateName('archived')).toBe('已关闭');
  });

  it('takes JPG and PNG screenshots up to 2 MB', () => {
    expect(screenshotProblem('a.PNG', 2 * 1024 * 1024)).toBeUndefined();
    expect(screenshotProblem('a.jpeg', 2 * 1024 * 1024 + 1)).toBe(ticketText.imageSize);
    expect(screenshotProblem('a.gif', 10)).toBe(ticketText.imageType);
  });
});

describe('feedback, settings and function rules', () => {
  it('checks feedback content and phone', () => {
    expect(feedbackProblems({ content: ' ' })).toEqual([{ field: 'content', message: feedbackText.contentRequired }]);
    expect(feedbackProblems({ content: 'ok', phone: '1380574000' })).toEqual([{ field: 'phone', message: feedbackText.phoneBad }]);
    expect(feedbackProblems({ content: 'ok', phone: '' })).toEqual([]);
  });

  it('requires type, code and value of a parameter', () => {
    expect(settingProblems({}).map((e) => e.message)).toEqual([settingsText.typeRequired, settingsText.codeRequired, settingsText.valueRequired]);
    expect(settingProblems({ type: 'a', code: 'b', value: 0 })).toEqual([]);
  });

  it('types functions by their page', () => {
    const m = (uri: string, hidden = false) => ({ id: 1, uri, name: '', icon: '', hidden });
    expect(functionTypeOf(m('/bill/export/order'))).toBe('billExport');
    expect(functionTypeOf(m('/bill/import/order'))).toBe('import');
    expect(functionTypeOf(m('/workorder'))).toBe('common');
    expect(functionTypeOf(m('/workorder/edit', true))).toBeUndefined();
    expect(functionTypeOf(m('/home'))).toBeUndefined();
    expect(functionTypeOf(m(''))).toBeUndefined();
  });
});

describe('upgrade rules', () => {
  it('takes 8–20 characters of at least two kinds among letters, digits and symbols', () => {
    for (const ok of ['abcd1234', 'ABCD!@#$', '12345678!', 'a'.repeat(19) + '1']) expect(upgradePasswordProblem(ok), ok).toBeUndefined();
    for (const bad of ['abc123', 'abcdefgh', '12345678', 'a1'.repeat(10) + 'x', 'abcd 1234', '密码abcd1234']) expect(upgradePasswordProblem(bad), bad).toBe(upgradeText.passwordRule);
    expect(upgradePasswordProblem('')).toBe(upgradeText.passwordRequired);
  });

  it('counts the agreement down in whole seconds and numbers the steps', () => {
    expect(countdownLeft(0)).toBe(5);
    expect(countdownLeft(1)).toBe(5);
    expect(countdownLeft(4500)).toBe(1);
    expect(countdownLeft(5000)).toBe(0);
    expect(countdownLeft(-3000)).toBe(5);
    expect([upgradeStepIndex('notice'), upgradeStepIndex('agreement'), upgradeStepIndex('account'), upgradeStepIndex('finished')]).toEqual([0, 0, 1, 2]);
  });
});
