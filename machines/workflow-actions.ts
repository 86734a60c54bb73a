/**
 * The actions of each workflow page (machines/workflow-page.ts), each bound to its entity machine:
 * the page offers a row action, and its actor accepts it, only where the row's stored state allows
 * it — the same machine the server decides with.
 */
import { parseAmount, remainingAmount } from '../domain/settlement/amounts.ts';
import { authorizationText, settlementText, verificationText, workflowText } from '../domain/texts/settlement.ts';
import { rewardText } from '../domain/texts/rewards.ts';
import { authorizationMachine } from './authorization.ts';
import { rewardMachine } from './reward.ts';
import { settlementMachine } from './settlement.ts';
import { settlementLockMachine } from './settlement-lock.ts';
import { verificationMachine } from './settlement-verification.ts';
import type { WorkflowAction, WorkflowRow, WorkflowValues } from './workflow-page.ts';

const text = (values: WorkflowValues, key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
const reasonCheck = (message: string) => (values: WorkflowValues) => (text(values, 'reason') === '' ? message : null);

const settlementGate = (event: { type: string }) => ({ machine: settlementMachine, field: 'state', event, unknown: 'deleted' });

const lockGate = (type: 'settlement.lock' | 'settlement.unlock') => ({ machine: settlementLockMachine, field: 'lockState', event: { type }, unknown: 'unlocked' });

/** /exchangeSettlement: 提交申请 (bank), 撤销申请 (reason), 删除申请 (confirm), 批量锁定 / 批量解锁 (confirm; the lock's own state). */
export const settlementActions = {
  apply: {
    code: 'apply', gate: settlementGate({ type: 'settlement.apply' }), pick: settlementText.selectRows, refusal: workflowText.notAllowed,
    dialog: 'form', check: (values) => (text(values, 'bankCode') === '' ? settlementText.bankRequired : null), success: settlementText.applied,
  },
  revoke: {
    code: 'revoke', gate: settlementGate({ type: 'settlement.revoke' }), pick: settlementText.selectRevoke, refusal: workflowText.notAllowed,
    dialog: 'form', check: reasonCheck(settlementText.revokeReasonRequired), success: settlementText.revoked,
  },
  delete: {
    code: 'delete', gate: settlementGate({ type: 'settlement.delete' }), pick: settlementText.selectRows, refusal: workflowText.notAllowed,
    dialog: 'confirm', success: settlementText.deleted,
  },
  lock: {
    code: 'lock', gate: lockGate('settlement.lock'), pick: settlementText.selectRows, refusal: workflowText.notAllowed,
    dialog: 'confirm', success: settlementText.locked,
  },
  unlock: {
    code: 'unlock', gate: lockGate('settlement.unlock'), pick: settlementText.selectRows, refusal: workflowText.notAllowed,
    dialog: 'confirm', success: settlementText.unlocked,
  },
} satisfies Record<string, WorkflowAction>;

const settlementHeadGate = { ...settlementGate({ type: 'settlement.edit' }), of: 'owner' as const };
const inventoryIds = (values: WorkflowValues) => (Array.isArray(values.inventoryIds) ? values.inventoryIds : []);

/**
 * /exchangeSettlement/applicationDetail in edit mode: the rows are the settlement's inventory lines
 * and every action asks the settlement machine about the head (settlement.edit: only 待生成). 添加清单
 * (the released inventories chosen in its dialog: values.inventoryIds and the window), 删除清单 of the
 * chosen lines, 保存 of the head's specDeclFlag (values.specDeclFlag).
 */
export const settlementDetailActions = {
  add: {
    code: 'add', gate: settlementHeadGate, refusal: workflowText.notAllowed, dialog: 'form', success: settlementText.ok,
    check: (values) => (inventoryIds(values).length === 0 ? settlementText.selectAddInventory : null),
  },
  remove: {
    code: 'delete', gate: settlementHeadGate, pick: settlementText.selectDeleteInventory, refusal: workflowText.notAllowed,
    dialog: 'confirm', success: settlementText.deleted,
  },
  save: { code: 'add', gate: settlementHeadGate, refusal: workflowText.notAllowed, dialog: 'none', success: settlementText.saved },
} satisfies Record<string, WorkflowAction>;

const available = (rows: readonly WorkflowRow[]) => Number((rows[0] as unknown as { verAmount?: unknown } | undefined)?.verAmount ?? 0);

/** /settlementVerification: 申请核销 (the amount typed on the page) of an approved settlement, 撤销申请 of its verification in audit. */
export const verificationActions = {
  apply: {
    code: 'apply', gate: { machine: settlementMachine, field: 'state', tag: 'verifiable', unknown: 'deleted' }, pick: verificationText.selectOne,
    refusal: verificationText.notFound, dialog: 'none', success: verificationText.applied,
    check: (values, rows) => {
      const applied = parseAmount(values.amount);
      if (applied <= 0) return verificationText.amountRequired;
      return remainingAmount(available(rows), applied) < 0 ? verificationText.amountTooLarge : null;
    },
  },
  revoke: {
    code: 'revoke', gate: { machine: verificationMachine, field: 'verState', event: { type: 'verification.revoke' }, unknown: 'revoke' },
    pick: verificationText.selectRevoke, refusal: verificationText.nothingToRevoke,
    dialog: 'form', check: reasonCheck(verificationText.revokeReasonRequired), success: verificationText.revoked,
  },
} satisfies Record<string, WorkflowAction>;

const authorizationGate = (type: string) => ({ machine: authorizationMachine, field: 'state', event: { type }, unknown: 'deleted' });

/** /settlementAuthorization/apply (the agent) and /settlementAuthorization/confirm (the e-commerce company). */
export const authorizationActions = {
  request: {
    code: 'add', refusal: workflowText.notAllowed, dialog: 'form', success: authorizationText.created,
    check: (values) => (text(values, 'companyCode') === '' ? authorizationText.companyRequired : null),
  },
  delete: {
    code: 'delete', gate: authorizationGate('agent.delete'), pick: authorizationText.selectRows, refusal: workflowText.notAllowed,
    dialog: 'confirm', success: authorizationText.deleted,
  },
  agree: { code: 'agree', gate: authorizationGate('commerce.agree'), pick: authorizationText.selectRows, refusal: workflowText.notAllowed, dialog: 'none', success: authorizationText.agreed },
  refuse: { code: 'refuse', gate: authorizationGate('commerce.refuse'), pick: authorizationText.selectRows, refusal: workflowText.notAllowed, dialog: 'none', success: authorizationText.refused },
  recall: { code: 'recall', gate: authorizationGate('commerce.recall'), pick: authorizationText.selectRows, refusal: workflowText.notAllowed, dialog: 'confirm', success: authorizationText.recalled },
} satisfies Record<string, WorkflowAction>;

/** /rewardApplication: 查看 opens the check detail of a verified application; any other shows the Notice. */
export const rewardActions = {
  open: {
    code: 'view', gate: { machine: rewardMachine, field: 'state', tag: 'checkable', unknown: 'wait_audit' }, pick: rewardText.noticeMessage,
    refusal: rewardText.noticeMessage, notice: true, dialog: 'none',
  },
} satisfies Record<string, WorkflowAction>;
