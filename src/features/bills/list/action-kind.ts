/**
 * What a list button does, read from its definition (api, needsSelection), never from the bill key:
 * export the list, open the add page (the only list action that saves), or a batch action on the
 * selected rows (the machine's confirm → running → reload).
 */
import type { ActionDef } from '../../../../domain/bills/types.ts';

export type ListActionKind = 'export' | 'add' | 'batch';

export function listActionKind(action: ActionDef): ListActionKind {
  if (action.api === 'export') return 'export';
  if (action.api === 'save' && !action.needsSelection) return 'add';
  return 'batch';
}

/** Button codes of the list's own controls (bills §6), besides the definition's actions. */
export const listControlCodes = {
  search: 'conditionalQuery',
  importQuery: 'importQuery',
  queryTemplate: 'downTemplate',
} as const;
