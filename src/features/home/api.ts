/**
 * The home page's calls (§2 Home, §7, §9): 10 news and 5 notices (/notice/queryPageList), 5
 * documents (/Knowledge_file/list) and their download links, the user's common functions.
 */
import type { ContentType } from '../../../domain/texts/content.ts';
import { http, type Http } from '../../lib/http.ts';

export interface HomeNotice { id: number; type: ContentType; title: string; summary: string; updateTime: string; coverFile: { attachment: { displayUri: string } } | null }
export interface HomeDocument { id: number; fileName: string; filePath: string; createTime: string }
/** null: no provider, no city, or the provider failed (the page shows the date alone) */
export interface HomeWeather { city: string; text: string; temperature: string }
export interface HomeFunction { id: number; name: string; uri: string; icon: string; type: string }

export function createHomeApi(client: Http = http) {
  const page = (type: ContentType, pageSize: number) => client.post<{ total: number; datas: HomeNotice[] }>('/api/enterprise/notice/queryPageList', {
    pageIndex: 0, pageSize, terms: [{ column: 'type', termType: 'eq', type: 'and', value: type }], sorts: [{ name: 'update_time', order: 'desc' }],
  });
  return {
    news: () => page('NEWS', 10),
    notices: () => page('NOTICE', 5),
    documents: () => client.post<{ total: number; datas: HomeDocument[] }>('/api/enterprise/Knowledge_file/list', { pageIndex: 0, pageSize: 5, sorts: [{ name: 'create_time', order: 'desc' }] }),
    download: (filePath: string) => client.post<{ downloadUri: string }>('/api/enterprise/Knowledge_file/download', {}, { params: { file_path: filePath } }),
    weather: () => client.post<HomeWeather | null>('/api/enterprise/home/weather', {}),
    functions: () => client.post<HomeFunction[]>('/api/enterprise/user/function/findUserFunctions', {}),
  };
}
export type HomeApi = ReturnType<typeof createHomeApi>;
