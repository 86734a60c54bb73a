/**
 * Stored states and their names (accounts-and-enterprise.md §4): exchange settlement, its
 * verification applications, and settlement authorizations. The machines in machines/ decide the
 * transitions; these are the words the lists show.
 */
export const SETTLEMENT_STATES = ['to_declare', 'declare', 'audit', 'approved', 'not_approved', 'revoke'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
export const settlementStateNames: Record<SettlementState, string> = {
  to_declare: '待生成',
  declare: '申报中',
  audit: '审核中',
  approved: '审核通过',
  not_approved: '审核不通过',
  revoke: '已撤销',
};

/** A verification (核销) application: the bank checks the amount against the settled inventories (names ours). */
export const VERIFICATION_STATES = ['audit', 'approved', 'not_approved', 'revoke'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];
export const verificationStateNames: Record<VerificationState, string> = {
  audit: '审核中',
  approved: '核销成功',
  not_approved: '核销失败',
  revoke: '已撤销',
};

export const AUTHORIZATION_STATES = ['to_audit', 'approved', 'not_approved', 'take_back'] as const;
export type AuthorizationState = (typeof AUTHORIZATION_STATES)[number];
export const authorizationStateNames: Record<AuthorizationState, string> = {
  to_audit: '待审核',
  approved: '已授权',
  not_approved: '已拒绝',
  take_back: '已回收',
};

export const stateNameOf = <S extends string>(names: Record<S, string>, state: string): string =>
  Object.hasOwn(names, state) ? names[state as S] : state;

/**
 * A settlement is of export inventories (ieType EXP, billType export: 结汇, foreign currency sold)
 * or import inventories (IMP, import: 购汇, currency bought) — ours: the spec names both types only.
 */
export const IE_TYPES = { export: 'EXP', import: 'IMP' } as const;
export type BillType = keyof typeof IE_TYPES;
export type IeType = (typeof IE_TYPES)[BillType];
export const billTypeOf = (ieType: string): BillType => (ieType === 'IMP' ? 'import' : 'export');
export const businessTypeNames: Record<IeType, string> = { EXP: '结汇', IMP: '购汇' };

/** Inventories in settlement are filtered by one trade mode (§3): 9610 or 1210, both directions. */
export const SETTLEMENT_TRADE_MODES = ['9610', '1210'] as const;
export const settlementTradeModeOptions = [
  { value: '9610', label: '9610 跨境贸易电子商务' },
  { value: '1210', label: '1210 保税跨境贸易电子商务' },
] as const;

/**
 * Customs released the inventory: 800 放行, or 899 结关 which follows it. Only such inventories are
 * settled, verified for rewards and counted in the statistics (ours: 899 is a released inventory
 * whose clearance is closed, so it is kept).
 */
export const RELEASED_STATES = ['800', '899'] as const;

/**
 * Whose inventories a settlement holds (the list's 授权状态 filter, ours): the company's own, or an
 * e-commerce company's under an authorization in this state; none when there never was one.
 */
export const settlementAuthStateNames: Record<string, string> = { self: '自有', approved: '已授权', take_back: '已回收', not_approved: '已拒绝', to_audit: '待审核', none: '未授权' };
export const SETTLEMENT_AUTH_FILTER = ['self', 'approved', 'take_back', 'none'] as const;

/**
 * A settlement's lock (批量锁定 / 批量解锁, accounts §5 "batch lock or unlock needs selection"): its
 * own state beside the workflow's, stored in settlements.lock_state (machines/settlement-lock.ts;
 * docs/decisions/settlement-lock.md). Names ours.
 */
export const SETTLEMENT_LOCK_STATES = ['unlocked', 'locked'] as const;
export type SettlementLockState = (typeof SETTLEMENT_LOCK_STATES)[number];
export const settlementLockStateNames: Record<SettlementLockState, string> = { unlocked: '未锁定', locked: '已锁定' };
