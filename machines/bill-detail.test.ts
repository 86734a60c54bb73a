// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  billDetailMachine, mapErrors, type BillRef, type DetailFailure, type DetailLine, type LinesPage, type LoadedBill, type LoadInput, type NotifyParams,
  type SavedBill, type SaveInput,
} from './bill-detail.ts';

const existing: BillRef = { id: '7', startTime: '2026-01-01 00:00:00', endTime: '2026-12-31 23:59:59' };
const lines: DetailLine[] = [{ id: '11', gnum: 1, itemName: '手机' }, { id: '12', gnum: 2, itemName: '耳机' }];
const bill = (state = 'DRAFT'): LoadedBill => ({ row: { id: '7', version: 3, state, orderNo: 'SO1' }, lines, lineTotal: 2 });

interface Fakes {
  load?: (input: LoadInput) => Promise<LoadedBill>;
  lines?: (input: LoadInput) => Promise<LinesPage>;
  save?: (input: SaveInput) => Promise<SavedBill>;
  saveAndDeclare?: (input: SaveInput) => Promise<SavedBill>;
  stash?: (input: SaveInput) => Promise<SavedBill>;
}

function start(fakes: Fakes = {}, input: { bill?: BillRef; paged?: boolean } = {}) {
  const notes: NotifyParams[] = [];
  const calls: { save: SaveInput[]; stash: SaveInput[]; load: LoadInput[]; lines: LoadInput[] } = { save: [], stash: [], load: [], lines: [] };
  const machine = billDetailMachine.provide({
    actors: {
      load: fromPromise<LoadedBill, LoadInput>(({ input: i }) => { calls.load.push(i); return (fakes.load ?? (async () => bill()))(i); }),
      lines: fromPromise<LinesPage, LoadInput>(({ input: i }) => { calls.lines.push(i); return (fakes.lines ?? (async () => ({ lines: [], lineTotal: 0, pageIndex: i.pageIndex })))(i); }),
      save: fromPromise<SavedBill, SaveInput>(({ input: i }) => { calls.save.push(i); return (fakes.save ?? (async () => ({ id: '7', version: 4 })))(i); }),
      saveAndDeclare: fromPromise<SavedBill, SaveInput>(({ input: i }) => { calls.save.push(i); return (fakes.saveAndDeclare ?? (async () => ({ id: '7', version: 4, state: 'DECLARING' })))(i); }),
      stash: fromPromise<SavedBill, SaveInput>(({ input: i }) => { calls.stash.push(i); return (fakes.stash ?? (async () => ({ id: '7', version: 4 })))(i); }),
    },
    actions: { notify: (_, p) => { notes.push(p); } },
  });
  const actor = createActor(machine, { input: { bill: input.bill ?? existing, paged: input.paged ?? false } }).start();
  return { actor, notes, calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('bill-detail machine', () => {
  it('opens an existing bill read-only with its head, lines, version and state', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await settled(actor);
    expect(s.value).toBe('view');
    expect(calls.load[0]).toEqual({ bill: existing, pageIndex: 1 });
    expect(s.context).toMatchObject({ version: 3, state: 'DRAFT', lines, head: { orderNo: 'SO1' }, revision: 1 });
  });

  it('offers 编辑 only in a state whose lifecycle accepts a change', async () => {
    for (const [state, editable] of [['DRAFT', true], ['SEND_FAILED', true], ['100', true], ['DECLARING', false], ['120', false], ['800', false]] as const) {
      const { actor } = start({ load: async () => bill(state) });
      await settled(actor);
      expect(actor.getSnapshot().can({ type: 'user.edit' }), state).toBe(editable);
      actor.send({ type: 'user.edit' });
      expect(actor.getSnapshot().value, state).toBe(editable ? 'edit' : 'view');
    }
  });

  it('a new bill starts in edit mode with its defaults, as a draft', async () => {
    const { actor } = start({ load: async () => ({ row: { currency: '142' }, lines: [], lineTotal: 0 }) }, { bill: { id: null, startTime: null, endTime: null } });
    const s = await settled(actor);
    expect(s.value).toBe('edit');
    expect(s.hasTag('editing')).toBe(true);
    expect(s.context).toMatchObject({ head: { currency: '142' }, state: 'DRAFT', version: null });
  });

  it('保存 sends head, version and every row, then leaves edit mode and reloads', async () => {
    const { actor, calls, notes } = start();
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.saveLine', line: { gnum: 3, itemName: '充电器' } });
    actor.send({ type: 'user.save', head: { orderNo: 'SO2' } });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    const s = await settled(actor);
    expect(calls.save[0]).toEqual({ bill: existing, version: 3, head: { orderNo: 'SO2' }, lines: [...lines, { id: 'temp1', gnum: 3, itemName: '充电器' }] });
    expect(calls.load).toHaveLength(2);
    expect(s.value).toBe('view');
    expect(notes).toContainEqual({ kind: 'success', message: '保存成功！' });
  });

  it('the first save of a new bill takes its id, so the reload reads it from the server', async () => {
    const load = vi.fn(async (i: LoadInput): Promise<LoadedBill> => (i.bill.id === null ? { row: {}, lines: [], lineTotal: 0 } : bill()));
    const { actor } = start({ load, save: async () => ({ id: '99', version: 1 }) }, { bill: { id: null, startTime: 's', endTime: 'e' } });
    await settled(actor);
    actor.send({ type: 'user.save', head: { orderNo: 'N1' } });
    const s = await settled(actor);
    expect(load.mock.calls[1]?.[0].bill).toEqual({ id: '99', startTime: 's', endTime: 'e' });
    expect(s.value).toBe('view');
  });

  it('a refused save keeps the input and puts the server errors on the head, the rows and the section', async () => {
    const failure: DetailFailure = {
      message: '提交的数据不正确',
      errors: [{ field: 'orderNo', message: '订单编号不能为空' }, { field: 'lines.1.itemName', message: '第2行：请填写企业商品名称' }, { field: 'lines', message: '表体至少需要1行' }],
    };
    const { actor, notes } = start({ save: async () => { throw failure; } });
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.save', head: { orderNo: '' } });
    const s = await settled(actor);
    expect(s.value).toBe('edit');
    expect(s.context.head).toEqual({ orderNo: '' });
    expect(s.context.errors).toEqual({ head: { orderNo: '订单编号不能为空' }, lines: { 12: { itemName: '第2行：请填写企业商品名称' } }, general: ['表体至少需要1行'] });
    expect(notes).toContainEqual({ kind: 'warning', message: '提交的数据不正确' });
    // fixing the row clears its mark; a new attempt clears the rest
    actor.send({ type: 'user.saveLine', line: { id: '12', gnum: 2, itemName: '耳机' } });
    expect(actor.getSnapshot().context.errors.lines).toEqual({});
    actor.send({ type: 'user.save', head: { orderNo: 'SO1' } });
    expect(actor.getSnapshot().context.errors.head).toEqual({});
  });

  it('保存并申报 declares and reloads; a refused one returns to edit', async () => {
    const ok = start();
    await settled(ok.actor);
    ok.actor.send({ type: 'user.edit' });
    ok.actor.send({ type: 'user.saveAndDeclare', head: { orderNo: 'SO1' } });
    expect(ok.actor.getSnapshot().value).toBe('declaring');
    expect((await settled(ok.actor)).value).toBe('view');
    expect(ok.notes).toContainEqual({ kind: 'success', message: '操作成功！' });

    const refused = start({ saveAndDeclare: async () => { throw { message: '单据已被修改，请刷新后重试' }; } });
    await settled(refused.actor);
    refused.actor.send({ type: 'user.edit' });
    refused.actor.send({ type: 'user.saveAndDeclare', head: {} });
    expect((await settled(refused.actor)).value).toBe('edit');
    expect(refused.notes).toContainEqual({ kind: 'warning', message: '单据已被修改，请刷新后重试' });
  });

  it('申报 in view mode declares the stored copy of a draft as it is; a refusal opens the edit with its errors', async () => {
    const { actor, calls, notes } = start();
    await settled(actor);
    actor.send({ type: 'user.declare' });
    expect(actor.getSnapshot().value).toBe('declaring');
    expect((await settled(actor)).value).toBe('view');
    expect(calls.save[0]).toMatchObject({ bill: existing, version: 3, head: { orderNo: 'SO1' }, lines });
    expect(notes).toContainEqual({ kind: 'success', message: '操作成功！' });

    const refused = start({ saveAndDeclare: async () => { throw { message: '请填写订单编号', errors: [{ field: 'orderNo', message: '请填写订单编号' }] } satisfies DetailFailure; } });
    await settled(refused.actor);
    refused.actor.send({ type: 'user.declare' });
    const s = await settled(refused.actor);
    expect(s.value).toBe('edit');
    expect(s.context.errors.head).toEqual({ orderNo: '请填写订单编号' });
  });

  it('申报 in view mode is refused where the lifecycle does not accept a declaration', async () => {
    for (const state of ['DECLARING', '120', '800']) {
      const { actor } = start({ load: async () => bill(state) });
      await settled(actor);
      expect(actor.getSnapshot().can({ type: 'user.declare' }), state).toBe(false);
    }
  });

  it('putting a row into the table keeps the head errors object: fixed fields do not get old errors back', async () => {
    const { actor } = start();
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'form.invalid', errors: [{ field: 'orderNo', message: '请填写订单编号' }] });
    const before = actor.getSnapshot().context.errors.head;
    actor.send({ type: 'user.saveLine', line: { gnum: 3, itemName: '充电线' } });
    expect(actor.getSnapshot().context.errors.head).toBe(before);
  });

  it('暂存 stores the whole bill with its temp rows on the server as a draft, then reads it back', async () => {
    const { actor, notes, calls } = start({ load: async (i) => (i.bill.id === null ? { row: {}, lines: [], lineTotal: 0 } : bill()) }, { bill: { id: null, startTime: null, endTime: null } });
    await settled(actor);
    actor.send({ type: 'user.saveLine', line: { gnum: 3, itemName: '充电器' } });
    actor.send({ type: 'user.stash', head: { orderNo: 'SO9' } });
    expect(actor.getSnapshot().value).toBe('stashing');
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    const s = await settled(actor);
    expect(calls.stash).toEqual([{ bill: { id: null, startTime: null, endTime: null }, version: null, head: { orderNo: 'SO9' }, lines: [{ id: 'temp1', gnum: 3, itemName: '充电器' }] }]);
    expect(calls.save).toHaveLength(0);
    // the stored draft is the page's bill now: read back from the server, in view
    expect(s.value).toBe('view');
    expect(s.context.bill.id).toBe('7');
    expect(calls.load.at(-1)).toEqual({ bill: { id: '7', startTime: null, endTime: null }, pageIndex: 1 });
    expect(notes).toContainEqual({ kind: 'success', message: '暂存成功!' });
  });

  it('a refused 暂存 goes back to edit with what was typed and the field errors', async () => {
    const failure: DetailFailure = { message: '订单编号长度不能超过60', errors: [{ field: 'orderNo', message: '订单编号长度不能超过60' }] };
    const { actor, notes } = start({ stash: async () => { throw failure; } });
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.stash', head: { orderNo: 'X' } });
    const s = await settled(actor);
    expect(s.value).toBe('edit');
    expect(s.context).toMatchObject({ head: { orderNo: 'X' }, errors: { head: { orderNo: '订单编号长度不能超过60' } } });
    expect(notes).toContainEqual({ kind: 'warning', message: '订单编号长度不能超过60' });
  });

  it('body rows: 新增 clears the selection, 保存 adds a temp row or replaces the selected one, 删除 takes it out', () => {
    const { actor, notes } = start({ load: async () => bill() });
    return settled(actor).then(() => {
      actor.send({ type: 'user.selectLine', id: '12' });
      expect(actor.getSnapshot().context.selectedLineId).toBe('12'); // rows may be looked at in view mode
      actor.send({ type: 'user.selectLine', id: 'nope' });
      expect(actor.getSnapshot().context.selectedLineId).toBe('12');
      actor.send({ type: 'user.edit' });
      actor.send({ type: 'user.newLine' });
      expect(actor.getSnapshot().context.selectedLineId).toBeNull();
      actor.send({ type: 'user.saveLine', line: { id: null, gnum: 3, itemName: 'A' } });
      actor.send({ type: 'user.saveLine', line: { gnum: 4, itemName: 'B' } });
      expect(actor.getSnapshot().context.selectedLineId).toBe('temp2');
      actor.send({ type: 'user.saveLine', line: { id: '11', gnum: 1, itemName: '手机壳' } });
      actor.send({ type: 'user.deleteLine', id: 'temp1' });
      actor.send({ type: 'user.deleteLine', id: '12' });
      const c = actor.getSnapshot().context;
      expect(c.lines).toEqual([{ id: '11', gnum: 1, itemName: '手机壳' }, { id: 'temp2', gnum: 4, itemName: 'B' }]);
      expect(c).toMatchObject({ selectedLineId: null, linesChanged: true });
      expect(notes.filter((n) => n.message === '删除成功！')).toHaveLength(2);
    });
  });

  it('a paged body pages in view mode (1-based) and is read-only in edit mode', async () => {
    const page2 = [{ id: '21', gnum: 11 }];
    const { actor, calls } = start({ lines: async (i) => ({ lines: page2, lineTotal: 12, pageIndex: i.pageIndex }) }, { paged: true });
    await settled(actor);
    actor.send({ type: 'user.page', pageIndex: 2 });
    expect(actor.getSnapshot().value).toBe('paging');
    const s = await settled(actor);
    expect(calls.lines[0]).toEqual({ bill: existing, pageIndex: 2 });
    expect(s.context).toMatchObject({ lines: page2, lineTotal: 12, pageIndex: 2 });
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.saveLine', line: { gnum: 5 } });
    actor.send({ type: 'user.deleteLine', id: '21' });
    actor.send({ type: 'user.page', pageIndex: 1 });
    expect(actor.getSnapshot().context.lines).toEqual(page2);
    expect(actor.getSnapshot().value).toBe('edit');
  });

  it('a page that fails to load keeps the page shown', async () => {
    const { actor, notes } = start({ lines: async () => { throw { message: '网络连接失败,请检查网络链接!' }; } }, { paged: true });
    await settled(actor);
    actor.send({ type: 'user.page', pageIndex: 2 });
    const s = await settled(actor);
    expect(s.context.pageIndex).toBe(1);
    expect(notes).toContainEqual({ kind: 'warning', message: '网络连接失败,请检查网络链接!' });
  });

  it('an unreadable bill shows why; 刷新 tries again', async () => {
    let fail = true;
    const { actor, notes } = start({ load: async () => { if (fail) throw { message: '单据不存在或无权访问' }; return bill(); } });
    const s = await settled(actor);
    expect(s.value).toBe('failed');
    expect(s.context.loadError).toBe('单据不存在或无权访问');
    expect(notes).toEqual([{ kind: 'warning', message: '单据不存在或无权访问' }]);
    fail = false;
    actor.send({ type: 'user.refresh' });
    expect((await settled(actor)).value).toBe('view');
  });

  it('a failed reload shows the last copy again (the forms reset from it)', async () => {
    let calls = 0;
    const { actor } = start({ load: async () => { calls += 1; if (calls > 1) throw new Error('x'); return bill(); } });
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.refresh' });
    const s = await settled(actor);
    expect(s.value).toBe('view');
    expect(s.context.revision).toBe(2);
  });

  it('form.invalid shows the page\'s own check results like server errors', async () => {
    const { actor } = start();
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'form.invalid', errors: [{ field: 'goodsValue', message: '请填写商品金额' }, { field: 'lines.0.unit', message: '第1行：请选择计量单位' }] });
    expect(actor.getSnapshot().context.errors).toEqual({ head: { goodsValue: '请填写商品金额' }, lines: { 11: { unit: '第1行：请选择计量单位' } }, general: [] });
  });

  it('live.changed in view: the bill is read again quietly (no busy tag, no toast), keeping the page and the selected row', async () => {
    let state = 'DECLARING';
    const { actor, calls, notes } = start({ load: async () => bill(state) });
    await settled(actor);
    actor.send({ type: 'user.selectLine', id: '12' });
    state = '800';
    actor.send({ type: 'live.changed' });
    expect(actor.getSnapshot().value).toBe('following');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    const s = await waitFor(actor, (x) => x.matches('view'));
    expect(calls.load.at(-1)).toEqual({ bill: existing, pageIndex: 1 });
    expect(s.context).toMatchObject({ state: '800', revision: 2, selectedLineId: '12' });
    expect(notes).toEqual([]);
  });

  it('live.changed while following reads again, so the page ends on the latest copy', async () => {
    let state = 'DECLARING';
    const { actor, calls } = start({ load: async () => bill(state) });
    await settled(actor);
    actor.send({ type: 'live.changed' });
    state = '800';
    actor.send({ type: 'live.changed' });
    const s = await waitFor(actor, (x) => x.matches('view'));
    expect(calls.load).toHaveLength(3);
    expect(s.context.state).toBe('800');
  });

  it('live.changed in view: a failed quiet read keeps the shown copy and says nothing', async () => {
    let calls = 0;
    const { actor, notes } = start({ load: async () => { calls += 1; if (calls > 1) throw new Error('网络连接失败'); return bill('DECLARING'); } });
    await settled(actor);
    actor.send({ type: 'live.changed' });
    const s = await waitFor(actor, (x) => x.matches('view'));
    expect(s.context).toMatchObject({ state: 'DECLARING', revision: 1, loadError: null });
    expect(notes).toEqual([]);
  });

  it('live.changed in edit never touches the edits: a newer version shows 该单据已被更新 until 继续编辑 (dismiss) or 刷新 (reload)', async () => {
    let version = 3;
    const { actor, calls } = start({ load: async () => ({ ...bill(), row: { ...bill().row, version } }) });
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.saveLine', line: { gnum: 3, itemName: '充电线' } });
    const before = actor.getSnapshot().context;
    version = 4; // a colleague saved, or customs answered
    actor.send({ type: 'live.changed' });
    let s = await waitFor(actor, (x) => x.context.outdated);
    expect(s.value).toBe('edit');
    expect(calls.load).toHaveLength(2); // the peek
    expect(s.context.lines).toBe(before.lines);
    expect(s.context).toMatchObject({ revision: before.revision, version: 3, linesChanged: true });
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().context).toMatchObject({ outdated: false, linesChanged: true });
    actor.send({ type: 'live.changed' });
    await waitFor(actor, (x) => x.context.outdated);
    actor.send({ type: 'user.refresh' });
    s = await settled(actor);
    expect(s.value).toBe('view');
    expect(s.context).toMatchObject({ outdated: false, lines, linesChanged: false, version: 4 });
  });

  it('live.changed in edit: the page\'s own version (its own row saved alone) is no news', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'live.changed' });
    await waitFor(actor, () => calls.load.length === 2);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.outdated).toBe(false);
    expect(actor.getSnapshot().value).toBe('edit');
  });

  it('live.changed in edit: a failed peek says nothing and keeps editing', async () => {
    let calls = 0;
    const { actor, notes } = start({ load: async () => { calls += 1; if (calls > 1) throw new Error('网络连接失败'); return bill(); } });
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'live.changed' });
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(2);
    expect(actor.getSnapshot()).toMatchObject({ status: 'active', value: 'edit', context: { outdated: false } });
    expect(notes).toEqual([]);
    actor.send({ type: 'user.save', head: {} });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('live.changed in edit: a peek still out when edit is left is dropped (its failure cannot stop the page)', async () => {
    let calls = 0;
    const { actor } = start({ load: async () => { calls += 1; if (calls > 1) { await new Promise((r) => setTimeout(r, 5)); throw new Error('x'); } return bill(); } });
    await settled(actor);
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'live.changed' });
    actor.send({ type: 'user.stash', head: {} });
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot()).toMatchObject({ status: 'active', value: 'view' });
  });

  it('live.changed means nothing to a new bill (it has no id to be named by)', async () => {
    const { actor } = start({ load: async () => ({ row: {}, lines: [], lineTotal: 0 }) }, { bill: { id: null, startTime: null, endTime: null } });
    await settled(actor);
    actor.send({ type: 'live.changed' });
    expect(actor.getSnapshot().context.outdated).toBe(false);
  });

  it('mapErrors: a row index the page does not hold is a general error', () => {
    expect(mapErrors([{ field: 'lines.5.gnum', message: 'm' }, { field: 'a.b', message: 'n' }], lines)).toEqual({ head: {}, lines: {}, general: ['m', 'n'] });
  });
});
