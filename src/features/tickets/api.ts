/**
 * Work-ticket calls (accounts §7): /Work_ticket/list, state_count, save, detail, delete. Screenshots
 * go first through the session check and /api/file/upload (§5), one file a call; the form keeps the
 * answered uris and sends them as filePath [{filePath, fileName}].
 */
import type { FieldError } from '../../../domain/envelope.ts';
import type { Term } from '../../../domain/query.ts';
import { ApiError } from '../../lib/api-error.ts';
import { http, LONG_TIMEOUT, type Http } from '../../lib/http.ts';

export interface TicketRow {
  id: number; ticketNum: string; ticketTitle: string; ticketType: string; ticketTypeName: string; promoter: string;
  state: string; stateName: string; reason: string | null; createTime: string; updateTime: string;
}
export interface TicketReply {
  id: number; author: string; content: string; createTime: string;
  images: { name: string; uri: string; displayUri: string; downloadUri: string; contentType: string }[];
}
export interface TicketDetail extends TicketRow {
  ticketContent: string; telephone: string;
  /** the service desk's answers, oldest first (issue 20) */
  replies: TicketReply[];
  attachments: { name: string; uri: string; displayUri: string; downloadUri: string; contentType: string }[];
  filePath: { path: string; name: string }[];
}
export interface TicketInput { ticketType: string; ticketTitle: string; ticketContent: string; telephone: string; filePath: { filePath: string; fileName: string }[] }
export interface StateCount { state: string; stateName: string; count: number }

/** The field errors a refused save carries (shown under the fields). */
export const fieldErrors = (error: unknown): FieldError[] =>
  (error instanceof ApiError ? (error.body as { data?: { errors?: FieldError[] } } | undefined)?.data?.errors : undefined) ?? [];

export function createTicketApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/enterprise/Work_ticket${path}`, data);
  return {
    list: (pageIndex: number, pageSize: number, terms: Term[]) => post<{ total: number; datas: TicketRow[] }>('/list', { pageIndex, pageSize, terms, sorts: [{ name: 'create_time', order: 'desc' }] }),
    stateCount: () => post<StateCount[]>('/state_count', {}),
    detail: (id: number) => post<TicketDetail>('/detail', { id }),
    save: (input: TicketInput) => post<{ id: number; ticketNum: string }>('/save', input),
    remove: (ids: number[]) => post<null>('/delete', { ids }),
    async upload(file: File): Promise<{ uri: string; name: string }> {
      await client.post('/api/jwt_core/validate', {});
      const form = new FormData();
      form.append('file', file, file.name);
      const uploaded = (await client.axios.post('/api/file/upload', form, { timeout: LONG_TIMEOUT })) as unknown as { uri: string; name: string }[];
      const first = uploaded?.[0];
      if (!first) throw new Error('upload');
      return first;
    },
  };
}
export type TicketApi = ReturnType<typeof createTicketApi>;
