/** Reward applications as the list and the detail show them (accounts §3 "Reward application"). */
import { applyTypeOf, companyTypes, rewardStateNames } from '../../domain/rewards/apply-types.ts';
import { stateNameOf } from '../../domain/settlement/states.ts';
import { rewardCheckable } from '../../machines/reward.ts';
import type { Selectable } from 'kysely';
import type { SubsidiesTable } from '../db/schema.ts';
import { amount, time } from '../settlement/format.ts';

export type SubsidyRow = Selectable<SubsidiesTable>;

/** A date column as 'YYYY-MM-DD' (both drivers read a date as its day's text: server/db/database.ts). */
export const day = (v: string | null): string => (v ?? '').slice(0, 10);

export function subsidyVo(r: SubsidyRow) {
  const start = day(r.ck_start_time);
  const end = day(r.ck_end_time);
  return {
    id: Number(r.id),
    applyType: r.apply_type,
    applyTypeName: applyTypeOf(r.apply_type)?.label ?? r.apply_type,
    companyType: r.company_type,
    companyTypeName: companyTypes.find((c) => c.value === r.company_type)?.label ?? r.company_type,
    ckStartTime: start,
    ckEndTime: end,
    ckTime: `${start} ~ ${end}`,
    note: r.note,
    importNo: Number(r.import_no),
    state: r.state,
    stateName: stateNameOf(rewardStateNames, r.state),
    companyName: r.company_name,
    applyTime: time(r.apply_time),
    auditTime: time(r.audit_time),
    /** only a verified application opens its check detail (§4) */
    checkable: rewardCheckable(r.state),
  };
}

export const billVo = (b: { id: number; pay_company_name: string | null; rec_company_name: string | null; bill_no: string; take_time: string | null; flight_no: string | null; flight_date: string | null; gross_weight: string | null; import_no: number; subsidy_id: number | null; row_no: number }) => ({
  id: Number(b.id), rowNo: b.row_no, payCompanyName: b.pay_company_name, recCompanyName: b.rec_company_name, billNo: b.bill_no, takeTime: b.take_time,
  flightNo: b.flight_no, flightDate: b.flight_date, grossWeight: b.gross_weight === null ? null : amount(b.gross_weight),
  import_no: Number(b.import_no), subsidy_id: b.subsidy_id === null ? null : Number(b.subsidy_id),
});
