/**
 * The archive's calls (bills §7): /Knowledge_file/list (pageIndex, pageSize, sorts create_time desc,
 * terms), /Knowledge_file/state_count (the counts per type), /Knowledge_file/download?file_path= and
 * /Knowledge_file/batchDownload {ids}; downloads answer a downloadUri the page opens.
 */
import type { Term } from '../../../domain/query.ts';
import { http, type Http } from '../../lib/http.ts';

export interface KnowledgeRow { id: number; fileName: string; filePath: string; createTime: string; type: string; typeName: string }
export interface TypeCount { state: string; stateName: string; count: number }

const BASE = '/api/enterprise/Knowledge_file';

export function createArchiveApi(client: Http = http) {
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[]) =>
      client.post<{ total: number; datas: KnowledgeRow[] }>(`${BASE}/list`, { pageIndex, pageSize, terms, sorts: [{ name: 'create_time', order: 'desc' }] }),
    counts: (terms: Term[]) => client.post<TypeCount[]>(`${BASE}/state_count`, { pageIndex: 0, pageSize: 10, terms }),
    download: (filePath: string) => client.post<{ downloadUri: string }>(`${BASE}/download?file_path=${encodeURIComponent(filePath)}`, {}),
    batchDownload: (ids: number[]) => client.post<{ downloadUri: string }>(`${BASE}/batchDownload`, { ids }),
  };
}

export type ArchiveApi = ReturnType<typeof createArchiveApi>;
