/**
 * Model-based test of machines/workflow-page.ts through the real workflow pages: 结汇
 * (SettlementListPage) and its 结汇单详情 (SettlementDetailPage, the head as the lines' owner), 核销 (VerificationPage), 授权申请 / 授权确认 (AuthorizationApplyPage,
 * AuthorizationConfirmPage) and 补贴申请 (RewardListPage). For each page, every path generated from
 * the machine with that page's actions (machines/workflow-actions.ts, gated by the settlement,
 * verification, authorization and reward machines) is walked on a freshly rendered page over a
 * fake server at the axios boundary that holds the list and action calls until the step settles
 * them. `user.*` steps are clicks and typing; actor outcomes (xstate.done/error.actor.*) are the
 * network answering. After each step the page must show what the state promises, and the pages
 * together must walk every state and transition of the machine. A step the page cannot offer from
 * where the path stands (a row action the entity machine refuses is not even shown, a radio
 * cannot be unchosen) ends that path there. A path whose events are the start of a longer path's
 * is walked as that path's start (one page, the same steps and checks), not on a page of its own.
 */
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type EventObject } from 'xstate';
import { BILL_PAGE_SIZE } from '../../domain/query.ts';
import { specDeclFlags } from '../../domain/settlement/spec-decl-flag.ts';
import { authorizationText, settlementText, verificationText, workflowText } from '../../domain/texts/settlement.ts';
import { rewardText } from '../../domain/texts/rewards.ts';
import type { MenuModule } from '../../machines/auth.ts';
import { authorizationActions, rewardActions, settlementActions, settlementDetailActions, verificationActions } from '../../machines/workflow-actions.ts';
import { allows, workflowPageMachine, type WorkflowAction, type WorkflowPageContext, type WorkflowPageInput } from '../../machines/workflow-page.ts';
import AuthorizationApplyPage from '../../src/features/authorization/AuthorizationApplyPage.tsx';
import AuthorizationConfirmPage from '../../src/features/authorization/AuthorizationConfirmPage.tsx';
import { createFakeBackend, Refusal, type FakeBackend } from '../../src/features/bills/list/testing/fake-backend.ts';
import RewardListPage from '../../src/features/rewards/RewardListPage.tsx';
import { detailPath } from '../../src/features/settlement/api.ts';
import SettlementDetailPage from '../../src/features/settlement/SettlementDetailPage.tsx';
import SettlementListPage from '../../src/features/settlement/SettlementListPage.tsx';
import VerificationPage from '../../src/features/verification/VerificationPage.tsx';
import type { Http } from '../../src/lib/http.ts';
import { liveEvents } from '../../src/lib/live-events.ts';
import { createTestAuthActor, sessionFixture } from '../../src/testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../src/testing/render.tsx';
import { activeStateIds, createWalkLog, declaredStates, declaredTransitions, firedTransitions, longestFirst, modelPaths, serializeState, type ModelPath, type WalkLog } from './harness.ts';

const UNDRIVABLE = Symbol('undrivable');
type Drive = Promise<void | typeof UNDRIVABLE>;
type Snap = ReturnType<typeof getInitialSnapshot<typeof workflowPageMachine>>;
type Row = { id: number } & Record<string, unknown>;

const input: WorkflowPageInput = { pageSize: BILL_PAGE_SIZE };
const REFUSAL = '当前状态不能执行此操作（服务端）';

/** Events every page shares; the payloads are the ones the pages send. */
const common = {
  listError: { type: 'xstate.error.actor.load', error: new Error('服务器内部错误') },
  search: { type: 'user.search', terms: [] },
  page: { type: 'user.page', pageIndex: 1 },
  pageSize: { type: 'user.pageSize', pageSize: 100 },
  refresh: { type: 'user.refresh' },
  live: { type: 'live.changed' },
  cancel: { type: 'user.cancel' },
  submitBlank: { type: 'user.submit', values: {} },
  submitFilled: { type: 'user.submit', values: { bankCode: '104', note: '', reason: '单证不符', companyCode: 'C2', companyName: '杭州云途国际物流有限公司', inventoryIds: [11] } },
  actDone: { type: 'xstate.done.actor.act', output: null },
  actError: { type: 'xstate.error.actor.act', error: new Error(REFUSAL) },
} as const;

interface PageSpec {
  name: string;
  /** which of the page's walks this is, when its walks are split over two worlds (see 结汇) */
  part?: string;
  route: string;
  codes: string[];
  render: (client: Http) => ReactElement;
  list: string;
  /** the action calls the page makes (held) */
  acts: string[];
  /** all rows the server has (paged by the request) */
  rows: Row[];
  /** the record the rows are lines of (the page's owner), and calls answered at once (its head, a dialog's choices) */
  owner?: Row;
  answers?: Record<string, () => unknown>;
  /** the form dialog's confirm button, when not 确定 */
  submitName?: string;
  /** the page's own user.act (and user.select) events */
  actEvents: Record<string, EventObject>;
  /**
   * walks the list's own events (search, paging, a failed reading) rather than the actions and their
   * outcomes; they are walked on one page only (the machine is the same): 结汇's, whose list has a
   * second page
   */
  listEvents?: boolean;
  /** hand-made paths for transitions the shortest paths reach only with a context they cannot have */
  scenarios?: { name: string; events: EventObject[] }[];
  driveAct: (event: EventObject) => Drive;
  /** fills the open form dialog with what submitFilled carries; UNDRIVABLE if it has no such dialog */
  fill: (dialog: HTMLElement) => Promise<void | typeof UNDRIVABLE>;
  /** clears the open form dialog; UNDRIVABLE if what was chosen cannot be unchosen */
  clear: (dialog: HTMLElement) => Promise<void | typeof UNDRIVABLE>;
}

// ---- the world ----

let backend: FakeBackend;
let location = '';
function Where() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}
const api = (path: string) => `/api/enterprise${path}`;

function mount(spec: PageSpec) {
  backend = createFakeBackend();
  backend.on('/api/dictionary/item/queryByCode', () => [{ value: '104', name: '中国银行' }]);
  backend.on(api('/declare/authCommerce/findCompany'), () => [{ companyCode: 'C2', companyName: '杭州云途国际物流有限公司' }]);
  for (const [url, answer] of Object.entries(spec.answers ?? {})) backend.on(url, answer);
  for (const url of [spec.list, ...spec.acts]) backend.hold(url);
  const base = sessionFixture();
  const module: MenuModule = { id: 990, parentId: -1, uri: spec.route, name: spec.name, icon: 'bill', code: 'workflow_page', sortNo: 9, buttonVos: spec.codes.map((code) => ({ code, name: code })) };
  location = spec.route;
  render(<>{spec.render(backend.client)}<Where /></>, { route: spec.route, actor: createTestAuthActor({ ...base, modules: [...base.modules, module] }) });
}

async function settle(url: string, answer: (data: unknown) => unknown) {
  await waitFor(() => expect(backend.waiting(url)).toBeGreaterThan(0));
  const held = backend.next(url)!;
  const value = answer(held.call.data);
  if (value instanceof Refusal) held.reject(value);
  else held.resolve(value);
}

/** Answers every held call to `url`: a query changed while loading leaves the older call behind (the actor ignores its answer). */
async function settleAll(url: string, answer: (data: unknown) => unknown) {
  await settle(url, answer);
  while (backend.waiting(url) > 0) await settle(url, answer);
}

// ---- controls ----

const click = (el: Element) => { fireEvent.click(el); };
const enabled = (el: HTMLElement | null | undefined): el is HTMLElement => !!el && !(el as HTMLButtonElement).disabled && !el.hasAttribute('data-disabled');
const dialogs = () => screen.queryAllByRole('dialog');
const openDialog = async () => (await screen.findAllByRole('dialog'))[0]!;
const table = (name: string) => screen.getByRole('table', { name });
/** the row of the page's table that shows `text` */
const rowOf = (name: string, text: string) => within(table(name)).queryAllByRole('row').find((r) => within(r).queryAllByText(text).length > 0) ?? null;
const toolbarButton = (name: string) => screen.getAllByRole('button', { name })[0]!;

/** Makes the page's checkbox selection exactly `labels` (checkbox names). */
function selectExactly(tableName: string, all: string[], labels: string[]) {
  for (const label of all) {
    const box = within(table(tableName)).queryByRole('checkbox', { name: label }) as HTMLInputElement | null;
    if (box && box.checked !== labels.includes(label)) click(box);
  }
}
const selectionDrivable = (tableName: string, labels: string[]) => labels.every((l) => within(table(tableName)).queryByRole('checkbox', { name: l }) !== null);

async function chooseOption(label: RegExp | string, option: string, scope: HTMLElement = document.body) {
  const input = within(scope).getAllByLabelText(label).find((e) => e.tagName === 'INPUT')!;
  click(input);
  click(await screen.findByRole('option', { name: option }));
}

// ---- the pages ----

const settlementRow = (id: number, state: string, stateName: string): Row => ({
  id, state, stateName, ieType: 'EXP', billType: 'export', declareNo: id === 1 ? null : `JH2026000000000${id}`, businessType: '出口', bankCode: null, bankName: null,
  totalAmount: '10.00000', alreadyAmount: '0', verificationAmount: '0', verifyingAmount: '0', verAmount: '0', verProportion: '0%', totalAmountUnitName: '人民币',
  totalCount: 1, tradeType: '9610', ebcCode: 'E1', ebcName: '电商', note: null, specDeclFlag: '0000000', appTime: null, auditOpinion: null, node: '',
  authState: '0', authStateName: '', createTime: '2026-11-20 10:00:00', updateTime: '2026-11-20 10:00:00', editable: state === 'to_declare', viewable: true,
});
// 60 rows (two pages) for the list's own walks; the actions act on the first three, and their walks
// load just those: a page of 50 rendered rows made every step of every walk several times slower
const settlementRows = Array.from({ length: 60 }, (_, i) => (i === 0 ? settlementRow(1, 'to_declare', '待生成') : i === 1 ? settlementRow(2, 'audit', '审核中') : settlementRow(i + 1, 'approved', '审核通过')));
const settlementActed = settlementRows.slice(0, 3);
const settlementLabels = ['#1', 'JH20260000000002', 'JH20260000000003'];
const s = settlementActions;
const loadedOf = (rows: Row[], owner?: Row) => ({ type: 'xstate.done.actor.load', output: { total: rows.length, datas: rows.slice(0, BILL_PAGE_SIZE), owner } });
const settlementEvents = {
  apply: { type: 'user.act', action: s.apply, ids: [1] },
  revoke: { type: 'user.act', action: s.revoke, ids: [2] },
  deleteNone: { type: 'user.act', action: s.delete, ids: [] },
  deleteRefused: { type: 'user.act', action: s.delete, ids: [3] },
  delete: { type: 'user.act', action: s.delete, ids: [1] },
  select: { type: 'user.select', ids: [1] },
};
const settlement: PageSpec = {
  name: '结汇', route: '/exchangeSettlement', codes: ['add', 'apply', 'revoke', 'delete', 'revokeHistory'],
  render: (client) => <SettlementListPage client={client} />,
  list: api('/declarel/severList'), acts: [api('/declarel/declaration'), api('/declare/revoke/revoke'), api('/declarel/delete')],
  part: 'its actions', rows: settlementActed, actEvents: settlementEvents,
  scenarios: [
    {
      name: 'a refused 撤销申请 keeps its dialog; a blank reason is refused there, 取消 reloads',
      events: [loadedOf(settlementActed), settlementEvents.revoke, common.submitFilled, common.actError, common.submitBlank, common.submitFilled, common.actError, common.cancel, loadedOf(settlementActed)],
    },
  ],
  async driveAct(event) {
    const e = event as unknown as { action: unknown; ids: number[] };
    if (event === settlementEvents.select) {
      if (!selectionDrivable(settlementText.pageTitle, ['#1'])) return UNDRIVABLE;
      return selectExactly(settlementText.pageTitle, settlementLabels, ['#1']);
    }
    if (event === settlementEvents.apply) {
      const row = rowOf(settlementText.pageTitle, '待生成');
      const button = row && within(row).queryByRole('button', { name: settlementText.apply });
      return button ? click(button) : UNDRIVABLE;
    }
    const labels = e.ids.map((id) => settlementLabels[id - 1]!);
    if (!selectionDrivable(settlementText.pageTitle, labels)) return UNDRIVABLE;
    selectExactly(settlementText.pageTitle, settlementLabels, labels);
    return click(toolbarButton(e.action === s.revoke ? settlementText.revoke : settlementText.delete));
  },
  async fill(dialog) {
    if (within(dialog).queryByRole('textbox', { name: /申请撤销理由/ })) {
      fireEvent.change(within(dialog).getByRole('textbox', { name: /申请撤销理由/ }), { target: { value: '单证不符' } });
      return;
    }
    const bank = within(dialog).getAllByLabelText(/结算银行/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    if (bank.value === '') await chooseOption(/结算银行/, '中国银行', dialog);
  },
  async clear(dialog) {
    const reason = within(dialog).queryByRole('textbox', { name: /申请撤销理由/ });
    if (reason) return void fireEvent.change(reason, { target: { value: '' } });
    const bank = within(dialog).getAllByLabelText(/结算银行/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    return bank.value === '' ? undefined : UNDRIVABLE;
  },
};

const settlementHead = settlementRow(7, 'to_declare', '待生成');
const inventoryLine = (id: number): Row => ({
  id, billId: 7, invtNo: `INV${id}`, copNo: `COP${id}`, orderNo: `SO${id}`, logisticsNo: `YT${id}`, ebcName: '电商', tradeMode: '9610', currencyName: '人民币',
  amount: '10.00000', grossWeight: '1.0', ieDate: '2026-11-18', releaseTime: '2026-11-19 10:00:00', createTime: '2026-11-18 10:00:00',
});
const d = settlementDetailActions;
const detailEvents = {
  add: { type: 'user.act', action: d.add, ids: [] },
  removeNone: { type: 'user.act', action: d.remove, ids: [] },
  remove: { type: 'user.act', action: d.remove, ids: [1] },
  save: { type: 'user.act', action: d.save, ids: [], values: { specDeclFlag: '1000000' } },
};
const candidateBox = (dialog: HTMLElement) => within(dialog).findByRole('checkbox', { name: 'INV11' }) as Promise<HTMLInputElement>;
const settlementDetail: PageSpec = {
  name: '结汇单详情', route: detailPath({ type: 'edit', billType: 'export', id: 7 }), codes: ['add', 'delete'],
  render: (client) => <SettlementDetailPage client={client} />,
  list: api('/SeExpuInventory/queryPageList'), acts: [api('/expuInventry/declarationSeList'), api('/SeExpuInventory/delete'), api('/declarel/saveHead')],
  rows: [inventoryLine(1), inventoryLine(2)], owner: settlementHead, actEvents: detailEvents, submitName: settlementText.add,
  answers: { [api('/declarel/queryExpuInventHead')]: () => settlementHead, [api('/expuInventry/quertSeList')]: () => ({ total: 1, datas: [inventoryLine(11)] }) },
  async driveAct(event) {
    if (event === detailEvents.add) return click(toolbarButton(settlementText.addInventory));
    if (event === detailEvents.save) {
      const flag = screen.getByRole('checkbox', { name: specDeclFlags[0] }) as HTMLInputElement;
      if (!flag.checked) click(flag);
      return click(toolbarButton(settlementText.saveHead));
    }
    const labels = (event as unknown as { ids: number[] }).ids.map((id) => `INV${id}`);
    selectExactly(settlementText.linesTitle, ['INV1', 'INV2'], labels);
    return click(toolbarButton(settlementText.deleteInventory));
  },
  async fill(dialog) { const box = await candidateBox(dialog); if (!box.checked) click(box); },
  async clear(dialog) { const box = await candidateBox(dialog); if (box.checked) click(box); },
};

const settlementList: PageSpec = {
  ...settlement, part: 'its list: search, paging, a failed reading', rows: settlementRows, actEvents: {}, listEvents: true,
  scenarios: [
    { name: 'the next page asked while a search is loading', events: [loadedOf(settlementRows), common.search, common.page, loadedOf(settlementRows)] },
    { name: 'the next page after a failed reading', events: [loadedOf(settlementRows), common.search, common.listError, common.page, loadedOf(settlementRows)] },
    { name: 'the next page asked while a retry after a failed reading loads', events: [loadedOf(settlementRows), common.search, common.listError, common.refresh, common.page, loadedOf(settlementRows)] },
  ],
};

const verifiable = (id: number, verState: string | null): Row => ({
  ...settlementRow(id, 'approved', '审核通过'), declareNo: `JH2026000000010${id}`, verAmount: '100.00000', verState, verStateName: verState === 'audit' ? '审核中' : '未核销', verNo: null,
});
const verificationRows = [verifiable(1, null), verifiable(2, 'audit')];
const v = verificationActions;
const verificationEvents = {
  applyNone: { type: 'user.act', action: v.apply, ids: [], values: { amount: '' } },
  applyTooMuch: { type: 'user.act', action: v.apply, ids: [1], values: { amount: 500 } },
  apply: { type: 'user.act', action: v.apply, ids: [1], values: { amount: 10 } },
  revokeRefused: { type: 'user.act', action: v.revoke, ids: [1] },
  revoke: { type: 'user.act', action: v.revoke, ids: [2] },
};
const verification: PageSpec = {
  name: '核销', route: '/settlementVerification', codes: ['apply', 'revoke', 'revokeHistory'],
  render: (client) => <VerificationPage client={client} />,
  list: api('/declare/verification/pageList'), acts: [api('/declare/verification/apply'), api('/declare/verification/revokes')],
  rows: verificationRows, actEvents: verificationEvents,
  async driveAct(event) {
    const e = event as unknown as { action: unknown; ids: number[]; values?: { amount: unknown } };
    const radios = within(table(verificationText.pageTitle)).queryAllByRole('radio') as HTMLInputElement[];
    const chosen = radios.find((r) => r.checked);
    const wanted = e.ids[0] === undefined ? undefined : radios.find((r) => r.getAttribute('aria-label') === `JH2026000000010${e.ids[0]}`);
    if (e.ids.length === 0 ? chosen !== undefined : wanted === undefined) return UNDRIVABLE;
    if (wanted && !wanted.checked) click(wanted);
    if (e.action === v.apply) {
      fireEvent.change(screen.getByRole('textbox', { name: verificationText.amount }), { target: { value: e.values?.amount === '' ? '' : String(e.values?.amount) } });
      return click(toolbarButton(verificationText.apply));
    }
    return click(toolbarButton(verificationText.revoke));
  },
  async fill(dialog) { fireEvent.change(within(dialog).getByRole('textbox', { name: /申请撤销理由/ }), { target: { value: '单证不符' } }); },
  async clear(dialog) { fireEvent.change(within(dialog).getByRole('textbox', { name: /申请撤销理由/ }), { target: { value: '' } }); },
};

const authorizationRow = (id: number, state: string, stateName: string): Row => ({
  id, agentName: '宁波跨境优选供应链管理有限公司', agentCode: 'A1', commerceCode: `C${id}`, commerceName: `电商企业${id}`, createTime: '2026-11-20 10:00:00', updateTime: '2026-11-20 10:00:00', state, stateName,
});
const authorizationRows = [authorizationRow(1, 'to_audit', '待审核'), authorizationRow(2, 'approved', '已授权')];
const a = authorizationActions;
const applyEvents = {
  request: { type: 'user.act', action: a.request, ids: [] },
  deleteRefused: { type: 'user.act', action: a.delete, ids: [2] },
  delete: { type: 'user.act', action: a.delete, ids: [1] },
};
const authorizationApply: PageSpec = {
  name: '授权申请', route: '/settlementAuthorization/apply', codes: ['add', 'delete'],
  render: (client) => <AuthorizationApplyPage client={client} />,
  list: api('/declare/authCommerce/queryPageList'), acts: [api('/declare/authCommerce/save'), api('/declare/authCommerce/delete')],
  rows: authorizationRows, actEvents: applyEvents,
  async driveAct(event) {
    const e = event as unknown as { action: unknown; ids: number[] };
    if (event === applyEvents.request) return click(toolbarButton(authorizationText.add));
    const labels = e.ids.map((id) => `电商企业${id}`);
    if (!selectionDrivable(authorizationText.applyTitle, labels)) return UNDRIVABLE;
    selectExactly(authorizationText.applyTitle, ['电商企业1', '电商企业2'], labels);
    return click(toolbarButton(authorizationText.delete));
  },
  async fill(dialog) {
    const radio = (await within(dialog).findByRole('radio', { name: '杭州云途国际物流有限公司' })) as HTMLInputElement;
    if (!radio.checked) click(radio);
  },
  // the company dialog asks for a choice itself (请选择电商企业); a blank choice never reaches the actor
  async clear() { return UNDRIVABLE; },
};

const confirmEvents = {
  agree: { type: 'user.act', action: a.agree, ids: [1] },
  recall: { type: 'user.act', action: a.recall, ids: [2] },
};
const authorizationConfirm: PageSpec = {
  name: '授权确认', route: '/settlementAuthorization/confirm', codes: ['agree', 'refuse', 'recall'],
  render: (client) => <AuthorizationConfirmPage client={client} />,
  list: api('/declare/authCommerce/queryPageList'), acts: [api('/declare/authCommerce/audit'), api('/declare/authCommerce/tackBack')],
  rows: authorizationRows, actEvents: confirmEvents,
  async driveAct(event) {
    const [state, name] = event === confirmEvents.agree ? ['待审核', authorizationText.agree] : ['已授权', authorizationText.recall];
    const row = rowOf(authorizationText.confirmTitle, state);
    const button = row && within(row).queryByRole('button', { name });
    return button ? click(button) : UNDRIVABLE;
  },
  async fill() { return UNDRIVABLE; },
  async clear() { return UNDRIVABLE; },
};

const subsidy = (id: number, state: string, stateName: string): Row => ({
  id, applyType: 'E9', applyTypeName: '跨境电商出口', companyType: '1', companyTypeName: '货主', ckStartTime: '2026-01-01', ckEndTime: '2026-06-30', ckTime: '2026-01-01 ~ 2026-06-30',
  note: `申请${id}`, importNo: -99999, state, stateName, companyName: '演示', applyTime: '2026-11-20 10:00:00', auditTime: null, checkable: state === 'approved',
});
const rewardRows = [subsidy(1, 'wait_audit', '待核验'), subsidy(2, 'approved', '核验完成')];
const rewardEvents = {
  openWaiting: { type: 'user.act', action: rewardActions.open, ids: [1] },
  open: { type: 'user.act', action: rewardActions.open, ids: [2] },
};
const reward: PageSpec = {
  name: '补贴申请', route: '/rewardApplication', codes: ['add', 'export'],
  render: (client) => <RewardListPage client={client} />,
  list: api('/subsidy/list'), acts: [],
  rows: rewardRows, actEvents: rewardEvents,
  async driveAct(event) {
    const row = rowOf(rewardText.listTitle, event === rewardEvents.open ? '申请2' : '申请1');
    return row ? click(within(row).getByRole('button', { name: rewardText.view })) : UNDRIVABLE;
  },
  async fill() { return UNDRIVABLE; },
  async clear() { return UNDRIVABLE; },
};

// ---- what each state looks like ----

const heldActs = (spec: PageSpec) => spec.acts.reduce((n, url) => n + backend.waiting(url), 0);

function expectState(spec: PageSpec, snap: Snap) {
  const value = serializeState(snap);
  const context = snap.context as WorkflowPageContext;
  const shown = dialogs();
  switch (value) {
    case '"loading"':
      return expect(backend.waiting(spec.list)).toBeGreaterThan(0);
    case '"reloading"':
      // read again while the rows read before stay on screen (and usable)
      expect(shown).toEqual([]);
      expect(context.rows.length === 0 || screen.queryAllByRole('row').length > 1).toBe(true);
      return expect(backend.waiting(spec.list)).toBeGreaterThan(0);
    case '"failed"':
      expect(screen.getByText(workflowText.loadFailed)).toBeTruthy();
      expect(screen.getByRole('button', { name: workflowText.retry })).toBeTruthy();
      return expect(backend.waiting(spec.list)).toBe(0);
    case '"idle"':
      expect(shown).toEqual([]);
      expect(screen.queryByText(workflowText.loadFailed)).toBeNull();
      return expect(backend.waiting(spec.list) + heldActs(spec)).toBe(0);
    case '"noticing"':
      return expect(screen.getByRole('dialog', { name: rewardText.noticeTitle })).toBeTruthy();
    case '"confirming"':
      expect(shown).toHaveLength(1);
      return expect(screen.getByRole('dialog', { name: '提示' })).toBeTruthy();
    case '"editing"':
      expect(shown).toHaveLength(1);
      expect(screen.queryByRole('dialog', { name: '提示' })).toBeNull();
      if (context.problem) expect(within(shown[0]!).getByText(context.problem)).toBeTruthy();
      return expect(heldActs(spec)).toBe(0);
    case '"submitting"':
      // 查看 of a verified 补贴申请 opens its detail at once (no call to hold)
      if (spec.acts.length === 0) return expect(location).toBe('/rewardApplication/apply/detail?id=2');
      return expect(heldActs(spec)).toBe(1);
    case '"refused"':
      // the server's refusal, or the problem of what was typed after it
      expect(shown).toHaveLength(1);
      return expect(within(shown[0]!).getByText(context.problem ?? REFUSAL)).toBeTruthy();
    default:
      throw new Error(`no expectation for ${value}`);
  }
}

// ---- driving ----

async function drive(spec: PageSpec, event: EventObject, before: Snap): Drive {
  const context = before.context as WorkflowPageContext;
  if (Object.values(spec.actEvents).includes(event)) return spec.driveAct(event);
  switch (event.type) {
    case 'xstate.done.actor.load':
      return settleAll(spec.list, (d) => {
        const { pageIndex, pageSize } = d as { pageIndex: number; pageSize: number };
        return { total: spec.rows.length, datas: spec.rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize) };
      });
    case 'xstate.error.actor.load':
      return settleAll(spec.list, () => new Refusal('服务器内部错误'));
    case 'xstate.done.actor.act': {
      if (spec.acts.length === 0) return; // the navigation already happened
      await waitFor(() => expect(heldActs(spec)).toBe(1));
      return settle(spec.acts.find((url) => backend.waiting(url) > 0)!, () => null);
    }
    case 'xstate.error.actor.act': {
      if (spec.acts.length === 0) return UNDRIVABLE;
      await waitFor(() => expect(heldActs(spec)).toBe(1));
      return settle(spec.acts.find((url) => backend.waiting(url) > 0)!, () => new Refusal(REFUSAL));
    }
    case 'user.search':
      return click(screen.queryByRole('button', { name: /^查询$/ }) ?? (await screen.findAllByRole('checkbox', { name: '待审核' }))[0]!);
    case 'user.page': {
      if (context.total <= context.query.pageSize) return UNDRIVABLE;
      const two = screen.getAllByRole('button', { name: '2' }).find((b) => b.className.includes('Pagination'));
      return enabled(two) ? click(two) : UNDRIVABLE;
    }
    case 'user.pageSize':
      return chooseOption(/每页条数/, '100');
    case 'user.refresh':
      return click(screen.getByRole('button', { name: workflowText.retry }));
    case 'live.changed':
      // the stream says the company's records may have changed (an operator's decision, issue 20)
      return liveEvents.deliver({ type: 'settlement', kind: 'settlement', id: 1, state: 'audit' });
    case 'user.cancel': {
      const dialog = await openDialog();
      const button = within(dialog).queryByRole('button', { name: '取消' }) ?? within(dialog).getByRole('button', { name: '确定' });
      return click(button);
    }
    case 'user.submit': {
      const dialog = await openDialog();
      if (before.matches('editing') || before.matches('refused')) {
        const done = event === common.submitFilled ? await spec.fill(dialog) : await spec.clear(dialog);
        if (done === UNDRIVABLE) return UNDRIVABLE;
      }
      return click(within(dialog).queryByRole('button', { name: '确定' }) ?? within(dialog).getByRole('button', { name: spec.submitName ?? '确定' }));
    }
    default:
      throw new Error(`no driver for ${JSON.stringify(event).slice(0, 120)}`);
  }
}

// ---- coverage ----

const covered = { states: new Set<string>(), transitions: new Set<string>() };
const allTransitions = declaredTransitions(workflowPageMachine);
const refusedAlways = [...allTransitions].find((k) => k.startsWith('workflowPage.refused||'))!;

function record(prev: Snap | null, event: EventObject, next: Snap) {
  const fired = prev ? firedTransitions(prev as never, event) : [];
  for (const k of fired) covered.transitions.add(k);
  for (const id of activeStateIds(next as never)) covered.states.add(id);
  // a refused action without a form passes `refused` and its eventless transition to reloading
  if (prev?.matches('submitting') && event.type === 'xstate.error.actor.act' && next.matches('reloading')) {
    covered.states.add('workflowPage.refused');
    covered.transitions.add(refusedAlways);
  }
}

/**
 * Walks a path's events. The state each step must reach is the real machine's answer from where
 * the walk really is (replayed), not the snapshot the graph stored (the graph tells states apart by
 * value only, so a stored context may come from another path).
 */
async function walk(spec: PageSpec, events: readonly EventObject[], mustDrive = false, log?: WalkLog) {
  mount(spec);
  let prev = getInitialSnapshot(workflowPageMachine, input) as Snap;
  record(null, { type: 'xstate.init' }, prev);
  await waitFor(() => expectState(spec, prev));
  for (const [i, event] of events.entries()) {
    if ((await drive(spec, event, prev)) === UNDRIVABLE) {
      if (mustDrive) throw new Error(`scenario step not drivable: ${event.type}`);
      return log?.drove(events.slice(0, i));
    }
    const next = getNextSnapshot(workflowPageMachine, prev, event as never) as Snap;
    await waitFor(() => expectState(spec, next), { timeout: 10_000 });
    // the entity machine's refusals and the form's problems are told, and nothing is sent
    if (next.matches('idle') && prev.matches('idle') && event.type === 'user.act') {
      const e = event as unknown as { action: { pick?: string; refusal: string; check?: (v: object, r: Row[]) => string | null }; ids: number[]; values?: object };
      const rows = (prev.context as WorkflowPageContext).rows as Row[];
      const message = e.ids.length === 0 ? e.action.pick!
        : !allows(e.action as WorkflowAction, rows, e.ids) ? e.action.refusal
        : e.action.check!(e.values ?? {}, rows.filter((r) => e.ids.includes(r.id)))!;
      expect((await screen.findAllByText(message, undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
    }
    record(prev, event, next);
    prev = next;
  }
  log?.drove(events);
}

const eventsOf = (path: ModelPath) => path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');

let open: typeof window.open;
beforeEach(() => {
  open = window.open;
  window.open = () => null;
});
afterEach(() => {
  window.open = open;
});

for (const spec of [settlementList, settlement, settlementDetail, verification, authorizationApply, authorizationConfirm, reward]) describe(`the ${spec.name} page walks its machine${spec.part ? ` (${spec.part})` : ''}`, { timeout: 60_000 }, () => {
  const { listError, search, page, pageSize, refresh, live, cancel, submitBlank, submitFilled, actDone, actError } = common;
  const shared = spec.listEvents ? [listError, search, page, pageSize, refresh, live] : [cancel, submitBlank, submitFilled, actDone, actError];
  const paths = modelPaths(workflowPageMachine, [loadedOf(spec.rows, spec.owner), ...shared, ...Object.values(spec.actEvents)], input);
  it('generates paths', () => { expect(paths.length).toBeGreaterThan(4); });
  // a path that is the start of a longer one is walked by it (harness.ts longestFirst)
  const log = createWalkLog();
  for (const path of longestFirst(paths)) {
    it(path.name, async () => {
      const events = eventsOf(path);
      if (!log.covers(events)) await walk(spec, events, false, log);
    });
  }
  for (const { name, events } of spec.scenarios ?? []) it(`scenario: ${name}`, () => walk(spec, events, true));
});

describe('the workflow pages together', () => {
  it('visit every state and every transition of the machine', () => {
    expect([...declaredStates(workflowPageMachine)].filter((id) => !covered.states.has(id))).toEqual([]);
    expect([...allTransitions].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
