/** Settlement authorization calls (accounts §7): the list by side, agree/refuse, recall, delete, find a company, request. */
import type { Term } from '../../../domain/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface AuthorizationRecord {
  id: number; agentName: string; agentCode: string; commerceCode: string; commerceName: string; createTime: string; updateTime: string; state: string; stateName: string;
}
export interface Page<T> { total: number; datas: T[] }

export function createAuthorizationApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/enterprise/declare/authCommerce${path}`, data);
  return {
    /** the apply list (agentCode eq) or the confirm list (commerceCode eq), by states */
    list: (side: 'agentCode' | 'commerceCode', code: string, states: string[], pageIndex: number, pageSize: number) => {
      const terms: Term[] = [{ column: side, termType: 'eq', type: 'and', value: code }];
      if (states.length) terms.push({ column: 'state', termType: 'in', type: 'and', value: states });
      return post<Page<AuthorizationRecord>>('/queryPageList', { pageIndex, pageSize, terms });
    },
    audit: (id: number, flag: boolean) => post<null>('/audit', { flag, id }),
    recall: (ids: number[]) => post<null>('/tackBack', { ids }),
    remove: (ids: number[]) => post<null>('/delete', { ids }),
    findCompany: (companyName: string) => post<{ companyCode: string; companyName: string }[]>('/findCompany', { companyName }),
    request: (commerceCode: string, commerceName: string) => post<AuthorizationRecord>('/save', { commerceCode, commerceName }),
  };
}
export type AuthorizationApi = ReturnType<typeof createAuthorizationApi>;
