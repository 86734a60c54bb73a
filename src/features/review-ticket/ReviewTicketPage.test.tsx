import { describe, expect, it } from 'vitest';
import { reviewTicketText as t } from '../../../domain/texts/review-ticket.ts';
import type { Http } from '../../lib/http.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import type { DeskTicket } from './api.ts';
import ReviewTicketPage from './ReviewTicketPage.tsx';

const row = { id: 7, ticketNum: 'GD202611260001', ticketTitle: '回执未到', ticketTypeName: '申报问题', state: 'pending', stateName: '待处理', promoter: '王丽华', telephone: '138', companyName: '宁波跨境优选', replies: 0, createTime: '2026-11-26 09:00:00', updateTime: '2026-11-26 09:00:00' };
const detail = (state: string, replies: DeskTicket['replies'] = []): DeskTicket => ({
  ...row, ticketContent: '申报后没有回执', state, stateName: state === 'pending' ? '待处理' : '处理中', reason: null, companyCode: '3302960001',
  attachments: [], replies, actions: state === 'pending' ? ['process', 'reply', 'close'] : ['reply', 'close'],
});

function fakeClient({ listStallsAfterReply = false } = {}) {
  const calls: { url: string; data: unknown }[] = [];
  let replied = false;
  const client = {
    post: async (url: string, data: unknown) => {
      calls.push({ url, data });
      if (url.endsWith('/list')) return replied && listStallsAfterReply ? new Promise(() => {}) : { total: 1, datas: [row] };
      if (url.endsWith('/detail')) return replied ? detail('process', [{ id: 1, author: '平台客服', content: '已补发回执', createTime: '2026-11-26 10:00:00', images: [] }]) : detail('pending');
      if (url.endsWith('/reply')) { replied = true; return {}; }
      return {};
    },
  } as unknown as Http;
  return { client, calls };
}

describe('ReviewTicketPage', { timeout: 30_000 }, () => {
  it('filters by company, opens a ticket and answers it; an empty answer sends nothing', async () => {
    const { client, calls } = fakeClient();
    render(<ReviewTicketPage client={client} />);
    await screen.findByText('回执未到');
    fireEvent.change(screen.getByLabelText(t.company), { target: { value: '宁波' } });
    fireEvent.click(screen.getByRole('button', { name: t.search }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/review/ticket/list' && (c.data as { companyName?: string }).companyName === '宁波')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: `${t.view} GD202611260001` }));
    await screen.findByText('申报后没有回执');
    fireEvent.click(screen.getByRole('button', { name: t.reply }));
    await screen.findByText(t.replyRequired);
    expect(calls.some((c) => c.url.endsWith('/reply'))).toBe(false);

    fireEvent.change(screen.getByLabelText(t.reply), { target: { value: '已补发回执' } });
    fireEvent.click(screen.getByRole('button', { name: t.reply }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/review/ticket/reply', data: { id: 7, content: '已补发回执', images: [] } }));
    await screen.findByText('已补发回执', { selector: 'p' });
    expect(screen.getByTestId('desk-ticket-state').textContent).toBe('处理中');
  });

  it('a sent answer leaves the box at once, before the list has reloaded (it never shows twice)', async () => {
    const { client } = fakeClient({ listStallsAfterReply: true });
    render(<ReviewTicketPage client={client} />);
    fireEvent.click(await screen.findByRole('button', { name: `${t.view} GD202611260001` }));
    await screen.findByText('申报后没有回执');
    fireEvent.change(screen.getByLabelText(t.reply), { target: { value: '已补发回执' } });
    fireEvent.click(screen.getByRole('button', { name: t.reply }));
    await screen.findByText('已补发回执', { selector: 'p' });
    expect((screen.getByLabelText(t.reply) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getAllByText('已补发回执')).toHaveLength(1);
  });
});
