/** 备案审核 calls (issue 20): the operator's /api/review/filing/* routes. */
import type { FieldChange, FilingAttachment } from '../../../domain/enterprise/filing-diff.ts';
import { http, type Http } from '../../lib/http.ts';

export type Comparison =
  | { base: 'first' | 'lost' }
  | { base: 'approved'; approvedAt: string | null; fields: FieldChange[]; addedFileIds: number[]; removedFiles: FilingAttachment[] };

export interface QueueRow {
  id: number; companyName: string; customsRegistCode: string | null; companyCode: string | null; applyTime: string | null;
  filingType: 'first' | 'change'; filingTypeName: string; companyTypes: string[]; base: Comparison['base']; changes: string[] | null;
}
export interface FileVo { id: number; fileTypeName: string; fileName: string; size: number; createTime: string | null; attachment: { downloadUri: string; displayUri: string } }
export interface ApprovalVo { id: number; operationTime: string | null; userName: string; state: number; stateName: string; opinion: string | null; note: string | null }
export interface FilingDetail extends Record<string, unknown> {
  id: number; companyName: string; companyCode: string | null; customsRegistCode: string | null; approveState: number; showApproveState: string;
  applyTime: string | null; filingType: 'first' | 'change'; filingTypeName: string; companyTypes: string[];
  companyFileVos: FileVo[]; approvalRecordVos: ApprovalVo[]; comparison: Comparison;
}
export interface DecisionRow extends ApprovalVo { companyId: number; companyName: string }
export interface Paged<T> { total: number; datas: T[] }
export interface Decided { id: number; approveState: number; showApproveState: string }

export function createReviewFilingApi(client: Http = http) {
  const post = <T>(path: string, data: unknown) => client.post<T>(`/api/review/filing${path}`, data);
  return {
    queue: (pageIndex: number, pageSize: number, companyName: string) => post<Paged<QueueRow>>('/pageList', { pageIndex, pageSize, ...(companyName ? { companyName } : {}) }),
    detail: (id: number) => post<FilingDetail>('/detail', { id }),
    history: (q: { pageIndex: number; pageSize: number; companyName?: string; companyId?: number }) => post<Paged<DecisionRow>>('/history', q),
    approve: (id: number, opinion: string, companyCode: string) => post<Decided>('/approve', { id, ...(opinion.trim() ? { opinion } : {}), companyCode }),
    reject: (id: number, opinion: string) => post<Decided>('/reject', { id, opinion }),
  };
}
export type ReviewFilingApi = ReturnType<typeof createReviewFilingApi>;
