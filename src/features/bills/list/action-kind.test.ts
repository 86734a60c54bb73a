import { describe, expect, it } from 'vitest';
import { billActions } from '../../../../domain/bills/actions.ts';
import type { ActionDef } from '../../../../domain/bills/types.ts';
import { listActionKind } from './action-kind.ts';

const action = (patch: Partial<ActionDef>): ActionDef => ({ code: 'x', label: 'X', place: 'list', api: 'apply', ...patch });
const reason = { field: 'reason', label: '撤单原因', requiredMessage: '请输入撤单原因', maxLength: 1000 };

describe('listActionKind', () => {
  it('is the definition’s word when it says', () => {
    // an api that would read as 'add' or 'export' does not overrule the word
    expect(listActionKind(action({ api: 'save', kind: 'batch', needsSelection: false }))).toBe('batch');
    expect(listActionKind(action({ api: 'export', kind: 'dialog', dialog: 'departure' }))).toBe('dialog');
    expect(listActionKind(action({ api: 'save', kind: 'add', opens: '/bill/export/detailedList' }))).toBe('add');
    expect(listActionKind(action({ kind: 'prompt', prompt: reason }))).toBe('prompt');
    expect(listActionKind(action({ kind: 'job' }))).toBe('job');
  });

  it('without it, reads the api: export, save without selection = add, a prompt, else batch', () => {
    expect(listActionKind(action({ api: 'export' }))).toBe('export');
    expect(listActionKind(action({ api: 'save' }))).toBe('add');
    expect(listActionKind(action({ api: 'save', needsSelection: true }))).toBe('batch');
    expect(listActionKind(action({ prompt: reason }))).toBe('prompt');
    expect(listActionKind(action({}))).toBe('batch');
  });

  it('the shared actions say what they are: 批量申报 is a job, the rest as their api reads', () => {
    const kinds = Object.fromEntries(billActions.filter((a) => a.place === 'list').map((a) => [a.code, listActionKind(a)]));
    expect(kinds).toEqual({ batchDeclare: 'job', sendReciept: 'batch', export: 'export', add: 'add', batchDelete: 'batch' });
    // a job is only ever the definition's word: an api of 'apply' alone is a plain batch (申请撤单 and the like)
    expect(listActionKind({ ...billActions[0]!, kind: undefined })).toBe('batch');
    for (const a of billActions.filter((x) => x.place === 'list' && x.kind !== 'job')) expect(a.kind).toBe(listActionKind({ ...a, kind: undefined }));
  });
});
