/** Reward application calls (accounts §7). A refused /subsidy/apply answers code -1000: the whole body. */
import type { Envelope } from '../../../domain/envelope.ts';
import type { Term } from '../../../domain/query.ts';
import type { ResultColumn } from '../../../domain/rewards/apply-types.ts';
import { http, LONG_TIMEOUT, type Http } from '../../lib/http.ts';

export interface Subsidy {
  id: number; applyType: string; applyTypeName: string; companyType: string; companyTypeName: string; ckStartTime: string; ckEndTime: string; ckTime: string;
  note: string | null; importNo: number; state: string; stateName: string; companyName: string; applyTime: string; auditTime: string | null; checkable: boolean;
}
export interface SubsidyDetail extends Subsidy { recCompanyList: RecCompany[]; billCount: number }
export interface RecCompany { recCompanyName: string; recCompanyCode: string }
export interface SubsidyBill {
  id: number; rowNo: number; payCompanyName: string | null; recCompanyName: string | null; billNo: string; takeTime: string | null; flightNo: string | null;
  flightDate: string | null; grossWeight: string | null; import_no: number; subsidy_id: number | null;
}
export interface Page<T> { total: number; datas: T[] }
export interface ApplyData {
  applyType: string; companyType: string; ckStartTime: string; ckEndTime: string; note: string; recCompanyList: RecCompany[]; importNo: number;
}

export function createRewardApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/enterprise/subsidy${path}`, data);
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[]) => post<Page<Subsidy>>('/list', { pageIndex, pageSize, terms, sorts: [{ name: 'apply_time', order: 'desc' }] }),
    detail: (id: number) => post<SubsidyDetail>('/detail', { id }),
    exportList: (terms: Term[]) => post<{ downloadUri: string }>('/export', { terms }),
    /** resolves with the whole envelope: code 0, or -1000 with the refusal (§8) */
    apply: (data: ApplyData) => post<Subsidy | Envelope<unknown>>('/apply', data),
    companies: (companyName: string) => post<RecCompany[]>('/company/queryRecCompany', { companyName }),
    template: () => post<{ downloadUri: string }>('/downloadTemplate'),
    async importFile(file: File): Promise<{ importNo: number; total: number }> {
      await client.post('/api/jwt_core/validate', {});
      const form = new FormData();
      form.append('file', file, file.name);
      const uploaded = (await client.axios.post('/api/file/upload', form, { timeout: LONG_TIMEOUT })) as unknown as { uri: string }[];
      return client.post('/api/enterprise/subsidy/bill/import', { filePath: uploaded[0]!.uri }, { long: true });
    },
    bills: (by: 'import_no' | 'subsidy_id', value: number, pageIndex: number, pageSize: number) =>
      post<Page<SubsidyBill>>('/bill/list', { pageIndex, pageSize, terms: [{ column: by, termType: 'eq', value }] }),
    deleteBill: (id: number) => post<null>('/bill/delete', { id }),
    deleteImport: (importNo: number) => post<null>('/bill/deleteAll', { id: importNo }),
    results: (applyType: string, id: number, pageIndex: number, pageSize: number) =>
      post<Page<Record<string, unknown>> & { columns: ResultColumn[] }>(`/result/${applyType}/list`, { pageIndex, pageSize, terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] }),
    exportResults: (applyType: string, id: number) => post<{ downloadUri: string }>(`/result/${applyType}/export`, { terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] }),
  };
}
export type RewardApi = ReturnType<typeof createRewardApi>;

/** A download opens in a new window (§7). */
/** a generated download: opened with a one-use ticket (src/lib/download.ts, issue 29) */
export { openDownload } from '../../lib/download.ts';
