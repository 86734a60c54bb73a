/**
 * The top buttons (bills §2): the definition's list actions the page's module grants, in their
 * order. The running one shows its loader.
 */
import { Button, Group } from '@mantine/core';
import { memo } from 'react';
import type { ActionDef } from '../../../../../domain/bills/types.ts';
import { listActionKind } from '../action-kind.ts';

export interface ListActionsProps {
  actions: readonly ActionDef[];
  /** code of the action being carried out */
  busyCode: string | null;
  /** the list is not idle: batch actions and export wait */
  disabled: boolean;
  onAction: (action: ActionDef) => void;
}

function ListActionsView({ actions, busyCode, disabled, onAction }: ListActionsProps) {
  return (
    <Group gap={6} wrap="nowrap">
      {actions.map((action) => {
        const kind = listActionKind(action);
        return (
          <Button
            key={action.code}
            size="xs"
            variant={kind === 'add' ? 'filled' : 'light'}
            color={action.api === 'delete' ? 'red' : undefined}
            loading={busyCode === action.code}
            // opening the add page needs nothing of the list
            disabled={kind !== 'add' && disabled && busyCode !== action.code}
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
