// A notice the platform publishes appears on an open 通知公告 list without a reload (issue 31 item 13: the README lists 公告 among the live hints).
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../lib/live-events.ts';
import { noticeItem as item, noticeServer as server } from '../../testing/notice-server.ts';
import { render, screen } from '../../testing/render.tsx';
import { ContentListPage } from './ContentListPage.tsx';

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
