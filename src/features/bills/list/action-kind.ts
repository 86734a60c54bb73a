/**
 * What a list button does: the definition's word (`kind`), or, for a definition that does not say,
 * read from its api (never from the bill key): export the list, open the add page (the only list
 * action that saves), or a batch action on the selected rows (the machine's confirm → running →
 * reload). A batch action with a `prompt` asks for its text in the confirmation. A `job` (批量申报)
 * is only ever the definition's word: confirmed like a batch, then run by the server as a bulk job.
 */
import type { ActionDef, ActionKind } from '../../../../domain/bills/types.ts';

export type ListActionKind = ActionKind;

export function listActionKind(action: ActionDef): ListActionKind {
  if (action.kind) return action.kind;
  if (action.api === 'export') return 'export';
  if (action.api === 'save' && !action.needsSelection) return 'add';
  return action.prompt ? 'prompt' : 'batch';
}

/** Button codes of the list's own controls (bills §6), besides the definition's actions. */
export const listControlCodes = {
  search: 'conditionalQuery',
  importQuery: 'importQuery',
  queryTemplate: 'downTemplate',
} as const;
