/**
 * The home page's month calendar (§2 Home): 42 cells, Monday first, each day with its lunar label;
 * previous and next month and year, and back to today.
 */
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { monthGrid, shiftMonth } from '../../../domain/content/calendar.ts';
import { homeText as t } from '../../../domain/texts/home.ts';
import classes from './Calendar.module.css';
import { lunarLabel } from './lunar.ts';

export interface Today { year: number; month: number; day: number }

export function Calendar({ today }: { today: Today }) {
  const [shown, setShown] = useState({ year: today.year, month: today.month });
  const cells = useMemo(() => monthGrid(shown.year, shown.month), [shown]);
  const move = (delta: number) => setShown((s) => shiftMonth(s.year, s.month, delta));
  const isToday = (c: { year: number; month: number; day: number }) => c.year === today.year && c.month === today.month && c.day === today.day;

  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" size="sm" aria-label={t.prevYear} onClick={() => move(-12)}>«</ActionIcon>
          <ActionIcon variant="subtle" size="sm" aria-label={t.prevMonth} onClick={() => move(-1)}>‹</ActionIcon>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} data-testid="calendar-title">{t.monthTitle(shown.year, shown.month)}</Text>
          <Button size="compact-xs" variant="light" onClick={() => setShown({ year: today.year, month: today.month })}>{t.today}</Button>
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" size="sm" aria-label={t.nextMonth} onClick={() => move(1)}>›</ActionIcon>
          <ActionIcon variant="subtle" size="sm" aria-label={t.nextYear} onClick={() => move(12)}>»</ActionIcon>
        </Group>
      </Group>
      <div className={classes.grid} role="grid" aria-label={t.monthTitle(shown.year, shown.month)}>
        {t.calendarHead.map((h) => <div key={h} className={classes.head} role="columnheader">{h}</div>)}
        {cells.map((c) => {
          const label = lunarLabel(c.year, c.month, c.day);
          return (
            <div key={c.date} role="gridcell" data-date={c.date} aria-current={isToday(c) ? 'date' : undefined}
              className={clsx(classes.cell, !c.inMonth && classes.outside, (c.weekday === 0 || c.weekday === 6) && classes.weekend, isToday(c) && classes.today)}>
              <div className={classes.day}>{c.day}</div>
              <div className={clsx(classes.lunar, label.special && classes.special)}>{label.text}</div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
