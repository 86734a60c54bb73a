/** 企业管理 calls of the operator (issue 20): /api/review/enterprise/{pageList, accounts, freeze, unfreeze, backupStatus}. */
import type { BackupStatusAnswer } from '../../../domain/ops/backup-health.ts';
import type { Term } from '../../../domain/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface EnterpriseRow {
  id: number; companyName: string; companyCode: string | null; customsRegistCode: string | null; socialCreditCode: string | null;
  approveState: number; showApproveState: string; frozen: boolean; frozenTime: string; accountCount: number; createTime: string; applyTime: string;
}
export interface EnterprisePage { total: number; datas: EnterpriseRow[] }
export interface EnterpriseAccount { id: number; loginName: string; userName: string; userType: string; state: string; createTime: string }

export function createReviewCompanyApi(client: Http = http) {
  const post = <T>(path: string, data: unknown) => client.post<T>(`/api/review/enterprise${path}`, data);
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[] = []) => post<EnterprisePage>('/pageList', { pageIndex, pageSize, terms }),
    accounts: (id: number) => post<EnterpriseAccount[]>('/accounts', { id }),
    backupStatus: () => post<BackupStatusAnswer>('/backupStatus', {}),
    setFrozen: (id: number, frozen: boolean) => post<{ id: number; frozen: boolean }>(frozen ? '/freeze' : '/unfreeze', { id }),
  };
}
export type ReviewCompanyApi = ReturnType<typeof createReviewCompanyApi>;
