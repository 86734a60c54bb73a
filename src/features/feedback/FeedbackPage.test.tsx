import { describe, expect, it } from 'vitest';
import { feedbackText as t } from '../../../domain/texts/tickets.ts';
import type { Http } from '../../lib/http.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import FeedbackPage from './FeedbackPage.tsx';

function fakeClient() {
  const calls: { url: string; data: unknown }[] = [];
  const client = { post: async (url: string, data: unknown) => { calls.push({ url, data }); return { id: 1 }; } } as unknown as Http;
  return { client, calls };
}

describe('FeedbackPage', () => {
  it('checks content and phone first, sending nothing', async () => {
    const { client, calls } = fakeClient();
    render(<FeedbackPage client={client} />);
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    await screen.findByText(t.contentRequired);
    fireEvent.change(screen.getByLabelText(/^反馈内容/), { target: { value: '建议' } });
    fireEvent.change(screen.getByLabelText(/^手机号码/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    await screen.findByText(t.phoneBad);
    expect(calls).toEqual([]);
  });

  it('asks 是否提交反馈信息? and sends {content, phone, source PC} only after 确定', async () => {
    const { client, calls } = fakeClient();
    render(<FeedbackPage client={client} />);
    fireEvent.change(screen.getByLabelText(/^反馈内容/), { target: { value: ' 希望增加导出 ' } });
    fireEvent.change(screen.getByLabelText(/^手机号码/), { target: { value: '13805740000' } });
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    await screen.findByText(t.confirm);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls).toEqual([{ url: '/api/enterprise/feedback/save', data: { content: '希望增加导出', phone: '13805740000', source: 'PC' } }]));
    await screen.findByText(t.success);
    await waitFor(() => expect((screen.getByLabelText(/^反馈内容/) as HTMLTextAreaElement).value).toBe(''));
  });
});
