/** A fake content server for page tests of the live 公告 hint: its published notices are `notices`, read at each call. */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createHttp, type Http } from '../lib/http.ts';

export const noticeItem = (id: number, title: string) => ({ id, type: 'NOTICE', title, summary: '正文', updateTime: '2026-12-07 10:00:00', coverFile: null });
export type NoticeItem = ReturnType<typeof noticeItem>;

export function noticeServer(notices: NoticeItem[]): Http {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = JSON.parse(String(config.data ?? '{}')).data as { terms?: { value: string }[] } | undefined;
    const answer = url.endsWith('queryPageList') && data?.terms?.[0]?.value === 'NOTICE' ? { total: notices.length, datas: notices }
      : url.endsWith('findUserFunctions') ? [] : url.endsWith('weather') ? null : { total: 0, datas: [] };
    return { data: { code: 0, message: '', data: answer }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter });
}
