/**
 * Model-based test of machines/bill-detail.ts through the real detail page: paths generated from
 * the machine (harness.ts) for an existing export order, a new one (add mode), a paged body and one
 * whose body rows are saved alone (bodySave).
 * Every `user.*` step is done in the rendered page as a person would (clicking 编辑, 保存 and the
 * confirmation, typing into the forms, choosing a row); every actor outcome
 * (xstate.done.actor.<id> / xstate.error.actor.<id>) is produced at the network boundary: an axios
 * adapter of the real http client holds each request until the step answers it per the contract
 * (docs/bill-engine.md), or refuses it. After each step the page must show what its state promises
 * (the expectation table), and at the end every state and transition must have been walked.
 */
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { EventObject, InspectionEvent } from 'xstate';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import { billDetailMachine, type BillRef, type DetailInput } from '../../machines/bill-detail.ts';
import { BillDetail } from '../../src/features/bills/detail/BillDetail.tsx';
import {
  detailSession, dictionaryAnswer, ok, orderLines, orderRow, refused, reply, requestData, type Envelope,
} from '../../src/features/bills/detail/test-fixtures.ts';
import { http } from '../../src/lib/http.ts';
import { liveEvents } from '../../src/lib/live-events.ts';
import { createTestAuthActor } from '../../src/testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../src/testing/render.tsx';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, serializeState, type ModelPath } from './harness.ts';

// ── the worlds the paths are generated for ──────────────────────────────────────────────────
interface Variant { name: string; definition: BillDefinition; input: DetailInput }
const existing: BillRef = { id: '7', startTime: '2026-01-01 00:00:00', endTime: '2026-12-31 23:59:59' };
const pagedOrder: BillDefinition = { ...exportOrder, lines: { ...exportOrder.lines!, paged: true } };
// bodySave: the body form's row of a stored bill is saved alone (saveLines)
const lineSavingOrder: BillDefinition = { ...exportOrder, actions: [...exportOrder.actions, { code: 'bodySave', label: '保存', place: 'detail', event: 'user.save', api: 'saveLines' }] };
const variants: Variant[] = [
  { name: 'existing', definition: exportOrder, input: { bill: existing, paged: false } },
  { name: 'add', definition: exportOrder, input: { bill: { id: null, startTime: '2025-11-21 00:00:00', endTime: '2026-11-21 23:59:59' }, paged: false } },
  { name: 'paged', definition: pagedOrder, input: { bill: existing, paged: true } },
  { name: 'bodySave', definition: lineSavingOrder, input: { bill: existing, paged: false, lineSave: true } },
];

const api = (path: string | undefined) => `/api/enterprise${path}`;
const urls = {
  detail: api(exportOrder.api.detail), lines: api(exportOrder.api.lines), save: api(exportOrder.api.save), saveAndApply: api(exportOrder.api.saveAndApply),
  saveLines: api(exportOrder.api.saveLines),
};
const stashRefusal = { message: '订单编号长度不能超过60', errors: [{ field: 'orderNo', message: '订单编号长度不能超过60' }] };
const lineRefusal = { message: '序号3重复', errors: [{ field: 'gnum', message: '序号3重复' }] };
const saveErrors = [{ field: 'orderNo', message: '订单编号 SO-001 已存在' }, { field: 'lines.1.itemName', message: '第2行：企业商品名称不正确' }];
const page2 = [{ ...orderLines[0]!, id: '21', gnum: 11, itemName: '第二页商品' }];

const outcome = (type: string, extra: Record<string, unknown>) => ({ type, ...extra }) as EventObject;
const events = (variant: Variant): EventObject[] => [
  { type: 'user.edit' }, { type: 'user.declare' }, { type: 'user.refresh' }, { type: 'user.newLine' },
  { type: 'user.save', head: {} } as EventObject, { type: 'user.saveAndDeclare', head: {} } as EventObject, { type: 'user.stash', head: {} } as EventObject,
  { type: 'user.page', pageIndex: 2 } as EventObject, { type: 'user.selectLine', id: '12' } as EventObject,
  { type: 'user.saveLine', line: { gnum: 3, itemName: '充电线' } } as EventObject, { type: 'user.deleteLine', id: '12' } as EventObject,
  { type: 'form.invalid', errors: [{ field: 'ebpName', message: '请填写电商平台名称' }] } as EventObject,
  { type: 'live.changed' }, { type: 'user.dismiss' },
  ...['load', 'reload', 'follow'].flatMap((id) => [
    outcome(`xstate.done.actor.${id}`, { output: variant.input.bill.id === null ? { row: {}, lines: [], lineTotal: 0 } : { row: orderRow, lines: orderLines, lineTotal: 12 } }),
    ...(variant.input.bill.id === null ? [] : [outcome(`xstate.error.actor.${id}`, { error: { message: '单据不存在或无权访问' } })]),
  ]),
  // a peek while editing finds another version (a colleague saved, customs answered), or fails
  outcome('xstate.done.actor.peek', { output: { row: { ...orderRow, version: 4 }, lines: orderLines, lineTotal: 12 } }),
  outcome('xstate.error.actor.peek', { error: { message: '网络连接失败,请检查网络链接!' } }),
  outcome('xstate.done.actor.lines', { output: { lines: page2, lineTotal: 12, pageIndex: 2 } }),
  outcome('xstate.error.actor.lines', { error: { message: '网络连接失败,请检查网络链接!' } }),
  outcome('xstate.done.actor.save', { output: { id: '7', version: 4 } }),
  outcome('xstate.error.actor.save', { error: { message: '订单编号 SO-001 已存在', errors: saveErrors } }),
  outcome('xstate.done.actor.saveAndDeclare', { output: { id: '7', version: 4, state: 'DECLARING' } }),
  outcome('xstate.error.actor.saveAndDeclare', { error: { message: '单据已被修改，请刷新后重试' } }),
  outcome('xstate.done.actor.stash', { output: { id: '7', version: 4 } }),
  outcome('xstate.error.actor.stash', { error: { message: stashRefusal.message, errors: stashRefusal.errors } }),
  outcome('xstate.done.actor.saveLine', { output: { id: '31', version: 4 } }),
  outcome('xstate.error.actor.saveLine', { error: lineRefusal }),
];

// ── paths: all of the first world; the others only where they reach transitions it cannot ────
const transitionsOf = (path: ModelPath) => {
  const keys: string[] = [];
  let prev: unknown = null;
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init') keys.push(...firedTransitions(prev as never, step.event));
    prev = step.state;
  }
  return keys;
};
/** Paths whose steps are a prefix of another path add nothing: every step is checked anyway. */
const longest = (paths: ModelPath[]) => paths.filter((p) => !paths.some((q) => q !== p && q.steps.length > p.steps.length
  && p.steps.every((s, i) => JSON.stringify(s.event) === JSON.stringify(q.steps[i]?.event))));
/**
 * A new bill and the same bill once stored (暂存 or 保存 gave it an id) act apart (刷新 reads the
 * defaults or the stored bill): the states are told apart by it, so the paths reach both.
 */
const storedOrNew = (s: { value: unknown; context?: unknown }) =>
  serializeState(s) + ((s.context as { bill?: BillRef } | undefined)?.bill?.id === null ? ' (new)' : '');
const planned: { variant: Variant; path: ModelPath }[] = [];
const plannedKeys = new Set<string>();
for (const variant of variants) {
  for (const path of longest(modelPaths(billDetailMachine, events(variant), variant.input, storedOrNew))) {
    const keys = transitionsOf(path);
    if (planned.length > 0 && variant !== variants[0] && keys.every((k) => plannedKeys.has(k))) continue;
    keys.forEach((k) => plannedKeys.add(k));
    planned.push({ variant, path });
  }
}
const covered = { states: new Set<string>(), transitions: new Set<string>() };

// ── the network boundary: requests wait until a step answers them ───────────────────────────
interface Held { url: string; data: Record<string, unknown>; answer: (envelope: Envelope) => void }
function deferredNetwork() {
  const held: Held[] = [];
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = requestData(config);
    const dictionary = dictionaryAnswer(url, data);
    if (dictionary) return Promise.resolve(reply(config, dictionary));
    return new Promise((resolve) => held.push({ url, data, answer: (envelope) => resolve(reply(config, envelope)) }));
  };
  /** Waits for the request to `url`, checks it, answers it. */
  async function answer(url: string, envelope: Envelope | ((data: Record<string, unknown>) => Envelope)) {
    await waitFor(() => expect(held.some((h) => h.url === url), `a request to ${url}`).toBe(true));
    const i = held.findIndex((h) => h.url === url);
    const [request] = held.splice(i, 1);
    request!.answer(typeof envelope === 'function' ? envelope(request!.data) : envelope);
    return request!.data;
  }
  return { adapter, held, answer };
}

// ── the page as a person sees it ────────────────────────────────────────────────────────────
const toolbar = () => screen.getByRole('toolbar', { name: '单据操作' });
const head = () => screen.getByRole('region', { name: '表头信息' });
const body = () => screen.getByRole('region', { name: '表体信息' });
const orderNoInput = () => within(head()).getByPlaceholderText('请填写订单编号') as HTMLInputElement;
const toolbarButton = (name: string) => within(toolbar()).queryByRole('button', { name });
const page = () => document.querySelector('article[aria-busy]')!;
/** customs answered bill 7 (the stream's event, as src/app/live.ts hands it to the pages) */
const customsAnswered = () => liveEvents.deliver({ type: 'bill', mode: 'export', key: 'order', id: 7, state: '120', stateName: '海关入库', change: 'state' });
const outdatedNotice = () => screen.queryByText('该单据已被更新')?.closest<HTMLElement>('.mantine-Alert-root') ?? null;
const confirmModal = async (text: string) => {
  const dialog = (await screen.findByText(text)).closest('[role="dialog"]') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
};

/** What each state must show (the per-state expectation table). */
const expectations: Record<string, (variant: Variant) => void> = {
  loading: () => {
    expect(page().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('region', { name: '表头信息' })).toBeNull();
  },
  failed: () => {
    expect(screen.getAllByText('单据不存在或无权访问').length).toBeGreaterThan(0);
    expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).toEqual(['刷新', '返回']);
  },
  view: () => {
    expect(page().getAttribute('aria-busy')).toBe('false');
    expect(orderNoInput().disabled).toBe(true);
    expect(toolbarButton('编辑')).not.toBeNull();
    expect(toolbarButton('保存')).toBeNull();
    // a draft offers 申报 as it is stored (issue 19), not only 编辑 → 保存并申报
    expect(toolbarButton('申报')).not.toBeNull();
  },
  edit: (variant) => {
    expect(page().getAttribute('aria-busy')).toBe('false');
    expect(orderNoInput().disabled).toBe(false);
    expect(toolbarButton('编辑')).toBeNull();
    for (const name of ['保存', '保存并申报', '暂存']) expect(toolbarButton(name), name).not.toBeNull();
    // a paged body is read-only: no row buttons; a body without rows has none to delete (issue 31 item 14)
    const rows = within(body()).queryAllByRole('radio').length;
    expect(toolbarButton('删除') === null).toBe(variant.input.paged === true || rows === 0);
  },
  stashing: () => {
    expect(toolbarButton('暂存')!.getAttribute('data-loading')).toBe('true');
    expect(orderNoInput().disabled).toBe(true);
  },
  saving: () => {
    expect(toolbarButton('保存')!.getAttribute('data-loading')).toBe('true');
    expect(orderNoInput().disabled).toBe(true);
  },
  declaring: () => {
    expect(toolbarButton('保存并申报')!.getAttribute('data-loading')).toBe('true');
    expect(orderNoInput().disabled).toBe(true);
  },
  following: () => {
    // quiet: no busy page, no loader; the read-only copy stays on screen
    expect(page().getAttribute('aria-busy')).toBe('false');
    expect(orderNoInput().disabled).toBe(true);
    expect(toolbarButton('编辑')).not.toBeNull();
  },
  refreshing: () => {
    expect(page().getAttribute('aria-busy')).toBe('true');
    expect(toolbarButton('刷新')!.getAttribute('data-loading')).toBe('true');
  },
  savingLine: () => {
    expect(within(body()).getByRole('button', { name: '保存' }).getAttribute('data-loading')).toBe('true');
    expect(orderNoInput().disabled).toBe(true);
  },
  paging: () => {
    expect(page().getAttribute('aria-busy')).toBe('true');
    expect((within(body()).getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  },
};

function mount(variant: Variant) {
  const net = deferredNetwork();
  http.axios.defaults.adapter = net.adapter;
  const history: string[] = [];
  const sent: string[] = [];
  const inspect = (e: InspectionEvent) => {
    if (e.actorRef.sessionId !== e.rootId) return;
    if (e.type === '@xstate.snapshot') history.push(serializeState(e.snapshot as unknown as { value: unknown }));
    if (e.type === '@xstate.event') sent.push(e.event.type);
  };
  render(<BillDetail definition={variant.definition} bill={variant.input.bill} inspect={inspect} />, {
    route: `/details/export/order${variant.input.bill.id ? `?id=${variant.input.bill.id}` : ''}`,
    actor: createTestAuthActor(detailSession()),
  });
  // the order number a 申报 from view mode sends: the one the page shows (stored, or stashed)
  return { net, history, sent, saved: false, declaredOrderNo: null as string | null };
}
type World = ReturnType<typeof mount>;

/** Puts the network's answer to a load (detail + lines) through, or refuses it. */
async function answerLoad(world: World, variant: Variant, success: boolean) {
  if (variant.input.bill.id === null && !world.saved) return; // a new bill's defaults need no call
  const window = { id: '7', startTime: variant.input.bill.startTime, endTime: variant.input.bill.endTime };
  const detail = await world.net.answer(urls.detail, success ? ok(orderRow) : refused('单据不存在或无权访问'));
  expect(detail).toEqual(window);
  const lines = await world.net.answer(urls.lines, ok(variant.input.paged ? { total: 12, datas: orderLines } : orderLines));
  expect(lines).toEqual(variant.input.paged ? { ...window, pageIndex: 1, pageSize: 10 } : window);
}

/** While editing: the stream names the bill, the page peeks, the network answers another version (or fails). */
async function changedWhileEditing(world: World, variant: Variant, success: boolean) {
  customsAnswered();
  await world.net.answer(urls.detail, success ? ok({ ...orderRow, version: 4 }) : refused('网络连接失败,请检查网络链接!'));
  await world.net.answer(urls.lines, ok(variant.input.paged ? { total: 12, datas: orderLines } : orderLines));
}

async function fillNewRow() {
  const b = body();
  fireEvent.change(within(b).getByPlaceholderText('请填写序号'), { target: { value: '3' } });
  fireEvent.change(within(b).getByPlaceholderText('请填写企业商品名称'), { target: { value: '充电线' } });
  fireEvent.click(within(b).getByPlaceholderText('请选择计量单位'));
  fireEvent.click(await screen.findByRole('option', { name: '011 件' }));
  for (const [label, value] of [['数量', '1'], ['单价', '9.9'], ['总价', '9.9']] as const) {
    fireEvent.change(within(b).getByPlaceholderText(`请填写${label}`), { target: { value } });
  }
}

/** Drives one step: a person's action in the page, or the network's answer. */
async function drive(world: World, variant: Variant, event: EventObject) {
  const outcomeOf = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  const success = outcomeOf?.[1] === 'done';
  const id = outcomeOf?.[2];
  switch (id ?? event.type) {
    case 'load':
    case 'reload':
    case 'follow':
      return answerLoad(world, variant, success);
    case 'peek':
      return changedWhileEditing(world, variant, success);
    case 'lines': {
      const data = await world.net.answer(urls.lines, success ? ok({ total: 12, datas: page2 }) : refused('网络连接失败,请检查网络链接!'));
      expect(data).toMatchObject({ id: '7', pageIndex: 2, pageSize: 10 });
      return undefined;
    }
    case 'save':
    case 'saveAndDeclare': {
      const url = id === 'save' ? urls.save : urls.saveAndApply;
      const refusal = id === 'save' ? refused('订单编号 SO-001 已存在', { errors: saveErrors }) : refused('单据已被修改，请刷新后重试');
      const data = await world.net.answer(url, success ? ok(id === 'save' ? { id: 7, version: 4 } : { id: 7, version: 4, state: 'DECLARING' }) : refusal);
      if (world.declaredOrderNo !== null) expect(data).toMatchObject({ orderNo: world.declaredOrderNo }); // 申报 in view mode: the copy as shown
      else expect(data).toMatchObject({ orderNo: 'SO-001-M', startTime: variant.input.bill.startTime, details: expect.any(Array) });
      world.declaredOrderNo = null;
      if (variant.input.bill.id === null && !world.saved) expect(data).not.toHaveProperty('id');
      else expect(data).toMatchObject({ id: '7', version: 3 });
      if (success) world.saved = true;
      return undefined;
    }
    case 'stash': {
      // 暂存 goes to the server as a draft: the save route with draft: true, the bill as typed (a new
      // one without its required fields: only 保存 and 申报 ask for them)
      const data = await world.net.answer(urls.save, success ? ok({ id: 7, version: 4 }) : refused(stashRefusal.message, { errors: stashRefusal.errors }));
      expect(data).toMatchObject({ draft: true, orderNo: 'SO-STASH', details: expect.any(Array) });
      if (variant.input.bill.id === null && !world.saved) expect(data).toMatchObject({ ebpCode: null, goodsValue: null });
      if (variant.input.bill.id === null && !world.saved) expect(data).not.toHaveProperty('id');
      else expect(data).toMatchObject({ id: '7', version: 3 });
      if (success) world.saved = true;
      return undefined;
    }
    case 'saveLine': {
      const data = await world.net.answer(urls.saveLines, success ? ok({ id: 31, version: 4 }) : refused(lineRefusal.message, { errors: lineRefusal.errors }));
      expect(data).toMatchObject({ headId: '7', gnum: 3, itemName: '充电线', unit: '011', qty: 1, price: 9.9, totalPrice: 9.9 });
      expect(data).not.toHaveProperty('id'); // a new row
      return undefined;
    }
    case 'user.edit':
      return fireEvent.click(toolbarButton('编辑')!);
    case 'user.declare':
      // a saved draft offers 申报 in view mode: the stored copy, no 编辑 first
      world.declaredOrderNo = orderNoInput().value;
      expect(orderNoInput().disabled).toBe(true);
      fireEvent.click(toolbarButton('申报')!);
      return confirmModal('是否申报？');
    case 'user.save':
    case 'user.saveAndDeclare': {
      fireEvent.change(orderNoInput(), { target: { value: 'SO-001-M' } });
      if (variant.input.bill.id === null) {
        for (const [label, value] of [['电商平台代码', 'EBP1'], ['电商平台名称', '平台'], ['商品金额', '50']] as const) {
          fireEvent.change(within(head()).getByPlaceholderText(`请填写${label}`), { target: { value } });
        }
      }
      const label = event.type === 'user.save' ? '保存' : '保存并申报';
      fireEvent.click(toolbarButton(label)!);
      return confirmModal(event.type === 'user.save' ? '是否保存信息?' : '是否保存并申报？');
    }
    case 'form.invalid':
      fireEvent.change(within(head()).getByPlaceholderText('请填写电商平台名称'), { target: { value: ' ' } });
      fireEvent.click(toolbarButton('保存')!);
      expect(await within(head()).findByText('请填写电商平台名称')).toBeTruthy();
      return undefined;
    case 'user.stash':
      fireEvent.change(orderNoInput(), { target: { value: 'SO-STASH' } });
      return fireEvent.click(toolbarButton('暂存')!);
    case 'user.refresh': {
      fireEvent.click(toolbarButton('刷新')!);
      if (screen.queryByText('当前修改尚未保存，刷新后将丢失，是否继续？')) await confirmModal('当前修改尚未保存，刷新后将丢失，是否继续？');
      return undefined;
    }
    case 'live.changed':
      return customsAnswered();
    case 'user.dismiss': {
      // 继续编辑 is only on screen after a change: the change comes first
      if (!outdatedNotice()) await changedWhileEditing(world, variant, true);
      return fireEvent.click(await screen.findByRole('button', { name: '继续编辑' }));
    }
    case 'user.page':
      return fireEvent.click(within(body()).getByRole('button', { name: '下一页' }));
    case 'user.selectLine':
      return fireEvent.click(within(body()).getByRole('radio', { name: '选择第2行' }));
    case 'user.newLine':
      return fireEvent.click(within(body()).getByRole('button', { name: '新增' }));
    case 'user.saveLine':
      await fillNewRow();
      return fireEvent.click(within(body()).getByRole('button', { name: '保存' }));
    case 'user.deleteLine': {
      const radio = within(body()).getByRole('radio', { name: '选择第2行' }) as HTMLInputElement;
      if (!radio.checked) fireEvent.click(radio);
      fireEvent.click(toolbarButton('删除')!);
      return confirmModal('是否保删除该条记录?');
    }
    default:
      throw new Error(`no driver for ${event.type}`);
  }
}

/** What a transition must leave behind beyond its target state's expectations. */
async function afterStep(event: EventObject, variant: Variant) {
  switch (event.type) {
    case 'xstate.error.actor.save':
      expect(await within(head()).findByText('订单编号 SO-001 已存在')).toBeTruthy();
      expect(orderNoInput().value).toBe('SO-001-M'); // the input is kept
      expect(within(body()).getByText('手机保护壳').closest('tr')!.getAttribute('data-invalid')).toBe('true');
      break;
    case 'xstate.done.actor.save':
      expect(await screen.findByText('保存成功！')).toBeTruthy();
      break;
    case 'xstate.done.actor.stash':
      expect(await screen.findByText('暂存成功!')).toBeTruthy();
      break;
    case 'xstate.error.actor.stash':
      expect(await within(head()).findByText('订单编号长度不能超过60')).toBeTruthy();
      expect(orderNoInput().value).toBe('SO-STASH'); // the input is kept
      break;
    case 'user.saveLine':
      // a row saved alone reaches the table with the server's answer
      if (!variant.input.lineSave) expect(within(body()).getByText('充电线')).toBeTruthy();
      break;
    case 'xstate.done.actor.saveLine':
      expect(await within(body()).findByRole('cell', { name: '充电线' })).toBeTruthy();
      expect(await screen.findByText('保存成功！')).toBeTruthy();
      break;
    case 'xstate.error.actor.saveLine':
      expect(await within(body()).findByText('序号3重复')).toBeTruthy();
      expect((within(body()).getByPlaceholderText('请填写企业商品名称') as HTMLInputElement).value).toBe('充电线');
      expect(within(body()).queryByRole('cell', { name: '充电线' })).toBeNull();
      break;
    case 'xstate.done.actor.peek': {
      // said, with both ways out, and nothing typed is lost
      const notice = await waitFor(() => { const n = outdatedNotice(); expect(n).not.toBeNull(); return n!; });
      expect(within(notice).getByRole('button', { name: '刷新' })).toBeTruthy();
      expect(within(notice).getByRole('button', { name: '继续编辑' })).toBeTruthy();
      expect(orderNoInput().disabled).toBe(false);
      break;
    }
    case 'xstate.error.actor.peek':
      expect(outdatedNotice()).toBeNull();
      expect(orderNoInput().disabled).toBe(false);
      break;
    case 'user.dismiss':
      await waitFor(() => expect(outdatedNotice()).toBeNull());
      expect(orderNoInput().disabled).toBe(false);
      break;
    case 'user.deleteLine':
      await waitFor(() => expect(within(body()).queryByText('手机保护壳')).toBeNull());
      break;
    case 'xstate.done.actor.lines':
      expect(await within(body()).findByText('第二页商品')).toBeTruthy();
      break;
    case 'xstate.done.actor.load':
      if (variant.input.bill.id === null) expect((within(head()).getByPlaceholderText('请填写电商企业代码') as HTMLInputElement).value).toBe('3301960001');
      else await waitFor(() => expect(orderNoInput().value).toBe('SO-001'));
      break;
    default:
  }
}

async function walk(variant: Variant, path: ModelPath) {
  const world = mount(variant);
  let seen = 0;
  const reach = async (expected: string) => {
    await waitFor(() => expect(world.history.slice(seen), `reaches ${expected}`).toContain(expected), { timeout: 5000 });
    seen += world.history.slice(seen).indexOf(expected) + 1;
  };
  let prev: unknown = null;
  for (const step of path.steps) {
    const expected = serializeState(step.state as { value: unknown });
    if (step.event.type !== 'xstate.init') {
      const before = world.sent.length;
      await drive(world, variant, step.event);
      if (step.event.type.startsWith('user.') || step.event.type.startsWith('form.')) {
        expect(world.sent.slice(before), `the page sends ${step.event.type}`).toContain(step.event.type);
      }
      for (const k of firedTransitions(prev as never, step.event)) covered.transitions.add(k);
    }
    await reach(expected);
    // a state left without waiting for the network (a new bill's defaults) has nothing to show
    if (world.history.at(-1) === expected) await waitFor(() => expectations[JSON.parse(expected) as string]?.(variant));
    await afterStep(step.event, variant);
    for (const sid of activeStateIds(step.state as never)) covered.states.add(sid);
    prev = step.state;
  }
}

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  // the toast store outlives a render: earlier walks' toasts would queue this walk's behind them
  notifications.clean();
  notifications.cleanQueue();
});

describe('bill-detail machine, generated paths through the real page', () => {
  it('generates paths for every world', () => {
    expect(planned.length).toBeGreaterThan(10);
    expect(new Set(planned.map((p) => p.variant.name))).toEqual(new Set(['existing', 'add', 'paged', 'bodySave']));
  });

  for (const { variant, path } of planned) {
    it(`${variant.name}: ${path.name}`, () => walk(variant, path), 30_000);
  }

  it('visits every state and every transition of the machine', () => {
    const missingStates = [...declaredStates(billDetailMachine)].filter((s) => !covered.states.has(s));
    const missingTransitions = [...declaredTransitions(billDetailMachine)].filter((k) => !covered.transitions.has(k));
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });
});
