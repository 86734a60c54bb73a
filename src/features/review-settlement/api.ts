/**
 * The operator's calls of 结汇审核, 核销审核 and 补贴审核 (server/routes/settlement-review.ts): the
 * queues, the details and their rows, and the decisions (each decided by the record's machine).
 */
import type { Term } from '../../../domain/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface Page<T> { total: number; datas: T[] }

export interface VerificationRecord {
  id: number; verNo: string; amount: string; state: string; stateName: string; reason: string | null; auditOpinion: string | null;
  appTime: string | null; updateTime: string | null;
}
export interface SettlementReviewRecord {
  id: number; state: string; stateName: string; declareNo: string | null; ieType: string; businessType: string; companyName: string; companyCode: string | null;
  bankCode: string | null; bankName: string | null; totalAmount: string; totalCount: number; currency: string | null; currencyName: string;
  tradeType: string | null; ebcCode: string | null; ebcName: string | null; note: string | null; verifiedAmount: string; verifyingAmount: string;
  remainingAmount: string; auditOpinion: string | null; appTime: string | null; stateTime: string | null; updateTime: string | null;
  canAccept: boolean; canApprove: boolean;
}
export interface SettlementReviewDetail extends SettlementReviewRecord { verifications: VerificationRecord[] }
export interface InventoryLine {
  id: number; billId: number; invtNo: string | null; copNo: string | null; orderNo: string | null; logisticsNo: string | null; ebcName: string | null;
  tradeMode: string | null; currencyName: string; amount: string; grossWeight: string | null; ieDate: string | null; releaseTime: string | null; active: boolean;
}
export interface VerificationReviewRecord extends VerificationRecord {
  settlementId: number; declareNo: string | null; companyName: string; companyCode: string | null; totalAmount: string; verifiedAmount: string;
  verifyingAmount: string; currencyName: string; canApprove: boolean;
}
export interface VerificationReviewDetail extends VerificationReviewRecord { settlement: SettlementReviewDetail }
export interface SubsidyReviewRecord {
  id: number; applyType: string; applyTypeName: string; companyType: string; companyTypeName: string; ckTime: string; note: string | null;
  state: string; stateName: string; companyName: string; companyCode: string | null; applyTime: string | null; auditTime: string | null;
  billCount: number; canStart: boolean; canFinish: boolean;
}
export interface SubsidyReviewDetail extends SubsidyReviewRecord {
  recCompanyList: { recCompanyCode: string; recCompanyName: string }[];
  resultCount: number;
  resultColumns: { field: string; label: string }[];
}
export interface SubsidyBill {
  id: number; rowNo: number; billNo: string; payCompanyName: string | null; recCompanyName: string | null; takeTime: string | null;
  flightNo: string | null; flightDate: string | null; grossWeight: string | null;
}

export type SettlementDecision = 'accept' | 'refuse' | 'approve' | 'reject';

export function createReviewApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/review${path}`, data);
  const list = <T>(path: string) => (pageIndex: number, pageSize: number, terms: Term[]) => post<Page<T>>(path, { pageIndex, pageSize, terms });
  const rows = <T>(path: string) => (id: number, pageIndex: number, pageSize: number) => post<Page<T>>(path, { id, pageIndex, pageSize });
  return {
    settlements: list<SettlementReviewRecord>('/settlement/pageList'),
    settlement: (id: number) => post<SettlementReviewDetail>('/settlement/detail', { id }),
    inventories: rows<InventoryLine>('/settlement/inventories'),
    decideSettlement: (verb: SettlementDecision, id: number, opinion: string) => post<unknown>(`/settlement/${verb}`, { id, ...(opinion ? { opinion } : {}) }),
    verifications: list<VerificationReviewRecord>('/verification/pageList'),
    verification: (id: number) => post<VerificationReviewDetail>('/verification/detail', { id }),
    decideVerification: (verb: 'approve' | 'reject', id: number, opinion: string) => post<unknown>(`/verification/${verb}`, { id, ...(opinion ? { opinion } : {}) }),
    subsidies: list<SubsidyReviewRecord>('/subsidy/pageList'),
    subsidy: (id: number) => post<SubsidyReviewDetail>('/subsidy/detail', { id }),
    subsidyBills: rows<SubsidyBill>('/subsidy/bills'),
    subsidyResults: (id: number, pageIndex: number, pageSize: number) =>
      post<Page<Record<string, unknown>> & { columns: { field: string; label: string }[] }>('/subsidy/results', { id, pageIndex, pageSize }),
    decideSubsidy: (verb: 'start' | 'finish', id: number) => post<unknown>(`/subsidy/${verb}`, { id }),
  };
}
export type ReviewApi = ReturnType<typeof createReviewApi>;
