// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { lineErrors, NEW_LINE_KEY, nextSequence, renumber, withSavedRow } from './bill-detail-lines.ts';
import {
  billDetailMachine, type BillRef, type DetailFailure, type DetailInput, type DetailLine, type LoadedBill, type NotifyParams, type SavedLine,
  type SavedBill, type SaveInput, type SaveLineInput,
} from './bill-detail.ts';

const existing: BillRef = { id: '7', startTime: '2026-01-01 00:00:00', endTime: '2026-12-31 23:59:59' };
const lines: DetailLine[] = [{ id: '11', gnum: 1, itemName: '手机' }, { id: '12', gnum: 2, itemName: '耳机' }, { id: '13', gnum: 3, itemName: '充电器' }];

describe('body row helpers', () => {
  it('numbers a new row one past the highest (1 for none), ignoring blanks', () => {
    expect(nextSequence(lines, 'gnum')).toBe(4);
    expect(nextSequence([], 'gnum')).toBe(1);
    expect(nextSequence([{ gnum: 5 }, { gnum: '' }, { gnum: null }, { gnum: 'x' }], 'gnum')).toBe(6);
  });

  it('renumbers rows 1…n in table order, keeping rows already right', () => {
    const left = [lines[0]!, lines[2]!];
    const out = renumber(left, 'gnum');
    expect(out.map((l) => [l.id, l.gnum])).toEqual([['11', 1], ['13', 2]]);
    expect(out[0]).toBe(lines[0]);
    expect(renumber(left, null)).toEqual(left);
  });

  it('puts a row the server saved in place of the row it was typed into, or last', () => {
    expect(withSavedRow(lines, { gnum: 2, itemName: '耳机二代' }, '12', '12').map((l) => l.itemName)).toEqual(['手机', '耳机二代', '充电器']);
    expect(withSavedRow(lines, { gnum: 4 }, null, '31').map((l) => l.id)).toEqual(['11', '12', '13', '31']);
    expect(withSavedRow(lines, { gnum: 4 }, 'temp9', '31').at(-1)).toEqual({ gnum: 4, id: '31' });
  });

  it('maps a refused row’s field errors onto the row, the rest as general', () => {
    expect(lineErrors([{ field: 'gnum', message: '序号1重复' }, { field: 'lines', message: '表体最多100行' }], NEW_LINE_KEY))
      .toEqual({ head: {}, lines: { [NEW_LINE_KEY]: { gnum: '序号1重复' } }, general: ['表体最多100行'] });
  });
});

describe('bill-detail machine: rows saved alone (bodySave) and row numbers', () => {
  function start(input: Partial<DetailInput>, saveLine: (i: SaveLineInput) => Promise<SavedLine> = async () => ({ id: '31', version: 4 })) {
    const calls = { saveLine: [] as SaveLineInput[], save: [] as SaveInput[] };
    const notes: NotifyParams[] = [];
    const loaded: LoadedBill = { row: { id: '7', version: 3, state: 'DRAFT' }, lines, lineTotal: 3 };
    const machine = billDetailMachine.provide({
      actors: {
        load: fromPromise(async () => (input.bill?.id === null ? { row: {}, lines: [], lineTotal: 0 } : loaded)),
        saveLine: fromPromise<SavedLine, SaveLineInput>(({ input: i }) => { calls.saveLine.push(i); return saveLine(i); }),
        save: fromPromise<SavedBill, SaveInput>(async ({ input: i }) => { calls.save.push(i); return { id: '7', version: 5 }; }),
      },
      actions: { notify: (_, p) => { notes.push(p); } },
    });
    const actor = createActor(machine, { input: { bill: existing, ...input } }).start();
    return { actor, calls, notes };
  }
  const rested = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

  it('a new row of a stored bill goes to the server alone, takes its id and the bill’s new version', async () => {
    const { actor, calls, notes } = start({ lineSave: true });
    await rested(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.saveLine', line: { gnum: 4, itemName: '数据线', id: null } });
    expect(actor.getSnapshot().value).toBe('savingLine');
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    const s = await rested(actor);
    expect(s.value).toBe('edit');
    expect(calls.saveLine).toEqual([{ bill: existing, line: { gnum: 4, itemName: '数据线', id: null } }]);
    expect(s.context.lines.at(-1)).toEqual({ gnum: 4, itemName: '数据线', id: '31' });
    expect(s.context).toMatchObject({ version: 4, selectedLineId: '31', linesChanged: false, pendingLine: null });
    expect(notes).toContainEqual({ kind: 'success', message: '保存成功！' });
    // the bill's 保存 that follows carries the moved version: not stale
    actor.send({ type: 'user.save', head: {} });
    await rested(actor);
    expect(calls.save[0]?.version).toBe(4);
  });

  it('a refused row keeps editing with its errors on that row (a new row under NEW_LINE_KEY)', async () => {
    const refusal: DetailFailure = { message: '序号1重复', errors: [{ field: 'gnum', message: '序号1重复' }] };
    const { actor, notes } = start({ lineSave: true }, async () => { throw refusal; });
    await rested(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.saveLine', line: { gnum: 1, itemName: '手机' } });
    let s = await rested(actor);
    expect(s.value).toBe('edit');
    expect(s.context.errors.lines).toEqual({ [NEW_LINE_KEY]: { gnum: '序号1重复' } });
    expect(s.context.lines).toEqual(lines);
    expect(notes).toContainEqual({ kind: 'warning', message: '序号1重复' });
    actor.send({ type: 'user.saveLine', line: { gnum: 1, itemName: '', id: '12' } });
    s = await rested(actor);
    expect(s.context.errors.lines).toEqual({ 12: { gnum: '序号1重复' } });
  });

  it('without bodySave, or for a bill not stored yet, rows stay in the page', async () => {
    for (const input of [{}, { lineSave: true, bill: { id: null, startTime: null, endTime: null } }] as Partial<DetailInput>[]) {
      const { actor, calls } = start(input);
      await rested(actor);
      actor.send({ type: 'user.edit' });
      actor.send({ type: 'user.saveLine', line: { gnum: 9, itemName: '数据线' } });
      expect(actor.getSnapshot().value).toBe('edit');
      expect(actor.getSnapshot().context.lines.at(-1)).toMatchObject({ id: 'temp1', gnum: 9 });
      expect(calls.saveLine).toEqual([]);
    }
  });

  it('deleting a row renumbers the rest when the definition names the number field', async () => {
    const numbered = start({ sequenceField: 'gnum' });
    await rested(numbered.actor);
    numbered.actor.send({ type: 'user.edit' });
    numbered.actor.send({ type: 'user.deleteLine', id: '11' });
    expect(numbered.actor.getSnapshot().context.lines.map((l) => [l.id, l.gnum])).toEqual([['12', 1], ['13', 2]]);
    const plain = start({});
    await rested(plain.actor);
    plain.actor.send({ type: 'user.edit' });
    plain.actor.send({ type: 'user.deleteLine', id: '11' });
    expect(plain.actor.getSnapshot().context.lines.map((l) => l.gnum)).toEqual([2, 3]);
  });
});
