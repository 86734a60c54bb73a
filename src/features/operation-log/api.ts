/** 操作日志 calls (issue 17 §2): the list (fixed path) and its .xlsx export. */
import { OPERATION_LOG_EXPORT_PATH, OPERATION_LOG_LIST_PATH } from '../../../domain/operation-log.ts';
import type { Term } from '../../../domain/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface OperationLogRow {
  id: number; createTime: string; account: string; actorName: string; ip: string; module: string; action: string;
  billType: string | null; recordIds: number[]; billNos: string[]; outcome: string; message: string;
}
export interface OperationLogPage { total: number; datas: OperationLogRow[] }

export function createOperationLogApi(client: Http = http) {
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[]) => client.post<OperationLogPage>(OPERATION_LOG_LIST_PATH, { pageIndex, pageSize, terms }),
    export: (terms: Term[]) => client.post<{ downloadUri: string }>(OPERATION_LOG_EXPORT_PATH, { terms }),
  };
}
export type OperationLogApi = ReturnType<typeof createOperationLogApi>;
