/**
 * 内容发布's calls (issue 20): /api/review/content/notice/{pageList, detail, save, publish},
 * /knowledge/{pageList, upload, save, publish} and /image/upload (covers), one file a call.
 */
import { http, LONG_TIMEOUT, type Http } from '../../lib/http.ts';

export interface DeskNotice {
  id: number; type: 'NEWS' | 'NOTICE'; title: string; content: string; summary: string; published: boolean;
  publishedAt: string | null; createTime: string; updateTime: string; cover: { fileName: string; displayUri: string } | null;
}
export interface DeskDocument {
  id: number; fileName: string; filePath: string; type: string; typeName: string; published: boolean; size: number; createTime: string; downloadUri: string;
}
export interface NoticeSave { id?: number; type: string; title: string; content: string; coverToken?: string | null }
export interface UploadedImage { token: string; fileName: string; displayUri: string }
export interface Page<T> { total: number; datas: T[] }

export function createReviewContentApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/review/content${path}`, data);
  const upload = async <T>(path: string, file: File): Promise<T> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await client.axios.post(`/api/review/content${path}`, form, { timeout: LONG_TIMEOUT })) as unknown as T;
  };
  return {
    notices: (type: string, pageIndex: number, pageSize: number) => post<Page<DeskNotice>>('/notice/pageList', { type, pageIndex, pageSize }),
    saveNotice: (input: NoticeSave) => post<DeskNotice>('/notice/save', input),
    publishNotice: (id: number, published: boolean) => post<DeskNotice>('/notice/publish', { id, published }),
    documents: (pageIndex: number, pageSize: number) => post<Page<DeskDocument>>('/knowledge/pageList', { pageIndex, pageSize }),
    uploadDocument: (file: File, type: string) => upload<DeskDocument>(`/knowledge/upload?type=${encodeURIComponent(type)}`, file),
    saveDocument: (id: number, fileName: string, type: string) => post<DeskDocument>('/knowledge/save', { id, fileName, type }),
    publishDocument: (id: number, published: boolean) => post<DeskDocument>('/knowledge/publish', { id, published }),
    uploadImage: (file: File) => upload<UploadedImage>('/image/upload', file),
  };
}
export type ReviewContentApi = ReturnType<typeof createReviewContentApi>;
