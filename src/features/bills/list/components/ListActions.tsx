/**
 * The top buttons (bills §2): the definition's list actions the page's module grants, in their
 * order. The running ones show their loader (a batch of the list, or the bulk job running beside it).
 */
import { Button, Group } from '@mantine/core';
import { memo } from 'react';
import type { ActionDef } from '../../../../../domain/bills/types.ts';
import { listActionKind } from '../action-kind.ts';

export interface ListActionsProps {
  actions: readonly ActionDef[];
  /** codes of the actions being carried out */
  busyCodes: readonly string[];
  /** the list is not idle: batch actions and export wait */
  disabled: boolean;
  onAction: (action: ActionDef) => void;
}

function ListActionsView({ actions, busyCodes, disabled, onAction }: ListActionsProps) {
  return (
    <Group gap={6} wrap="wrap">
      {actions.map((action) => {
        const kind = listActionKind(action);
        const busy = busyCodes.includes(action.code);
        return (
          <Button
            key={action.code}
            size="xs"
            variant={kind === 'add' ? 'filled' : 'light'}
            color={action.api === 'delete' ? 'red' : undefined}
            loading={busy}
            // opening the add page needs nothing of the list
            disabled={kind !== 'add' && disabled && !busy}
            onClick={() => onAction(action)}
          >
            {action.label}
          </Button>
        );
      })}
    </Group>
  );
}

export const ListActions = memo(ListActionsView);
