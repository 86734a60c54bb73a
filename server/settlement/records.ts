/**
 * Settlement records as the lists and the detail head show them (accounts §3 "Exchange settlement
 * record"), and the one select they are read with.
 */
import { sql, type RawBuilder } from 'kysely';
import { businessTypeNames, settlementLockStateNames, settlementStateNames, stateNameOf, type IeType, billTypeOf, settlementAuthStateNames } from '../../domain/settlement/states.ts';
import { settlementNodes } from '../../domain/texts/settlement.ts';
import { settlementHasTag } from '../../machines/settlement.ts';
import { settlementLockAccepts } from '../../machines/settlement-lock.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import type { ColumnWhitelist } from '../query/list-query.ts';
import { amount, currencyName, percent, subtract, time } from './format.ts';

/**
 * Whose inventories a settlement holds: the company's own (self), or an e-commerce company's under
 * an authorization (its state; none when there never was one). Used by the 授权状态 filter.
 */
export const authStateSql = (companyCode: string | null): RawBuilder<string> => sql<string>`case
  when s.ebc_code is null or s.ebc_code = ${companyCode ?? ''} then 'self'
  else coalesce((select a.state from settlement_authorizations a where a.agent_company_id = s.company_id and a.commerce_code = s.ebc_code
                 order by (a.state = 'approved') desc, a.update_time desc limit 1), 'none') end`;


export function settlementSelect(db: Db, user: AuthUser) {
  return db.selectFrom('settlements as s').where('s.company_id', '=', user.companyId).select([
    's.id', 's.company_id', 's.ie_type', 's.state', 's.declare_no', 's.trade_mode', 's.currency', 's.ebc_code', 's.ebc_name', 's.bank_code', 's.bank_name',
    's.note', 's.spec_decl_flag', 's.total_amount', 's.total_count', 's.verified_amount', 's.verifying_amount', 's.audit_opinion', 's.app_time',
    's.create_time', 's.update_time', 's.version', 's.lock_state', 's.locked_by', 's.lock_time', authStateSql(user.companyCode).as('auth_state'),
  ]);
}

export type SettlementRow = {
  id: number; ie_type: string; state: string; declare_no: string | null; trade_mode: string | null; currency: string | null;
  ebc_code: string | null; ebc_name: string | null; bank_code: string | null; bank_name: string | null; note: string | null; spec_decl_flag: string;
  total_amount: string; total_count: number; verified_amount: string; verifying_amount: string; audit_opinion: string | null;
  app_time: Date | null; create_time: Date; update_time: Date; version: number; auth_state: string;
  lock_state: string; locked_by: string | null; lock_time: Date | null;
};

export function settlementWhitelist(companyCode: string | null): ColumnWhitelist {
  return {
    id: { sql: 's.id', kind: 'number' },
    state: { sql: 's.state', kind: 'text', label: '状态' },
    ie_type: { sql: 's.ie_type', kind: 'text' },
    declare_no: { sql: 's.declare_no', kind: 'text', label: '申报编号' },
    bank_code: { sql: 's.bank_code', kind: 'text' },
    bank_name: { sql: 's.bank_name', kind: 'text' },
    ebc_name: { sql: 's.ebc_name', kind: 'text' },
    trade_mode: { sql: 's.trade_mode', kind: 'text' },
    total_amount: { sql: 's.total_amount', kind: 'number' },
    create_time: { sql: 's.create_time', kind: 'timestamp', label: '创建时间' },
    app_time: { sql: 's.app_time', kind: 'timestamp', label: '申请时间' },
    update_time: { sql: 's.update_time', kind: 'timestamp' },
    lock_state: { sql: 's.lock_state', kind: 'text', label: '锁定状态' },
    auth_state: { sql: authStateSql(companyCode), kind: 'text', label: '授权状态', sortable: false },
  };
}

/** The record of §3: what the list rows and the detail head carry. */
export function settlementVo(r: SettlementRow) {
  const ieType = r.ie_type as IeType;
  const approved = r.state === 'approved';
  const already = approved ? r.total_amount : '0';
  return {
    id: Number(r.id),
    state: r.state,
    stateName: stateNameOf(settlementStateNames, r.state),
    ieType,
    billType: billTypeOf(ieType),
    declareNo: r.declare_no,
    businessType: businessTypeNames[ieType] ?? ieType,
    bankCode: r.bank_code,
    bankName: r.bank_name,
    totalAmount: amount(r.total_amount),
    /** settled by the bank: the whole amount once approved */
    alreadyAmount: amount(already),
    /** verified (核销成功) */
    verificationAmount: amount(r.verified_amount),
    /** in verification (审核中) */
    verifyingAmount: amount(r.verifying_amount),
    /** still to verify: settled − verified − in verification */
    verAmount: approved ? subtract(already, r.verified_amount, r.verifying_amount) : amount(0),
    verProportion: percent(r.verified_amount, already),
    totalAmountUnit: r.currency,
    totalAmountUnitName: currencyName(r.currency),
    totalCount: r.total_count,
    tradeType: r.trade_mode,
    ebcCode: r.ebc_code,
    ebcName: r.ebc_name,
    note: r.note,
    specDeclFlag: r.spec_decl_flag,
    appTime: time(r.app_time),
    auditOpinion: r.audit_opinion,
    node: settlementNodes[r.state as keyof typeof settlementNodes] ?? '',
    authState: r.auth_state,
    authStateName: settlementAuthStateNames[r.auth_state] ?? r.auth_state,
    createTime: time(r.create_time),
    updateTime: time(r.update_time),
    version: r.version,
    /** its own state beside the workflow's (批量锁定 / 批量解锁), who locked it and when */
    lockState: r.lock_state,
    lockStateName: stateNameOf(settlementLockStateNames, r.lock_state),
    lockedBy: r.locked_by,
    lockTime: time(r.lock_time),
    /** what the list may offer (§4): detail in edit mode (not while locked), detail in view mode */
    editable: settlementHasTag(r.state, 'editable') && settlementLockAccepts(r.lock_state, { type: 'settlement.change' }),
    viewable: settlementHasTag(r.state, 'detail'),
  };
}
export type SettlementVo = ReturnType<typeof settlementVo>;
