/**
 * The top buttons (bills §2): the definition's list actions the page's module grants, in their
 * order. The running ones show their loader (a batch of the list, or the bulk job running beside it).
 * A list with many (出口清单: 18) shows the first MAIN_ACTIONS as buttons and the rest in a
 * 更多操作 menu (issue 19); both hold only what the module grants, so permissions are unchanged.
 */
import { Button, Group, Menu } from '@mantine/core';
import { memo } from 'react';
import type { ActionDef } from '../../../../../domain/bills/types.ts';
import { billListText } from '../../../../../domain/texts/bills.ts';
import { listActionKind } from '../action-kind.ts';

/** buttons shown before the rest go to 更多操作 (a menu for one or two would only hide them) */
export const MAIN_ACTIONS = 6;

export interface ListActionsProps {
  actions: readonly ActionDef[];
  /** codes of the actions being carried out */
  busyCodes: readonly string[];
  /** the list is not idle: batch actions and export wait */
  disabled: boolean;
  onAction: (action: ActionDef) => void;
}

/** The buttons and the menu: all as buttons up to MAIN_ACTIONS + 2, else the first MAIN_ACTIONS. */
export function splitActions(actions: readonly ActionDef[]): { main: readonly ActionDef[]; more: readonly ActionDef[] } {
  if (actions.length <= MAIN_ACTIONS + 2) return { main: actions, more: [] };
  return { main: actions.slice(0, MAIN_ACTIONS), more: actions.slice(MAIN_ACTIONS) };
}

function ListActionsView({ actions, busyCodes, disabled, onAction }: ListActionsProps) {
  const { main, more } = splitActions(actions);
  // opening the add page needs nothing of the list
  const off = (action: ActionDef) => listActionKind(action) !== 'add' && disabled && !busyCodes.includes(action.code);
  const moreBusy = more.some((a) => busyCodes.includes(a.code));
  return (
    <Group gap={6} wrap="wrap">
      {main.map((action) => {
        const kind = listActionKind(action);
        return (
          <Button
            key={action.code}
            size="xs"
            variant={kind === 'add' ? 'filled' : 'light'}
            color={action.api === 'delete' ? 'red' : undefined}
            loading={busyCodes.includes(action.code)}
            disabled={off(action)}
            onClick={() => onAction(action)}
          >
            {action.label}
          </Button>
        );
      })}
      {more.length > 0 && (
        <Menu position="bottom-start" shadow="md" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" loading={moreBusy} rightSection={<span aria-hidden>▾</span>}>{billListText.moreActions}</Button>
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
  );
}

export const ListActions = memo(ListActionsView);
