/**
 * The state filter (bills §2, §4): 全部 and every state of the bill's dictionary, each with the
 * count the count call answered (a dictionary state without a count yet shows none). Tabs, so the
 * arrow keys move between states; a small loader while the counts are being asked.
 * One line: the tabs that fit the width are shown, the rest are items of a 更多 menu with their
 * counts (issue 31 item 7, which replaced issue 19's strip scrolled with ‹ ›). The chosen state
 * always stays among the shown tabs, so choosing one in 更多 brings it into the line, active.
 */
import { Box, Button, Group, Loader, Menu, Tabs, Text, type ButtonProps } from '@mantine/core';
import { memo, type ComponentPropsWithRef } from 'react';
import { billListText } from '../../../../../domain/texts/bills.ts';
import type { StateCountItem } from '../../../../../machines/bill-list.ts';
import type { BillStateItem } from '../../../../lib/dictionaries.ts';
import { ghostStyle, rowBoxStyle, useFit } from '../use-fit.ts';
import { GhostText } from './GhostText.tsx';

const ALL = '__all';
/** the gap between the tabs and 更多 */
const MORE_GAP = 4;
const listStyle = { flexWrap: 'nowrap' } as const;
/** the loader's place is kept while it is away, so the tabs do not refit when the counts arrive */
const loaderBox = { width: 14, flexShrink: 0, display: 'flex' } as const;

export interface StateFilterProps {
  /** the bill's state dictionary, in display order */
  states: readonly BillStateItem[];
  counts: readonly StateCountItem[];
  countsLoading: boolean;
  active: string | null;
  onChange: (state: string | null) => void;
}

interface TabItem {
  value: string;
  label: string;
  count: number | null | undefined;
}

const countText = (count: number | null | undefined, ghost = false) =>
  count != null && (
    <Text component="span" size="xs" ml={6} fw={600} c={count > 0 ? 'blue' : 'dimmed'}>
      {ghost ? <GhostText text={count} /> : count}
    </Text>
  );

const tab = ({ value, label, count }: TabItem, ghost = false) => (
  <Tabs.Tab key={value} value={value} py={6} px="sm" style={{ flexShrink: 0 }}>
    {ghost ? <GhostText text={label} /> : label}
    {countText(count, ghost)}
  </Tabs.Tab>
);
const ghostTab = (item: TabItem) => tab(item, true);

/** 更多; Menu.Target hands it its ref and handlers */
function MoreButton({ ghost, ...props }: ButtonProps & ComponentPropsWithRef<'button'> & { ghost?: boolean }) {
  return (
    <Button size="xs" variant="subtle" px={8} rightSection={<span aria-hidden>▾</span>} style={{ flexShrink: 0 }} {...props}>
      {ghost ? <GhostText text={billListText.moreStates} /> : billListText.moreStates}
    </Button>
  );
}

function StateFilterView({ states, counts, countsLoading, active, onChange }: StateFilterProps) {
  const countOf = new Map(counts.map((c) => [c.state, Number(c.count || 0)]));
  const total = counts.length ? counts.reduce((sum, c) => sum + Number(c.count || 0), 0) : null;
  // the dictionary gives the order; states only the counts know (or no dictionary) follow
  const items: TabItem[] = [
    { value: ALL, label: billListText.all, count: total },
    ...[...states, ...counts.filter((c) => !states.some((s) => s.state === c.state))].map((s) => ({ value: s.state, label: s.stateName, count: countOf.get(s.state) })),
  ];
  const current = active ?? ALL;
  const { row, ghost, fit } = useFit(items.length, items.findIndex((i) => i.value === current), MORE_GAP);
  const shown = fit ? fit.shown.map((i) => items[i]!) : items;
  const hidden = fit ? fit.hidden.map((i) => items[i]!) : [];
  const change = (v: string | null) => onChange(v === null || v === ALL ? null : v);
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Box ref={row} style={rowBoxStyle}>
        {/* the copy: every tab and 更多, measured by useFit */}
        <Tabs value={current} aria-hidden inert style={ghostStyle}>
          <Tabs.List ref={ghost} style={listStyle}>
            {items.map(ghostTab)}
            <MoreButton ghost />
          </Tabs.List>
        </Tabs>
        <Group gap={MORE_GAP} wrap="nowrap" align="center">
          <Tabs value={current} onChange={change} style={{ minWidth: 0 }}>
            <Tabs.List style={listStyle}>{shown.map((item) => tab(item))}</Tabs.List>
          </Tabs>
          {hidden.length > 0 && (
            <Menu position="bottom-end" shadow="md" withinPortal>
              <Menu.Target>
                <MoreButton />
              </Menu.Target>
              <Menu.Dropdown>
                {hidden.map((item) => (
                  <Menu.Item key={item.value} onClick={() => change(item.value)}>
                    {item.label}
                    {countText(item.count)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Box>
      <Box style={loaderBox}>{countsLoading && <Loader size={14} aria-label={billListText.countsLoading} />}</Box>
    </Group>
  );
}

export const StateFilter = memo(StateFilterView);
