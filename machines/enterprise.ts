/**
 * The enterprise page (/enterprise, accounts-and-enterprise.md §2, §4): view ⇄ edit, 保存,
 * 保存并申报 after a confirmation, 取消 after a confirmation. 编辑 is offered only while the filing
 * lifecycle (enterprise-filing.ts) accepts a change, so it is hidden while approveState is 5.
 *
 * States
 *   loading            [busy]     invoke `load` (/company/queryDetailById)
 *   failed                        the profile could not be read; 刷新 retries
 *   view                          read-only
 *   edit               [editing]  the form is open
 *   confirmingDeclare  [editing]  是否保存并申报？ on screen; 确定 validates (请完善必填信息 /
 *                                 请选择跨境贸易电子商务类型 keep the form open) and declares
 *   confirmingCancel   [editing]  取消 asks first; 确定 drops the edits and reloads
 *   saving             [editing busy]  invoke `save` (/company/saveCompany) → 保存成功!, view
 *   declaring          [editing busy]  invoke `apply` (/company/apply) → 申报成功!, view (审核中)
 * 保存 validates at once (a failed form stays open with the problems shown on the fields).
 * A refused save or declaration goes back to edit with everything typed and the server's field errors.
 *
 * Events: user.edit · user.save {values} · user.declare {values} · user.confirm · user.cancel · user.refresh
 * Effects (placeholders, supplied with provide()): actors load, save, apply; action notify({kind, message}).
 */
import { assign, fromPromise, setup } from 'xstate';
import { machineLabels } from './labels.ts';
import type { FieldError } from '../domain/envelope.ts';
import { checkEnterprise, type EnterpriseValues } from '../domain/enterprise/rules.ts';
import { enterpriseText } from '../domain/texts/enterprise.ts';
import { filingAccepts } from './enterprise-filing.ts';

/** What /company/queryDetailById answers: the profile, approveState and the read-only lists. */
export type EnterpriseDetail = EnterpriseValues & { approveState: number };
/** What the effects reject with: the message, and field errors of a validation failure. */
export interface EnterpriseFailure { message: string; errors?: FieldError[] }
export interface NotifyParams { kind: 'success' | 'warning'; message: string }

export interface EnterpriseContext {
  record: EnterpriseDetail | null;
  /** the values last submitted (保存 / 保存并申报) */
  draft: EnterpriseValues;
  /** problems by field (the form shows them under the inputs) */
  errors: Record<string, string>;
  loadError: string | null;
  /** bumped whenever the record is replaced: the view resets its form */
  revision: number;
}

export type EnterpriseEvent =
  | { type: 'user.edit' } | { type: 'user.confirm' } | { type: 'user.cancel' } | { type: 'user.refresh' }
  | { type: 'user.save' | 'user.declare'; values: EnterpriseValues };

const failure = (error: unknown): EnterpriseFailure =>
  typeof error === 'object' && error !== null && typeof (error as EnterpriseFailure).message === 'string' ? (error as EnterpriseFailure) : { message: String(error) };
const byField = (errors: readonly FieldError[] = []) => Object.fromEntries(errors.map((e) => [e.field, e.message]));
const reject = (name: string) => async (): Promise<never> => { throw new Error(`enterprise: ${name} not provided`); };
const success = (message: string) => ({ type: 'notify', params: { kind: 'success', message } }) as const;
/** the §5 message of the form's own failed check, as a warning */
const warnProblems = { type: 'notify', params: ({ context, event }: { context: EnterpriseContext; event: EnterpriseEvent }): NotifyParams => ({
  kind: 'warning', message: checkEnterprise('values' in event ? event.values : context.draft).message ?? enterpriseText.incomplete,
}) } as const;
const warn = { type: 'notify', params: ({ event }: { event: unknown }): NotifyParams => ({ kind: 'warning', message: failure((event as { error?: unknown }).error).message }) } as const;

export const enterpriseMachine = setup({
  types: {} as { context: EnterpriseContext; events: EnterpriseEvent; tags: 'busy' | 'editing' },
  actors: {
    load: fromPromise<EnterpriseDetail, void>(reject('load')),
    save: fromPromise<EnterpriseDetail, EnterpriseValues>(reject('save')),
    apply: fromPromise<EnterpriseDetail, EnterpriseValues>(reject('apply')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    applyLoaded: assign(({ context, event }) => ({
      record: (event as unknown as { output: EnterpriseDetail }).output, errors: {}, loadError: null, revision: context.revision + 1,
    })),
    takeDraft: assign({ draft: ({ event }) => ('values' in event ? event.values : {}), errors: {} }),
    /** the form's own check failed: its problems on the fields, and the §5 message as a warning */
    showProblems: assign({ errors: ({ context, event }) => byField(checkEnterprise('values' in event ? event.values : context.draft).errors) }),
    showFailure: assign({ errors: ({ event }) => byField(failure((event as { error?: unknown }).error).errors) }),
  },
  guards: {
    /** the filing lifecycle accepts a change: not while the filing is under review (approveState 5) */
    canEdit: ({ context }) => context.record !== null && filingAccepts(Number(context.record.approveState), { type: 'company.save' }),
    invalid: ({ event }) => 'values' in event && checkEnterprise(event.values).message !== null,
    draftInvalid: ({ context }) => checkEnterprise(context.draft).message !== null,
  },
}).createMachine({
  id: 'enterprise',
  meta: machineLabels({
    events: {
      'user.refresh': '刷新', 'user.edit': '编辑', 'user.save': '保存', 'user.declare': '保存并申报', 'user.cancel': '取消', 'user.confirm': '确定',
    },
    guards: { canEdit: '备案状态允许修改', invalid: '填写有误', draftInvalid: '填写有误' },
    actors: { load: '读取企业信息', save: '保存', apply: '申报' },
  }),
  context: { record: null, draft: {}, errors: {}, loadError: null, revision: 0 },
  initial: 'loading',
  states: {
    loading: {
      description: '读取企业信息',
      tags: ['busy'],
      invoke: {
        id: 'load', src: 'load',
        onDone: { target: 'view', actions: 'applyLoaded' },
        onError: { target: 'failed', actions: [assign({ loadError: ({ event }) => failure(event.error).message }), warn] },
      },
    },
    failed: { description: '读取失败', on: { 'user.refresh': { target: 'loading' } } },
    view: {
      description: '查看',
      on: { 'user.edit': { guard: 'canEdit', target: 'edit' }, 'user.refresh': { target: 'loading' } },
    },
    edit: {
      description: '编辑',
      tags: ['editing'],
      on: {
        'user.save': [
          { guard: 'invalid', actions: ['showProblems', warnProblems] },
          { target: 'saving', actions: 'takeDraft' },
        ],
        'user.declare': { target: 'confirmingDeclare', actions: 'takeDraft' },
        'user.cancel': { target: 'confirmingCancel' },
      },
    },
    confirmingDeclare: {
      description: '确认保存并申报',
      tags: ['editing'],
      on: {
        'user.confirm': [
          { guard: 'draftInvalid', target: 'edit', actions: ['showProblems', warnProblems] },
          { target: 'declaring' },
        ],
        'user.cancel': { target: 'edit' },
      },
    },
    confirmingCancel: {
      description: '确认取消编辑',
      tags: ['editing'],
      on: { 'user.confirm': { target: 'loading', actions: assign({ draft: {}, errors: {} }) }, 'user.cancel': { target: 'edit' } },
    },
    saving: {
      description: '保存中',
      tags: ['editing', 'busy'],
      invoke: {
        id: 'save', src: 'save', input: ({ context }) => context.draft,
        onDone: { target: 'view', actions: ['applyLoaded', success(enterpriseText.saved)] },
        onError: { target: 'edit', actions: ['showFailure', warn] },
      },
    },
    declaring: {
      description: '申报中',
      tags: ['editing', 'busy'],
      invoke: {
        id: 'apply', src: 'apply', input: ({ context }) => context.draft,
        onDone: { target: 'view', actions: ['applyLoaded', success(enterpriseText.declared)] },
        onError: { target: 'edit', actions: ['showFailure', warn] },
      },
    },
  },
});

export type EnterpriseMachine = typeof enterpriseMachine;
