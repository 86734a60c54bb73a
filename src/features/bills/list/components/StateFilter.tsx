/**
 * The state filter (bills §2, §4): 全部 and every state of the bill's dictionary, each with the
 * count the count call answered (a dictionary state without a count yet shows none). Tabs, so the
 * arrow keys move between states; a small loader while the counts are being asked.
 * Many states (出口清单: 21) stay on one line that scrolls with ‹ › buttons (no scrollbar), and the
 * chosen tab is scrolled into view (issue 19).
 */
import { ActionIcon, Group, Loader, Tabs, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { billListText } from '../../../../../domain/texts/bills.ts';
import type { StateCountItem } from '../../../../../machines/bill-list.ts';
import type { BillStateItem } from '../../../../lib/dictionaries.ts';

const ALL = '__all';
/** one press of an arrow scrolls this share of the visible strip */
const STEP = 0.8;
const listStyle = { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none', scrollBehavior: 'smooth' } as const;

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
  const strip = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const next = { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
    setEdges((e) => (e.left === next.left && e.right === next.right ? e : next));
  }, []);
  useLayoutEffect(() => {
    measure();
    const el = strip.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, tabs.length]);
  // the chosen state is always in view
  useEffect(() => {
    strip.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    el?.scrollBy?.({ left: direction * el.clientWidth * STEP });
  };
  const tab = (value: string, label: string, count: number | null | undefined) => (
    <Tabs.Tab key={value} value={value} py={6} px="sm" style={{ flexShrink: 0 }}>
      {label}
      {count != null && (
        <Text component="span" size="xs" ml={6} fw={600} c={count > 0 ? 'blue' : 'dimmed'}>
          {count}
        </Text>
      )}
    </Tabs.Tab>
  );
  return (
    <Group gap={4} wrap="nowrap" align="center">
      {(edges.left || edges.right) && (
        <ActionIcon variant="subtle" size="sm" aria-label={billListText.scrollStatesBack} disabled={!edges.left} onClick={() => scroll(-1)}>
          <span aria-hidden>‹</span>
        </ActionIcon>
      )}
      <Tabs value={current} onChange={(v) => onChange(v === null || v === ALL ? null : v)} style={{ minWidth: 0, flex: 1 }}>
        <Tabs.List ref={strip} style={listStyle} onScroll={measure}>
          {tab(ALL, billListText.all, total)}
          {tabs.map((s) => tab(s.state, s.stateName, countOf.get(s.state)))}
        </Tabs.List>
      </Tabs>
      {(edges.left || edges.right) && (
        <ActionIcon variant="subtle" size="sm" aria-label={billListText.scrollStatesOn} disabled={!edges.right} onClick={() => scroll(1)}>
          <span aria-hidden>›</span>
        </ActionIcon>
      )}
      {countsLoading && <Loader size={14} aria-label={billListText.countsLoading} />}
    </Group>
  );
}

export const StateFilter = memo(StateFilterView);
