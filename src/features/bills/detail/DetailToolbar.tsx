/**
 * The detail buttons (bills §2): the definition's detail actions whose code the bill's list module
 * grants (bills §6), shown by mode and by the bill's lifecycle (an action whose lifecycle event
 * the bill's state refuses is not offered: 编辑 only in an 'editable' state), then 返回.
 * What a button does is chosen by its spec code (edit, save, saveDeclare, temporary, delete,
 * refresh); a code this page does not know (订单汇总 `summary`) is not shown.
 */
import { Button, Group } from '@mantine/core';
import type { ActionDef } from '../../../../domain/bills/types.ts';
import { billDetailText } from '../../../../domain/texts/bills.ts';

export interface ToolbarButton {
  /** the page mode the button belongs to; any: also while loading or after a failed load */
  mode: 'view' | 'edit' | 'any';
  run: (action: ActionDef) => void;
  /** the machine state in which this button's work is running */
  busyIn?: string;
  /**
   * the same permission offered in view mode under another label (保存并申报 → 申报 of a saved
   * draft: the stored copy declared without 编辑 first)
   */
  inView?: { label: string; run: () => void };
  /** false: not offered now (删除 on a form without body rows: nothing to delete, issue 31 item 14) */
  offered?: boolean;
}

export interface DetailToolbarProps {
  actions: readonly ActionDef[];
  buttons: Readonly<Record<string, ToolbarButton>>;
  granted: ReadonlySet<string>;
  /** view (also while refreshing or paging), edit (also while saving), none (loading, failed) */
  mode: 'view' | 'edit' | 'none';
  /** the machine is in a resting state (view, edit, failed) */
  idle: boolean;
  /** the state the machine is in */
  matches: (state: string) => boolean;
  /** the bill's lifecycle accepts this event */
  accepts: (event: string) => boolean;
  onBack: () => void;
  label: string;
}

export function DetailToolbar({ actions, buttons, granted, mode, idle, matches, accepts, onBack, label }: DetailToolbarProps) {
  const shown = actions.filter((a) => {
    const button = buttons[a.code];
    if (a.place !== 'detail' || !button || button.offered === false || !granted.has(a.code)) return false;
    const inMode = button.mode === 'any' || button.mode === mode || (mode === 'view' && button.inView !== undefined);
    if (!inMode) return false;
    return a.event === undefined || accepts(a.event);
  });
  return (
    <Group gap="xs" role="toolbar" aria-label={label}>
      {shown.map((a) => {
        const button = buttons[a.code]!;
        const running = button.busyIn !== undefined && matches(button.busyIn);
        const viewOnly = mode === 'view' && button.mode === 'edit' ? button.inView : undefined;
        return (
          <Button key={a.code} size="sm" variant={a.code === 'refresh' ? 'default' : 'filled'} loading={running}
            disabled={!idle && !running} onClick={() => (viewOnly ? viewOnly.run() : button.run(a))}>
            {viewOnly ? viewOnly.label : a.label}
          </Button>
        );
      })}
      <Button size="sm" variant="default" onClick={onBack}>{billDetailText.back}</Button>
    </Group>
  );
}
