/**
 * The top buttons (bills §2): the definition's list actions the page's module grants, in their
 * order. The running ones show their loader (a batch of the list, or the bulk job running beside it).
 * One line (issue 31 item 7): the buttons that fit the width the toolbar leaves are shown, the rest
 * are items of a 更多操作 menu; both hold only what the module grants, so permissions are unchanged.
 * Where nothing can be measured (jsdom) the first MAIN_ACTIONS are buttons (issue 19's rule).
 */
import { Box, Button, Group, Menu, type ButtonProps } from '@mantine/core';
import { memo, type ComponentPropsWithRef } from 'react';
import type { ActionDef } from '../../../../../domain/bills/types.ts';
import { billListText } from '../../../../../domain/texts/bills.ts';
import { listActionKind } from '../action-kind.ts';
import { ghostStyle, rowBoxStyle, useFit } from '../use-fit.ts';
import { GhostText } from './GhostText.tsx';

/** buttons shown before the rest go to 更多操作 where widths are unknown (a menu for one or two would only hide them) */
export const MAIN_ACTIONS = 6;
const GAP = 6;
const rowStyle = { display: 'flex', flexWrap: 'nowrap', gap: GAP } as const;

export interface ListActionsProps {
  actions: readonly ActionDef[];
  /** codes of the actions being carried out */
  busyCodes: readonly string[];
  /** the list is not idle: batch actions and export wait */
  disabled: boolean;
  onAction: (action: ActionDef) => void;
}

/** Without widths: all as buttons up to MAIN_ACTIONS + 2, else the first MAIN_ACTIONS. */
export function splitActions(actions: readonly ActionDef[]): { main: readonly ActionDef[]; more: readonly ActionDef[] } {
  if (actions.length <= MAIN_ACTIONS + 2) return { main: actions, more: [] };
  return { main: actions.slice(0, MAIN_ACTIONS), more: actions.slice(MAIN_ACTIONS) };
}

/** 更多操作; Menu.Target hands it its ref and handlers */
function MoreButton({ ghost, ...props }: ButtonProps & ComponentPropsWithRef<'button'> & { ghost?: boolean }) {
  return (
    <Button size="xs" variant="light" rightSection={<span aria-hidden>▾</span>} style={{ flexShrink: 0 }} {...props}>
      {ghost ? <GhostText text={billListText.moreActions} /> : billListText.moreActions}
    </Button>
  );
}

function ListActionsView({ actions, busyCodes, disabled, onAction }: ListActionsProps) {
  const { row, ghost, fit } = useFit(actions.length, -1);
  const { main, more } = fit ? { main: fit.shown.map((i) => actions[i]!), more: fit.hidden.map((i) => actions[i]!) } : splitActions(actions);
  // opening the add page needs nothing of the list
  const off = (action: ActionDef) => listActionKind(action) !== 'add' && disabled && !busyCodes.includes(action.code);
  const moreBusy = more.some((a) => busyCodes.includes(a.code));
  const button = (action: ActionDef, live: boolean) => (
    <Button
      key={action.code}
      size="xs"
      variant={listActionKind(action) === 'add' ? 'filled' : 'light'}
      color={action.api === 'delete' ? 'red' : undefined}
      loading={live && busyCodes.includes(action.code)}
      disabled={live && off(action)}
      onClick={live ? () => onAction(action) : undefined}
      style={{ flexShrink: 0 }}
    >
      {live ? action.label : <GhostText text={action.label} />}
    </Button>
  );
  return (
    <Box ref={row} style={rowBoxStyle}>
      {/* the copy: every button and 更多操作, measured by useFit */}
      <div ref={ghost} aria-hidden inert style={{ ...ghostStyle, gap: GAP }}>
        {actions.map((a) => button(a, false))}
        <MoreButton ghost />
      </div>
      <Group gap={GAP} wrap="nowrap" style={rowStyle}>
        {main.map((a) => button(a, true))}
        {more.length > 0 && (
          <Menu position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <MoreButton loading={moreBusy} />
            </Menu.Target>
            <Menu.Dropdown>
              {more.map((action) => (
                <Menu.Item key={action.code} disabled={off(action)} color={action.api === 'delete' ? 'red' : undefined} onClick={() => onAction(action)}>
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Box>
  );
}

export const ListActions = memo(ListActionsView);
