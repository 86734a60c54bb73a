/** API-key calls (issue 17): /api/enterprise/apiKey/pageList, save, disable, deleteByIds. */
import type { GrantPair } from '../../../domain/grants.ts';
import { http, type Http } from '../../lib/http.ts';

export interface ApiKeyRow {
  id: number; name: string; secretPrefix: string; state: 'EFFECTIVE' | 'INVALID' | 'EXPIRED';
  expiresAt: string | null; lastUsedAt: string | null; lastUsedIp: string | null; createTime: string; grants: GrantPair[];
}
export interface ApiKeyPage { total: number; datas: ApiKeyRow[] }

export function createApiKeyApi(client: Http = http) {
  const post = <T>(path: string, data: unknown) => client.post<T>(`/api/enterprise/apiKey${path}`, data);
  return {
    list: (pageIndex: number, pageSize: number) => post<ApiKeyPage>('/pageList', { pageIndex, pageSize }),
    create: (name: string, grants: GrantPair[], expiresAt: string | null) => post<{ id: number; secret: string }>('/save', { name, grants, expiresAt }),
    disable: (ids: number[]) => post<null>('/disable', { ids }),
    remove: (ids: number[]) => post<null>('/deleteByIds', { ids }),
  };
}
export type ApiKeyApi = ReturnType<typeof createApiKeyApi>;
