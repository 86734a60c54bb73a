/**
 * View overrides of the generic detail page: the dialogs a detail action of kind 'dialog' opens
 * (ActionDef.dialog; 报关单's 订单汇总) and the sections a definition adds under the body
 * (definition.detailSections; 进口清单's 税费预估). A definition names them; the few screens
 * generic code cannot draw register here. Both only show for a stored bill's page.
 */
import type { ComponentType } from 'react';
import type { ActionDef, BillDefinition } from '../../../../domain/bills/types.ts';
import type { BillRef } from '../../../../machines/bill-detail.ts';
import type { Http } from '../../../lib/http.ts';
import { OrderSummaryDialog } from './OrderSummaryDialog.tsx';
import { TaxEstimateSection } from './TaxEstimateSection.tsx';

export interface DetailDialogProps {
  definition: BillDefinition;
  /** the stored bill: its id and the creation window it was opened with */
  bill: BillRef & { id: string };
  client: Http;
  /** the action is done: the page reloads the bill */
  onDone: () => void;
  onClose: () => void;
}

export interface DetailSectionProps {
  definition: BillDefinition;
  /** the page's copy of the bill: its head and body rows */
  head: Readonly<Record<string, unknown>>;
  lines: readonly Readonly<Record<string, unknown>>[];
}

export const detailDialogs: Readonly<Record<string, ComponentType<DetailDialogProps>>> = {
  orderSummary: OrderSummaryDialog,
};

export const detailSections: Readonly<Record<string, ComponentType<DetailSectionProps>>> = {
  importTaxEstimate: TaxEstimateSection,
};

/** The dialog a detail action of kind 'dialog' names, when one is registered. */
export function detailDialogOf(action: ActionDef): ComponentType<DetailDialogProps> | undefined {
  return action.place === 'detail' && action.kind === 'dialog' && action.dialog !== undefined && Object.hasOwn(detailDialogs, action.dialog)
    ? detailDialogs[action.dialog]
    : undefined;
}
