/**
 * Exchange settlement calls (accounts §7): the list, 提交申请, 撤销申请, 删除申请, 批量锁定/解锁, the revocation
 * history, and the detail page's head, lines, released inventories to add, adding and deleting lines.
 */
import type { BillType } from '../../../domain/settlement/states.ts';
import type { Term } from '../../../domain/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface SettlementRecord {
  id: number; state: string; stateName: string; ieType: 'EXP' | 'IMP'; billType: BillType; declareNo: string | null; businessType: string;
  bankCode: string | null; bankName: string | null; totalAmount: string; alreadyAmount: string; verificationAmount: string; verifyingAmount: string;
  verAmount: string; verProportion: string; totalAmountUnitName: string; totalCount: number; tradeType: string | null; ebcCode: string | null;
  ebcName: string | null; note: string | null; specDeclFlag: string; appTime: string | null; auditOpinion: string | null; node: string;
  authState: string; authStateName: string; createTime: string; updateTime: string; editable: boolean; viewable: boolean;
  /** the lock, its own state beside the workflow's (批量锁定 / 批量解锁) */
  lockState?: string; lockStateName?: string; lockedBy?: string | null; lockTime?: string | null;
}
export interface SettlementLine {
  id: number; billId: number; invtNo: string | null; copNo: string | null; orderNo: string | null; logisticsNo: string | null; ebcName: string | null;
  tradeMode: string | null; currencyName: string; amount: string; grossWeight: string | null; ieDate: string | null; releaseTime: string | null;
}
export interface Candidate {
  id: number; invtNo: string | null; copNo: string | null; orderNo: string | null; logisticsNo: string | null; ebcName: string | null;
  tradeMode: string | null; currencyName: string; amount: string; grossWeight: string | null; ieDate: string | null; createTime: string;
}
export type { RevocationRecord } from '../../components/RevocationHistoryDialog.tsx';
import type { RevocationRecord } from '../../components/RevocationHistoryDialog.tsx';
export interface Page<T> { total: number; datas: T[] }

const paths = {
  import: { head: '/declarel/queryInventHead', lines: '/SeInventory/queryPageList', candidates: '/invtInventory/querySeInventList', add: '/invtInventory/declarationSeList', deleteLines: '/SeInventory/delete' },
  export: { head: '/declarel/queryExpuInventHead', lines: '/SeExpuInventory/queryPageList', candidates: '/expuInventry/quertSeList', add: '/expuInventry/declarationSeList', deleteLines: '/SeExpuInventory/delete' },
} as const;

export function createSettlementApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/enterprise${path}`, data);
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[]) => post<Page<SettlementRecord>>('/declarel/severList', { pageIndex, pageSize, terms }),
    apply: (id: number, bankCode: string, note: string) => post<SettlementRecord>('/declarel/declaration', { id, bankCode, note }),
    revoke: (ids: number[], reason: string) => post<null>('/declare/revoke/revoke', { ids, reason, revokeType: 1 }),
    remove: (ids: number[]) => post<null>('/declarel/delete', { ids }),
    lock: (ids: number[]) => post<null>('/declarel/lock', { ids }),
    unlock: (ids: number[]) => post<null>('/declarel/unlock', { ids }),
    history: (pageIndex: number, pageSize: number) => post<Page<RevocationRecord>>('/declare/revoke/revokePageList', { pageIndex, pageSize }),
    head: (billType: BillType, id: number) => post<SettlementRecord>(paths[billType].head, { id }),
    lines: (billType: BillType, id: number, pageIndex: number, pageSize: number) =>
      post<Page<SettlementLine>>(paths[billType].lines, { pageIndex, pageSize, terms: [{ column: 'head_id', termType: 'eq', value: id }] }),
    candidates: (billType: BillType, pageIndex: number, pageSize: number, terms: Term[]) => post<Page<Candidate>>(paths[billType].candidates, { pageIndex, pageSize, terms }),
    add: (billType: BillType, ids: number[], headId: number | null, startTime: string, endTime: string) =>
      post<{ headId: number; added: number }>(paths[billType].add, { ids, headId, startTime, endTime }),
    deleteLines: (billType: BillType, ids: number[]) => post<null>(paths[billType].deleteLines, { ids }),
    saveHead: (id: number, specDeclFlag: string) => post<SettlementRecord>('/declarel/saveHead', { id, specDeclFlag }),
  };
}
export type SettlementApi = ReturnType<typeof createSettlementApi>;

/** The detail page's query parameter (§2): params = encoded JSON {type: edit | view, billType, id}. */
export interface DetailParams { type: 'edit' | 'view'; billType: BillType; id: number | null }
export const detailPath = (p: DetailParams) => `/exchangeSettlement/applicationDetail?params=${encodeURIComponent(JSON.stringify(p))}`;
export function readDetailParams(search: string): DetailParams | null {
  try {
    const raw = new URLSearchParams(search).get('params');
    const p = raw ? JSON.parse(raw) as Partial<DetailParams> : null;
    if (!p || (p.type !== 'edit' && p.type !== 'view') || (p.billType !== 'export' && p.billType !== 'import')) return null;
    return { type: p.type, billType: p.billType, id: typeof p.id === 'number' ? p.id : null };
  } catch {
    return null;
  }
}
