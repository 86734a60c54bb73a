// A notice the platform publishes appears on an open 通知公告 list without a reload (issue 31 item 13: the README lists 公告 among the live hints).
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createHttp } from '../../lib/http.ts';
import { liveEvents } from '../../lib/live-events.ts';
import { render, screen } from '../../testing/render.tsx';
import { ContentListPage } from './ContentListPage.tsx';

const item = (id: number, title: string) => ({ id, type: 'NOTICE', title, summary: '正文', updateTime: '2026-12-07 10:00:00', coverFile: null });

/** A server whose published notices are `notices` (read at each call). */
function server(notices: ReturnType<typeof item>[]) {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = JSON.parse(String(config.data ?? '{}')).data as { terms?: { value: string }[] } | undefined;
    const answer = url.endsWith('queryPageList') && data?.terms?.[0]?.value === 'NOTICE' ? { total: notices.length, datas: notices }
      : url.endsWith('findUserFunctions') ? [] : url.endsWith('weather') ? null : { total: 0, datas: [] };
    return { data: { code: 0, message: '', data: answer }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter });
}

describe('a published notice appears without a reload', { timeout: 30_000 }, () => {
  it('on the open 通知公告 list', async () => {
    const notices = [item(1, '关于系统升级的通知')];
    render(<ContentListPage type="NOTICE" client={server(notices)} />, { route: '/notice' });
    await screen.findByText('关于系统升级的通知');
    notices.unshift(item(2, '关于春节放假安排的公告'));
    liveEvents.deliver({ type: 'notice', id: 2 });
    expect(await screen.findByText('关于春节放假安排的公告')).toBeTruthy();
  });
});
