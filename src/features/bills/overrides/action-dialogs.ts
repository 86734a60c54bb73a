/**
 * View overrides of the generic bill pages: the bill-specific dialogs a list action of kind
 * 'dialog' opens, by the name its definition gives (ActionDef.dialog). A definition stays plain
 * data; the few screens generic code cannot draw (批量离境 with its leaveTime, 订单汇总 …) register
 * here as they come. A dialog collects what its action sends besides the ids and the create window
 * and hands it to the list machine, which runs the action like any batch action (confirm →
 * running → reload, the per-bill result).
 */
import type { ComponentType } from 'react';
import type { ActionDef, BillDefinition } from '../../../../domain/bills/types.ts';
import type { BillRow, PendingAction } from '../../../../machines/bill-list.ts';
import type { Http } from '../../../lib/http.ts';
import { ActionFormDialog } from './ActionFormDialog.tsx';

export interface ActionDialogProps {
  definition: BillDefinition;
  /** the action with the selected rows it goes to and those the lifecycle excluded */
  pending: PendingAction;
  titleOf: (row: BillRow) => string;
  client: Http;
  /** runs the action with these fields (sent beside ids, startTime, endTime) */
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}

export type ActionDialog = ComponentType<ActionDialogProps>;
export type ActionDialogs = Readonly<Record<string, ActionDialog>>;

/**
 * 'form': the fields an action asks before it runs (ActionDef.form, and ActionDef.filter with its
 * question): 批量离境, 生成运抵单, 生成清单总分单 and the summary dialogs of 汇总申请.
 */
export const actionDialogs: ActionDialogs = { form: ActionFormDialog };

/** The dialog an action of kind 'dialog' names; undefined when it names none that is registered. */
export function dialogOf(dialogs: ActionDialogs, action: ActionDef): ActionDialog | undefined {
  return action.dialog !== undefined && Object.hasOwn(dialogs, action.dialog) ? dialogs[action.dialog] : undefined;
}
