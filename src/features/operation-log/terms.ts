/** The page's filters as list terms (the same terms as every list; domain/query.ts). */
import { rangeEnd, rangeStart, type Term } from '../../../domain/query.ts';

export interface OperationLogFilters {
  range: [string | null, string | null];
  account: string;
  module: string;
  action: string;
  /** '' = 全部 */
  outcome: string;
  billNo: string;
}

export function filterTerms(f: OperationLogFilters): Term[] {
  const out: Term[] = [];
  if (f.range[0] && f.range[1]) out.push({ column: 'create_time', termType: 'btw', value: [rangeStart(f.range[0]), rangeEnd(f.range[1])] });
  // the account as typed, whole: 'admin' must not also find every sub-account named user@admin
  if (f.account.trim()) out.push({ column: 'account', termType: 'eq', value: f.account.trim() });
  if (f.module.trim()) out.push({ column: 'module', termType: 'like', value: f.module.trim() });
  if (f.action.trim()) out.push({ column: 'action', termType: 'like', value: f.action.trim() });
  if (f.outcome) out.push({ column: 'outcome', termType: 'eq', value: f.outcome });
  if (f.billNo.trim()) out.push({ column: 'bill_no', termType: 'eq', value: f.billNo.trim() });
  return out;
}
