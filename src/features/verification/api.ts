/** Settlement verification calls (accounts §7): the list, apply, revoke, the history, the result detail. */
import type { Term } from '../../../domain/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface VerifiableRecord {
  id: number; billType: 'export' | 'import'; declareNo: string | null; businessType: string; bankName: string | null; totalAmount: string;
  alreadyAmount: string; verificationAmount: string; verifyingAmount: string; verAmount: string; verProportion: string; totalAmountUnitName: string;
  appTime: string | null; verState: string | null; verStateName: string; verNo: string | null;
}
export interface VerificationResult { id: number; verNo: string; amount: string; stateName: string; reason: string | null; auditOpinion: string | null; appTime: string; updateTime: string }
export type { RevocationRecord } from '../../components/RevocationHistoryDialog.tsx';
import type { RevocationRecord } from '../../components/RevocationHistoryDialog.tsx';
export interface Page<T> { total: number; datas: T[] }

export function createVerificationApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/enterprise${path}`, data);
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[]) => post<Page<VerifiableRecord>>('/declare/verification/pageList', { pageIndex, pageSize, terms }),
    apply: (id: number, amount: number) => post<{ id: number; verNo: string }>('/declare/verification/apply', { amount, ids: [id] }),
    revoke: (ids: number[], reason: string) => post<null>('/declare/verification/revokes', { ids, reason }),
    history: (pageIndex: number, pageSize: number) => post<Page<RevocationRecord>>('/declare/revoke/verificationPageList', { pageIndex, pageSize }),
    result: (id: number) => post<{ head: VerifiableRecord; datas: VerificationResult[] }>('/declare/verification/result', { id }),
  };
}
export type VerificationApi = ReturnType<typeof createVerificationApi>;
