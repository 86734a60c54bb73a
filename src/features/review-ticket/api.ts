/**
 * 工单处理's calls (issue 20): /api/review/ticket/{list, detail, process, reply, close} and the
 * operator's picture upload (/api/review/content/image/upload, one file a call).
 */
import { http, LONG_TIMEOUT, type Http } from '../../lib/http.ts';

export interface DeskTicketRow {
  id: number; ticketNum: string; ticketTitle: string; ticketTypeName: string; state: string; stateName: string;
  promoter: string; telephone: string; companyName: string; replies: number; createTime: string; updateTime: string;
}
export interface DeskImage { name: string; uri: string; displayUri: string; downloadUri: string; contentType: string }
export interface DeskReply { id: number; author: string; content: string; createTime: string; images: DeskImage[] }
export interface DeskTicket {
  id: number; ticketNum: string; ticketTitle: string; ticketTypeName: string; ticketContent: string; telephone: string; promoter: string;
  state: string; stateName: string; reason: string | null; companyName: string; companyCode: string | null; createTime: string; updateTime: string;
  attachments: DeskImage[]; replies: DeskReply[]; actions: ('process' | 'reply' | 'close')[];
}
export interface DeskTicketFilter { state?: string; companyName?: string; dateFrom?: string; dateTo?: string }
export interface UploadedImage { token: string; fileName: string; displayUri: string }

export function createReviewTicketApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/review/ticket${path}`, data);
  return {
    list: (pageIndex: number, pageSize: number, filter: DeskTicketFilter) => post<{ total: number; datas: DeskTicketRow[] }>('/list', { pageIndex, pageSize, ...filter }),
    detail: (id: number) => post<DeskTicket>('/detail', { id }),
    process: (id: number) => post<unknown>('/process', { id }),
    close: (id: number, reason: string) => post<unknown>('/close', { id, reason }),
    reply: (id: number, content: string, images: string[]) => post<unknown>('/reply', { id, content, images }),
    async uploadImage(file: File): Promise<UploadedImage> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await client.axios.post('/api/review/content/image/upload', form, { timeout: LONG_TIMEOUT })) as unknown as UploadedImage;
    },
  };
}
export type ReviewTicketApi = ReturnType<typeof createReviewTicketApi>;
