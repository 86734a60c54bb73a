import { describe, expect, it } from 'vitest';
import { billDefinitions } from '../../../../domain/bills/index.ts';
import type { ActionDef } from '../../../../domain/bills/types.ts';
import { actionDialogs, dialogOf, type ActionDialog } from './action-dialogs.ts';

describe('action dialogs', () => {
  it('every dialog a bill definition names is registered', () => {
    const named = billDefinitions.flatMap((d) => d.actions.filter((a) => a.kind === 'dialog' && a.place === 'list').map((a) => `${d.mode}/${d.key}: ${a.code} → ${a.dialog ?? '(none)'}`));
    const missing = named.filter((line) => !Object.hasOwn(actionDialogs, line.split(' → ')[1]!));
    expect(missing).toEqual([]);
  });

  it('finds a dialog by the action’s name, never through the prototype', () => {
    const Dialog: ActionDialog = () => null;
    const action: ActionDef = { code: 'bulkDeparture', label: '批量离境', place: 'list', api: 'apply', kind: 'dialog', dialog: 'departure' };
    expect(dialogOf({ departure: Dialog }, action)).toBe(Dialog);
    expect(dialogOf({}, action)).toBeUndefined();
    expect(dialogOf({ departure: Dialog }, { ...action, dialog: 'toString' })).toBeUndefined();
    expect(dialogOf({ departure: Dialog }, { ...action, dialog: undefined })).toBeUndefined();
  });
});
