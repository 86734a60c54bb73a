/**
 * The reason a filing was sent back (issue 20): while it is 备案未通过, the reviewer's opinion of the
 * latest 退回 in the history (newest first) — what the enterprise must fix before declaring again.
 */
import { APPROVE_STATE } from '../../../domain/enterprise/approval.ts';

export interface DecisionVo { state: number; opinion: string | null; operationTime: string }

export function rejectionOf<T extends DecisionVo>(approveState: number, records: readonly T[]): T | null {
  if (approveState !== APPROVE_STATE.rejected) return null;
  return records.find((r) => r.state === APPROVE_STATE.rejected) ?? null;
}
