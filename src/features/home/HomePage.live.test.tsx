// A notice the platform publishes appears in the open home page's notice box without a reload (issue 31 item 13: the README lists 公告 among the live hints).
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../lib/live-events.ts';
import { noticeItem as item, noticeServer as server } from '../../testing/notice-server.ts';
import { render, screen, waitFor } from '../../testing/render.tsx';
import HomePage from './HomePage.tsx';

describe('a published notice appears without a reload', { timeout: 30_000 }, () => {
  it("in the open home page's notice box", async () => {
    const notices = [item(1, '关于系统升级的通知')];
    render(<HomePage client={server(notices)} />);
    await waitFor(() => expect(screen.getAllByText('关于系统升级的通知').length).toBeGreaterThan(0));
    notices.unshift(item(2, '关于春节放假安排的公告'));
    liveEvents.deliver({ type: 'notice', id: 2 });
    await waitFor(() => expect(screen.getAllByText('关于春节放假安排的公告').length).toBeGreaterThan(0));
  });
});
