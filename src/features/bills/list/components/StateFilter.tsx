/**
 * The state filter (bills §2, §4): 全部 and every state of the bill's dictionary, each with the
 * count the count call answered (a dictionary state without a count yet shows none). Tabs, so the
 * arrow keys move between states; a small loader while the counts are being asked.
 */
import { Group, Loader, Tabs, Text } from '@mantine/core';
import { memo } from 'react';
import { billListText } from '../../../../../domain/texts/bills.ts';
import type { StateCountItem } from '../../../../../machines/bill-list.ts';
import type { BillStateItem } from '../../../../lib/dictionaries.ts';

const ALL = '__all';

export interface StateFilterProps {
  /** the bill's state dictionary, in display order */
  states: readonly BillStateItem[];
  counts: readonly StateCountItem[];
  countsLoading: boolean;
  active: string | null;
  onChange: (state: string | null) => void;
}

function StateFilterView({ states, counts, countsLoading, active, onChange }: StateFilterProps) {
  const countOf = new Map(counts.map((c) => [c.state, Number(c.count || 0)]));
  // the dictionary gives the order; states only the counts know (or no dictionary) follow
  const tabs = [...states, ...counts.filter((c) => !states.some((s) => s.state === c.state))];
  const total = counts.length ? counts.reduce((sum, c) => sum + Number(c.count || 0), 0) : null;
  const current = active ?? ALL;
  const tab = (value: string, label: string, count: number | null | undefined) => (
    <Tabs.Tab key={value} value={value} py={6} px="sm">
      {label}
      {count != null && (
        <Text component="span" size="xs" ml={6} fw={600} c={count > 0 ? 'blue' : 'dimmed'}>
          {count}
        </Text>
      )}
    </Tabs.Tab>
  );
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Tabs value={current} onChange={(v) => onChange(v === null || v === ALL ? null : v)} style={{ minWidth: 0, flex: 1 }}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tab(ALL, billListText.all, total)}
          {tabs.map((s) => tab(s.state, s.stateName, countOf.get(s.state)))}
        </Tabs.List>
      </Tabs>
      {countsLoading && <Loader size={14} aria-label={billListText.countsLoading} />}
    </Group>
  );
}

export const StateFilter = memo(StateFilterView);
