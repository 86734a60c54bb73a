import { describe, expect, it } from 'vitest';
import { reviewContentText as t } from '../../../domain/texts/review-content.ts';
import type { Http } from '../../lib/http.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import type { DeskNotice } from './api.ts';
import ReviewContentPage from './ReviewContentPage.tsx';

const notice: DeskNotice = {
  id: 3, type: 'NOTICE', title: '系统维护通知', content: '<p>周六维护</p>', summary: '周六维护', published: false,
  publishedAt: null, createTime: '2026-11-26 09:00:00', updateTime: '2026-11-26 09:00:00', cover: null,
};

function fakeClient() {
  const calls: { url: string; data: unknown }[] = [];
  const client = {
    post: async (url: string, data: unknown) => {
      calls.push({ url, data });
      if (url.endsWith('/notice/pageList')) return { total: 1, datas: [notice] };
      return notice;
    },
  } as unknown as Http;
  return { client, calls };
}

describe('ReviewContentPage', () => {
  it('lists drafts, publishes one, and previews an article without its script', async () => {
    const { client, calls } = fakeClient();
    render(<ReviewContentPage client={client} />);
    await screen.findByText('系统维护通知');
    expect(screen.getByText(t.draft)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${t.publish} 系统维护通知` }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/review/content/notice/publish', data: { id: 3, published: true } }));

    fireEvent.click(screen.getByRole('button', { name: t.add }));
    fireEvent.click(await screen.findByRole('button', { name: t.save }));
    await screen.findByText(t.titleRequired);
    expect(calls.some((c) => c.url.endsWith('/notice/save'))).toBe(false);
    fireEvent.change(screen.getByLabelText(new RegExp(`^${t.titleLabel}`)), { target: { value: '新公告' } });
    fireEvent.change(screen.getByLabelText(/^正文/), { target: { value: '<p>正文<script>alert(1)</script></p>' } });
    await waitFor(() => expect(screen.getByTestId('notice-preview').textContent).toBe('正文'));
    expect(screen.getByTestId('notice-preview').innerHTML).not.toMatch(/script/);
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/review/content/notice/save', data: { type: 'NOTICE', title: '新公告', content: '<p>正文<script>alert(1)</script></p>' } }));
  });
});
