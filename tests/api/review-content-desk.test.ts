/**
 * 内容发布 (issue 20) on a real database: an article saved by the operator is cleaned of markup
 * outside the allow-list, starts as a draft the enterprise cannot see (list, detail), appears when
 * published and goes when taken down; a cover picture reaches the enterprise's card; knowledge
 * PDFs are uploaded as drafts (a non-PDF, a renamed file and an oversize one refused) and reach the
 * enterprise's 知识库 (list, type counts, download, batch download) only once published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PDF_MAX_MB } from '../../domain/content/publishing.ts';
import { contentText } from '../../domain/texts/content.ts';
import { reviewContentText as t } from '../../domain/texts/review-content.ts';
import { simplePdf } from '../../server/content/pdf.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

const DESK = 'desk-secret-20c';
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: DESK } });
  admin = (await login(app.app, demo.admin.username, demo.admin.password)).token;
});
afterAll(() => app?.close());

const enterprise = (path: string, data: unknown) => call(app.app, `/api/enterprise${path}`, data, admin);
const desk = (path: string, data: unknown, headers: Record<string, string> = { 'x-review-token': DESK }) => app.app.inject({
  method: 'POST', url: `/api/review/content${path}`, payload: { data }, headers,
}).then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string; data: any } }));

async function upload(path: string, name: string, bytes: Buffer) {
  const boundary = '----deskContent';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.app.inject({ method: 'POST', url: `/api/review/content${path}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-review-token': DESK } });
  return res.json() as { code: number; message: string; data: any };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d4e2a40000000049454e44ae426082', 'hex');
const enterpriseTitles = async (type: 'NEWS' | 'NOTICE') => (await enterprise('/notice/queryPageList', {
  pageIndex: 0, pageSize: 100, terms: [{ column: 'type', termType: 'eq', type: 'and', value: type }],
})).body.data.datas.map((n: { title: string }) => n.title);

describe('news and notices', () => {
  it('cleans the HTML, keeps a new notice a draft until published, and takes it down again', async () => {
    const saved = await desk('/notice/save', {
      type: 'NOTICE', title: '关于系统维护的通知',
      content: '<p onclick="steal()">本周六系统维护。<script>alert(document.cookie)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">详情</a><style>p{}</style>',
    });
    expect(saved.body).toMatchObject({ code: 0, message: t.saved, data: { published: false, type: 'NOTICE' } });
    const { id } = saved.body.data;
    const stored = await app.handle.db.selectFrom('notices').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>本周六系统维护。</p><a>详情</a>');
    expect(stored.content).not.toMatch(/script|onclick|onerror|javascript|style/i);

    // a draft is nobody's but the operator's
    expect(await enterpriseTitles('NOTICE')).not.toContain('关于系统维护的通知');
    expect((await enterprise('/notice/detail', { id })).body).toMatchObject({ code: -1, message: contentText.notFound });

    expect((await desk('/notice/publish', { id, published: true })).body.data).toMatchObject({ published: true });
    expect(await enterpriseTitles('NOTICE')).toContain('关于系统维护的通知');
    expect((await enterprise('/notice/detail', { id })).body.data).toMatchObject({ title: '关于系统维护的通知', content: '<p>本周六系统维护。</p><a>详情</a>' });

    expect((await desk('/notice/publish', { id, published: false })).body.data).toMatchObject({ published: false });
    expect(await enterpriseTitles('NOTICE')).not.toContain('关于系统维护的通知');
    expect((await enterprise('/notice/detail', { id })).body.code).toBe(-1);
    // the operator still lists it, with the drafts
    const drafts = (await desk('/notice/pageList', { type: 'NOTICE', published: false, pageSize: 100 })).body.data.datas;
    expect(drafts.map((n: { id: number }) => n.id)).toContain(id);
  });

  it('refuses a form without title or type, and a body with nothing left after cleaning', async () => {
    expect((await desk('/notice/save', { type: 'NOTICE', title: ' ', content: '<p>正文</p>' })).body).toMatchObject({ code: -1, message: t.titleRequired });
    expect((await desk('/notice/save', { type: 'BLOG', title: '标题', content: '<p>正文</p>' })).body).toMatchObject({ code: -1, message: t.badType });
    expect((await desk('/notice/save', { type: 'NEWS', title: '标题', content: '<script>alert(1)</script>' })).body).toMatchObject({ code: -1, message: t.contentEmptyAfterClean });
    expect((await desk('/notice/save', { id: 2_000_000, type: 'NEWS', title: '标题', content: '<p>正文</p>' })).body).toMatchObject({ code: -1, message: t.notFound });
  });

  it('gives a news item a cover picture the enterprise\'s card shows, edits it and keeps the seeded items published', async () => {
    const seeded = (await desk('/notice/pageList', { type: 'NEWS', published: true, pageSize: 100 })).body.data.total;
    expect(seeded).toBeGreaterThan(0);
    const cover = await upload('/image/upload', '封面.png', PNG);
    expect(cover).toMatchObject({ code: 0, data: { fileName: '封面.png' } });
    const saved = (await desk('/notice/save', { type: 'NEWS', title: '平台新功能上线', content: '<h3>新功能</h3><p>运营端上线。</p>', coverToken: cover.data.token })).body.data;
    expect(saved.cover.displayUri).toBe(cover.data.displayUri);
    // an edit without coverToken keeps the cover
    expect((await desk('/notice/save', { id: saved.id, type: 'NEWS', title: '平台新功能正式上线', content: '<p>运营端正式上线。</p>' })).body.data.cover.displayUri).toBe(cover.data.displayUri);
    await desk('/notice/publish', { id: saved.id, published: true });
    const card = (await enterprise('/notice/detail', { id: saved.id })).body.data;
    expect(card).toMatchObject({ title: '平台新功能正式上线', content: '<p>运营端正式上线。</p>' });
    expect(card.coverFile.attachment.displayUri).toBe(cover.data.displayUri);
    expect((await desk('/notice/save', { id: saved.id, type: 'NEWS', title: '平台新功能正式上线', content: '<p>x</p>', coverToken: null })).body.data.cover).toBeNull();
    expect((await desk('/notice/save', { type: 'NEWS', title: '无效封面', content: '<p>x</p>', coverToken: '00000000-0000-4000-8000-000000000000' })).body).toMatchObject({ code: -1, message: t.coverNotFound });
  });
});

describe('knowledge documents', () => {
  const pdf = Buffer.from(simplePdf('运营端上传的说明', ['第一段。']));

  it('refuses a non-PDF, a renamed file and an oversize one', async () => {
    const before = (await desk('/knowledge/pageList', { pageSize: 100 })).body.data.total;
    expect(await upload('/knowledge/upload', '说明.docx', pdf)).toMatchObject({ code: -1, message: t.notPdf });
    expect(await upload('/knowledge/upload', '说明.pdf', Buffer.from('PK\u0003\u0004 a zip, not a pdf'))).toMatchObject({ code: -1, message: t.notPdf });
    const big = Buffer.concat([pdf, Buffer.alloc(KNOWLEDGE_PDF_MAX_MB * 1024 * 1024, 32)]);
    expect(await upload('/knowledge/upload', '超大文档.pdf', big)).toMatchObject({ code: -1, message: t.pdfTooLarge(KNOWLEDGE_PDF_MAX_MB) });
    expect((await desk('/knowledge/pageList', { pageSize: 100 })).body.data.total).toBe(before);
    // larger than a JSON body may be (BODY_LIMIT 2 MB), within the document's own limit: kept
    const manual = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024, 32)]);
    expect(await upload('/knowledge/upload?type=i', '进口操作手册.pdf', manual)).toMatchObject({ code: 0, data: { fileName: '进口操作手册.pdf', type: 'i', size: manual.length } });
  }, 60_000);

  it('uploads a draft the enterprise sees only once published', async () => {
    const countsBefore = (await enterprise('/Knowledge_file/state_count', {})).body.data;
    const uploaded = await upload('/knowledge/upload?type=e', '运营端说明.pdf', pdf);
    expect(uploaded).toMatchObject({ code: 0, message: t.uploaded, data: { fileName: '运营端说明.pdf', type: 'e', published: false } });
    const doc = uploaded.data as { id: number; filePath: string };
    const names = async () => (await enterprise('/Knowledge_file/list', { pageIndex: 0, pageSize: 100 })).body.data.datas.map((d: { fileName: string }) => d.fileName);

    expect(await names()).not.toContain('运营端说明.pdf');
    expect((await enterprise('/Knowledge_file/download', { file_path: doc.filePath })).body.code).toBe(-1);
    expect((await enterprise('/Knowledge_file/batchDownload', { ids: [doc.id] })).body.code).toBe(-1);
    expect((await enterprise('/Knowledge_file/state_count', {})).body.data).toEqual(countsBefore);

    expect((await desk('/knowledge/publish', { id: doc.id, published: true })).body.data.published).toBe(true);
    expect(await names()).toContain('运营端说明.pdf');
    const link = (await enterprise('/Knowledge_file/download', { file_path: doc.filePath })).body.data.downloadUri as string;
    const file = await app.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const exportCount = (c: { state: string; count: number }[]) => c.find((x) => x.state === 'e')!.count;
    expect(exportCount((await enterprise('/Knowledge_file/state_count', {})).body.data)).toBe(exportCount(countsBefore) + 1);

    // renamed and retyped by the operator, then taken down
    const renamed = await desk('/knowledge/save', { id: doc.id, fileName: '出口业务说明.pdf', type: 'other' });
    expect(renamed.body.data).toMatchObject({ fileName: '出口业务说明.pdf', type: 'other' });
    expect((await desk('/knowledge/save', { id: doc.id, fileName: '说明.exe' })).body).toMatchObject({ code: -1, message: t.fileNameBad });
    expect((await desk('/knowledge/publish', { id: doc.id, published: false })).body.data.published).toBe(false);
    expect(await names()).not.toContain('出口业务说明.pdf');
  });

  it('is the operator\'s: an enterprise account and an anonymous caller are refused', async () => {
    expect((await desk('/knowledge/pageList', {}, { 'x-authorization': `Bearer ${admin}` })).body.code).not.toBe(0);
    expect((await desk('/notice/save', { type: 'NOTICE', title: '越权', content: '<p>x</p>' }, {})).body.code).not.toBe(0);
    expect((await desk('/notice/publish', { id: 1, published: false }, { 'x-authorization': `Bearer ${admin}` })).body.code).not.toBe(0);
    expect((await enterprise('/notice/detail', { id: 1 })).body.code).toBe(0);
  });
});
