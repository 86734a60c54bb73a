/**
 * The filters every review queue has: state (multi-select, the waiting states chosen at first),
 * company (name, contains), application time (a day range) and the record's number; 查询 sends
 * the terms, 重置 goes back to the waiting states.
 */
import { Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { rangeEnd, rangeStart, type Term } from '../../../../domain/query.ts';
import { reviewSettlementText as t } from '../../../../domain/texts/review-settlement.ts';

type Range = [string | null, string | null];
export interface QueueFilter { states: string[]; company: string; range: Range; number: string }
export interface QueueColumns {
  /** the time column of the application */
  time: string;
  /** the number's column and how it matches (a text number contains, an id equals) */
  number: { column: string; termType: 'like' | 'eq'; label: string };
}

export const waitingFilter = (states: string[]): QueueFilter => ({ states, company: '', range: [null, null], number: '' });

export function queueTerms(f: QueueFilter, columns: QueueColumns): Term[] {
  const out: Term[] = [];
  if (f.states.length) out.push({ column: 'state', termType: 'in', type: 'and', value: f.states });
  if (f.company.trim()) out.push({ column: 'company_name', termType: 'like', type: 'and', value: f.company.trim() });
  if (f.range[0] && f.range[1]) out.push({ column: columns.time, termType: 'btw', type: 'and', value: [rangeStart(f.range[0]), rangeEnd(f.range[1])] });
  const number = f.number.trim();
  if (number) {
    const value = columns.number.termType === 'eq' && /^\d+$/.test(number) ? Number(number) : number;
    out.push({ column: columns.number.column, termType: columns.number.termType, type: 'and', value });
  }
  return out;
}

export function QueueFilters({ stateOptions, waiting, columns, onSearch }: {
  stateOptions: { value: string; label: string }[]; waiting: string[]; columns: QueueColumns; onSearch: (terms: Term[]) => void;
}) {
  const [f, setF] = useState<QueueFilter>(() => waitingFilter(waiting));
  const set = (patch: Partial<QueueFilter>) => setF((old) => ({ ...old, ...patch }));
  return (
    <Group gap="sm" align="flex-end">
      <MultiSelect label={t.state} data={stateOptions} value={f.states} onChange={(states) => set({ states })} clearable w={280} />
      <TextInput label={t.companyName} value={f.company} onChange={(e) => set({ company: e.currentTarget.value })} w={200} />
      <DatePickerInput type="range" label={t.appTime} valueFormat="YYYY-MM-DD" clearable value={f.range} onChange={(v) => set({ range: v as Range })} w={240} />
      <TextInput label={columns.number.label} value={f.number} onChange={(e) => set({ number: e.currentTarget.value })} w={200} />
      <Button onClick={() => onSearch(queueTerms(f, columns))}>{t.search}</Button>
      <Button variant="default" onClick={() => { const reset = waitingFilter(waiting); setF(reset); onSearch(queueTerms(reset, columns)); }}>{t.reset}</Button>
    </Group>
  );
}
