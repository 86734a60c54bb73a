/**
 * Enterprise filing states (approveState). The spec fixes only 5 = under review (the edit button is
 * hidden); the other codes are ours (docs/decisions/account-side-enterprise-filing.md): 0 not filed yet (a registered company),
 * 2 approved (the demo enterprises are seeded so), 3 sent back by the reviewer.
 * machines/enterprise-filing.ts decides which actions each state allows.
 */
export const APPROVE_STATE = { unfiled: 0, approved: 2, rejected: 3, reviewing: 5 } as const;
export type ApproveState = (typeof APPROVE_STATE)[keyof typeof APPROVE_STATE];

export const approveStateNames: Record<ApproveState, string> = {
  0: '未备案',
  2: '备案通过',
  3: '备案未通过',
  5: '审核中',
};

export function approveStateName(code: number): string {
  return approveStateNames[code as ApproveState] ?? `未知状态(${code})`;
}

export function isApproveState(code: unknown): code is ApproveState {
  return typeof code === 'number' && Object.hasOwn(approveStateNames, code);
}
