import { describe, expect, it, vi } from 'vitest';
import { createTestAuthActor, sessionFixture, modulesFixture } from '../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
import type { Http } from '../../lib/http.ts';
import ArchivePage from './ArchivePage.tsx';

const rows = [
  { id: 3, fileName: '跨境电商零售进口税收政策说明.pdf', filePath: 'knowledge/3/跨境电商零售进口税收政策说明.pdf', createTime: '2026-03-13 10:00:00', type: 'i', typeName: '进口说明' },
  { id: 2, fileName: '跨境电商出口申报报文一览.pdf', filePath: 'knowledge/2/跨境电商出口申报报文一览.pdf', createTime: '2026-03-10 10:00:00', type: 'e', typeName: '出口说明' },
];

function fakeClient() {
  const post = vi.fn(async (url: string, data?: unknown) => {
    if (url.endsWith('/list')) return { total: rows.length, datas: rows };
    if (url.endsWith('/state_count')) return [{ state: 'e', stateName: '出口说明', count: 1 }, { state: 'i', stateName: '进口说明', count: 1 }, { state: 'other', stateName: '其他', count: 0 }];
    if (url.includes('/download?')) return { downloadUri: '/api/enterprise/content/file/one?download=1' };
    if (url.endsWith('/batchDownload')) return { downloadUri: `/zip/${(data as { ids: number[] }).ids.join(',')}` };
    throw new Error(url);
  });
  return { post } as unknown as Http & { post: typeof post };
}

const actor = (codes: string[]) => createTestAuthActor({
  ...sessionFixture(),
  modules: [...modulesFixture, { id: 709, parentId: 700, uri: '/archive', name: '知识库', icon: 'archive', code: 'archive', sortNo: 5, buttonVos: codes.map((code) => ({ code, name: code })) }],
});

describe('/archive', () => {
  it('shows the documents with their types and the counts per type', async () => {
    const client = fakeClient();
    render(<ArchivePage client={client} open={vi.fn()} />, { actor: actor(['download', 'batchDownload']), route: '/archive' });
    await waitFor(() => expect(screen.getByText('跨境电商零售进口税收政策说明.pdf')).toBeTruthy());
    expect(screen.getByRole('tab', { name: '全部（2）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '出口说明（1）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '其他（0）' })).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('进口说明')).toBeTruthy();
    expect(client.post).toHaveBeenCalledWith('/api/enterprise/Knowledge_file/list', expect.objectContaining({ pageIndex: 0, pageSize: 10, sorts: [{ name: 'create_time', order: 'desc' }] }));
  });

  it('asks for a type when its tab is chosen', async () => {
    const client = fakeClient();
    render(<ArchivePage client={client} open={vi.fn()} />, { actor: actor([]), route: '/archive' });
    fireEvent.click(await screen.findByRole('tab', { name: '进口说明（1）' }));
    await waitFor(() => expect(client.post).toHaveBeenCalledWith('/api/enterprise/Knowledge_file/list', expect.objectContaining({ terms: [{ column: 'type', termType: 'eq', value: 'i' }] })));
  });

  it('warns 请选择下载文件 without a choice, and downloads the chosen ones as one file', async () => {
    const client = fakeClient();
    const open = vi.fn();
    render(<ArchivePage client={client} open={open} />, { actor: actor(['download', 'batchDownload']), route: '/archive' });
    await screen.findByText('跨境电商出口申报报文一览.pdf');
    fireEvent.click(screen.getByRole('button', { name: '批量下载' }));
    expect(await screen.findByText('请选择下载文件')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 跨境电商出口申报报文一览.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: '批量下载' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/zip/2'));
    fireEvent.click(screen.getByRole('button', { name: '下载 跨境电商零售进口税收政策说明.pdf' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/enterprise/content/file/one?download=1'));
  });

  it('shows neither button without the page\'s codes', async () => {
    render(<ArchivePage client={fakeClient()} open={vi.fn()} />, { actor: actor([]), route: '/archive' });
    await screen.findByText('跨境电商出口申报报文一览.pdf');
    expect(screen.queryByRole('button', { name: '批量下载' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^下载 / })).toBeNull();
  });
});
