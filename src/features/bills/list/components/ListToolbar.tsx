/**
 * The bar above the state filter: the definition's action buttons on the left, then the bulk job's
 * indicator when its dialog is closed; the create window, 高级搜索 (with the number of conditions
 * set), refresh and 批量查询 on the right.
 */
import { ActionIcon, Button, Group, Indicator, Tooltip } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import type { ActionDef } from '../../../../../domain/bills/types.ts';
import type { TimeWindow } from '../../../../../domain/query.ts';
import { billListText, billText } from '../../../../../domain/texts/bills.ts';
import { BatchQueryMenu } from './BatchQueryMenu.tsx';
import { CreateWindowInput } from './CreateWindowInput.tsx';
import { ListActions } from './ListActions.tsx';

export interface ListToolbarProps {
  actions: readonly ActionDef[];
  busyCodes: readonly string[];
  /** the bulk job's indicator (JobIndicator), when there is one to show */
  jobIndicator?: ReactNode;
  /** the list is idle: actions may start */
  ready: boolean;
  /** an action, export or import is running */
  busy: boolean;
  createWindow: TimeWindow | null;
  /** the number of 条件查询 conditions in force; undefined = no 高级搜索 (no permission or fields) */
  conditionCount?: number;
  onAction: (action: ActionDef) => void;
  onWindow: (window: TimeWindow) => void;
  onToggleSearch: () => void;
  onRefresh: () => void;
  onImport?: () => void;
  onTemplate?: () => void;
  /** 列设置 (ColumnChooser) */
  columnChooser?: ReactNode;
}

const refreshGlyph = { fontSize: 16, lineHeight: 1 } as const;

function ListToolbarView(props: ListToolbarProps) {
  const { actions, busyCodes, jobIndicator, ready, busy, createWindow, conditionCount, onAction, onWindow, onToggleSearch, onRefresh, onImport, onTemplate, columnChooser } = props;
  return (
    // one line (issue 31 item 7): the controls on the right keep their width, the actions take what
    // is left and put what does not fit under 更多操作 (ListActions)
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 0', minWidth: 0 }}>
        <ListActions actions={actions} busyCodes={busyCodes} disabled={!ready} onAction={onAction} />
        {jobIndicator}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {createWindow && <CreateWindowInput window={createWindow} onChange={onWindow} />}
        {conditionCount !== undefined && (
          <Indicator label={conditionCount} size={16} disabled={conditionCount === 0} title={billListText.conditionCount(conditionCount)}>
            <Button size="xs" variant="default" disabled={busy} onClick={onToggleSearch}>
              {billText.advancedSearch}
            </Button>
          </Indicator>
        )}
        <Tooltip label={billListText.refresh} withArrow>
          <ActionIcon variant="default" size={30} aria-label={billListText.refresh} disabled={busy} onClick={onRefresh}>
            <span aria-hidden style={refreshGlyph}>↻</span>
          </ActionIcon>
        </Tooltip>
        <BatchQueryMenu disabled={busy} onImport={onImport} onTemplate={onTemplate} />
        {columnChooser}
      </Group>
    </Group>
  );
}

export const ListToolbar = memo(ListToolbarView);
