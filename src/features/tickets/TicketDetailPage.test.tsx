import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Http } from '../../lib/http.ts';
import { liveEvents } from '../../lib/live-events.ts';
import { render, screen, waitFor } from '../../testing/render.tsx';
import type { TicketDetail } from './api.ts';
import TicketDetailPage from './TicketDetailPage.tsx';

const base: TicketDetail = {
  id: 7, ticketNum: 'GD202611260001', ticketTitle: '回执未到', ticketType: '1', ticketTypeName: '申报问题', promoter: '王丽华',
  state: 'pending', stateName: '待处理', reason: null, createTime: '2026-11-26 09:00:00', updateTime: '2026-11-26 09:00:00',
  ticketContent: '申报后没有回执', telephone: '138', replies: [], attachments: [], filePath: [],
};
const answered: TicketDetail = { ...base, state: 'process', stateName: '处理中', replies: [{ id: 1, author: '平台客服', content: '已补发回执', createTime: '2026-11-26 10:00:00', images: [] }] };

describe('TicketDetailPage', { timeout: 30_000 }, () => {
  it('shows the service desk\'s answer when the stream says the ticket changed, without a reload; another ticket\'s change reads nothing (issue 20)', async () => {
    let current = base;
    const reads: number[] = [];
    const client = { post: async (_url: string, data: { id: number }) => { reads.push(data.id); return current; } } as unknown as Http;
    render(<Routes><Route path="/workorder/show/:id" element={<TicketDetailPage client={client} />} /></Routes>, { route: '/workorder/show/7' });
    await screen.findByText('申报后没有回执');
    expect(screen.getByTestId('ticket-state').textContent).toBe('待处理');

    liveEvents.deliver({ type: 'ticket', id: 8, state: 'process' });
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toEqual([7]);

    current = answered;
    liveEvents.deliver({ type: 'ticket', id: 7, state: 'process' });
    await waitFor(() => expect(screen.getByTestId('ticket-state').textContent).toBe('处理中'));
    expect(screen.getByTestId('ticket-replies').textContent).toContain('已补发回执');
    expect(reads).toEqual([7, 7]);
  });
});
