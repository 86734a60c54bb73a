/** News and notices (accounts §7): /notice/queryPageList {pageIndex, pageSize, terms type eq, sorts} and /notice/detail {id}. */
import type { ContentType } from '../../../domain/texts/content.ts';
import { http, type Http } from '../../lib/http.ts';

export interface NoticeCard {
  id: number; type: ContentType; title: string; summary: string; content: string; createTime: string; updateTime: string;
  coverFile: { fileName: string; attachment: { displayUri: string; downloadUri: string } } | null;
}
export interface NoticeDetail extends NoticeCard { fileVos: { id: number; fileName: string; attachment: { downloadUri: string; displayUri: string } }[] }
export interface NoticePage { total: number; datas: NoticeCard[] }

export function createContentApi(client: Http = http) {
  return {
    page: (type: ContentType, pageIndex: number, pageSize: number) => client.post<NoticePage>('/api/enterprise/notice/queryPageList', {
      pageIndex, pageSize, terms: [{ column: 'type', termType: 'eq', type: 'and', value: type }], sorts: [{ name: 'update_time', order: 'desc' }],
    }),
    detail: (id: number) => client.post<NoticeDetail>('/api/enterprise/notice/detail', { id }),
  };
}
export type ContentApi = ReturnType<typeof createContentApi>;
