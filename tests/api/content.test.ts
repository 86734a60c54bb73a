/**
 * News, notices and knowledge documents on a real database: the seeded content, paging and sorting
 * as the home page and the news pages ask, details with attachments, the stored files behind their
 * links (covers inline, PDFs as downloads), and refusals (unknown ids and paths, bad terms, no login).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeDocuments, publishedNews, publishedNotices } from '../../domain/content/published.ts';
import { archiveDocuments } from '../../server/db/seed/archive-documents.ts';
import { contentText } from '../../domain/texts/content.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
let userToken: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, demo.admin.username, demo.admin.password)).token;
  userToken = (await login(t.app, demo.user.username, demo.user.password)).token;
});
afterAll(() => t?.close());

const api = (path: string, data: unknown, as = token) => call(t.app, `/api/enterprise${path}`, data, as);
const page = (type: 'NEWS' | 'NOTICE', pageIndex: number, pageSize: number) => api('/notice/queryPageList', {
  pageIndex, pageSize, terms: [{ column: 'type', termType: 'eq', type: 'and', value: type }], sorts: [{ name: 'update_time', order: 'desc' }],
});
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('news and notices', () => {
  it('pages the news at 10, newest first, with the card fields', async () => {
    const first = (await page('NEWS', 0, 10)).body;
    expect(first.code).toBe(0);
    expect(first.data.total).toBe(publishedNews.length);
    expect(first.data.datas).toHaveLength(10);
    const byAge = [...publishedNews].sort((a, b) => a.daysAgo - b.daysAgo).map((n) => n.title);
    expect(first.data.datas.map((n: { title: string }) => n.title)).toEqual(byAge.slice(0, 10));
    const news = first.data.datas[0];
    expect(news).toMatchObject({ type: 'NEWS', title: byAge[0] });
    expect(news.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(news.summary).not.toMatch(/[<>]/);
    expect(news.summary.length).toBeGreaterThan(20);
    expect(news.coverFile.attachment.displayUri).toMatch(/^\/api\/enterprise\/content\/file\/[0-9a-f-]{36}\//);
    const second = (await page('NEWS', 1, 10)).body.data;
    expect(second.total).toBe(publishedNews.length);
    expect(second.datas.map((n: { title: string }) => n.title)).toEqual(byAge.slice(10));
  });

  it('lists notices apart from news; every logged-in user reads them', async () => {
    const notices = (await page('NOTICE', 0, 5)).body.data;
    expect(notices.total).toBe(publishedNotices.length);
    expect(notices.datas).toHaveLength(5);
    expect(notices.datas.every((n: { type: string }) => n.type === 'NOTICE')).toBe(true);
    expect((await call(t.app, '/api/enterprise/notice/queryPageList', { pageIndex: 0, pageSize: 5 }, userToken)).body.data.total)
      .toBe(publishedNews.length + publishedNotices.length);
  });

  it('serves the cover picture inline behind its link, and nothing for a wrong name or token', async () => {
    const news = (await page('NEWS', 0, 1)).body.data.datas[0];
    const cover = await get(news.coverFile.attachment.displayUri);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/svg+xml');
    expect(cover.headers['content-disposition']).toMatch(/^inline/);
    expect(cover.body).toContain('<svg');
    expect(cover.body).not.toMatch(/<script/i);
    const wrongName = news.coverFile.attachment.displayUri.replace(/\/[^/]+$/, '/other.svg');
    expect((await get(wrongName)).statusCode).toBe(404);
    expect((await get('/api/enterprise/content/file/00000000-0000-0000-0000-000000000000/x.svg')).statusCode).toBe(404);
  });

  it('answers a notice with its HTML and attachments (PDF downloads)', async () => {
    const withFile = publishedNotices.find((n) => n.attachments?.length)!;
    const row = (await page('NOTICE', 0, 20)).body.data.datas.find((n: { title: string }) => n.title === withFile.title);
    const detail = (await api('/notice/detail', { id: row.id })).body;
    expect(detail.code).toBe(0);
    expect(detail.data).toMatchObject({ id: row.id, type: 'NOTICE', title: withFile.title, content: withFile.html });
    expect(detail.data.fileVos).toHaveLength(withFile.attachments!.length);
    expect(detail.data.fileVos[0].fileName).toBe(withFile.attachments![0]!.fileName);
    const pdf = await get(detail.data.fileVos[0].attachment.downloadUri);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment;.*filename\*=UTF-8''/);
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.rawPayload.subarray(-6).toString('latin1')).toBe('%%EOF\n');
  });

  it('refuses an unknown id, a column outside the list, and a caller without a login', async () => {
    expect((await api('/notice/detail', { id: 999999 })).body).toMatchObject({ code: -1, message: contentText.notFound });
    const bad = await api('/notice/queryPageList', { terms: [{ column: 'content; drop table notices', termType: 'eq', value: 'x' }] });
    expect(bad.body.code).toBe(-1);
    expect((await api('/notice/queryPageList', { pageSize: 5000 })).body.code).toBe(-1);
    const anonymous = await call(t.app, '/api/enterprise/notice/queryPageList', {});
    expect(anonymous.status).toBe(401);
  });
});

describe('knowledge documents', () => {
  it('lists the documents newest first and pages them', async () => {
    const list = (await api('/Knowledge_file/list', { pageIndex: 0, pageSize: 5, sorts: [{ name: 'create_time', order: 'desc' }] })).body.data;
    // the home page's documents and the archive's own (server/db/seed/archive-documents.ts)
    const documents = [...knowledgeDocuments, ...archiveDocuments];
    expect(list.total).toBe(documents.length);
    const byAge = [...documents].sort((a, b) => a.daysAgo - b.daysAgo).map((d) => d.fileName);
    expect(list.datas.map((d: { fileName: string }) => d.fileName)).toEqual(byAge.slice(0, 5));
    expect(list.datas[0]).toMatchObject({ fileName: byAge[0], filePath: `knowledge/${list.datas[0].id}/${byAge[0]}` });
  });

  it('answers the download link of a document by its filePath, and refuses a made-up path', async () => {
    const doc = (await api('/Knowledge_file/list', { pageIndex: 0, pageSize: 1 })).body.data.datas[0];
    const res = await t.app.inject({
      method: 'POST', url: `/api/enterprise/Knowledge_file/download?file_path=${encodeURIComponent(doc.filePath)}`,
      headers: { 'x-authorization': `Bearer ${token}` }, payload: {},
    });
    const { downloadUri } = res.json().data as { downloadUri: string };
    const file = await get(downloadUri);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(file.headers['content-length'])).toBeGreaterThan(500);
    for (const path of ['knowledge/999999/x.pdf', `knowledge/${doc.id}/other.pdf`, '../../etc/passwd']) {
      expect((await api('/Knowledge_file/download', { file_path: path })).body).toMatchObject({ code: -1, message: contentText.knowledgeFileNotFound });
    }
  });
});
