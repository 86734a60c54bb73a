/** Statistics calls (accounts §7): /api/agent/counts/list {terms, sorts} → {datas}; exportAgent {terms} → downloadUri. */
import type { Term } from '../../../domain/query.ts';
import type { StatisticsRow } from '../../../domain/statistics/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface StatisticsSort { name: 'total' | 'goodsValue' | 'grossWeight'; order: 'asc' | 'desc' }

export function createStatisticsApi(client: Http = http) {
  return {
    list: (terms: Term[], sorts: StatisticsSort[]) => client.post<{ datas: StatisticsRow[] }>('/api/agent/counts/list', { terms, sorts }, { long: true }),
    exportAgent: (terms: Term[]) => client.post<{ downloadUri: string }>('/api/agent/counts/exportAgent', { terms }, { long: true }),
  };
}
export type StatisticsApi = ReturnType<typeof createStatisticsApi>;
