// The knowledge-file archive (/archive, bills §2, §5, §7): the seeded documents typed e 出口说明,
// i 进口说明, other 其他, newest first; counts per type over the list's terms; a type filter; 批量下载
// as one .zip of the chosen documents; 请选择下载文件 without a choice; the page's button needed.
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeDocuments } from '../../domain/content/published.ts';
import { archiveDocuments, archiveTypeOfName } from '../../server/db/seed/archive-documents.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const api = (path: string, data: unknown) => call(t.app, `/api/enterprise${path}`, data, admin.token);
const all = [...knowledgeDocuments.map((d) => ({ ...d, type: archiveTypeOfName(d.fileName) })), ...archiveDocuments];

/** The entries of a zip written by server/archive/zip.ts: names and inflated contents. */
function unzip(buf: Buffer): { name: string; content: Buffer }[] {
  const out: { name: string; content: Buffer }[] = [];
  let p = 0;
  while (buf.readUInt32LE(p) === 0x04034b50) {
    const size = buf.readUInt32LE(p + 18);
    const nameLength = buf.readUInt16LE(p + 26);
    const extra = buf.readUInt16LE(p + 28);
    const name = buf.subarray(p + 30, p + 30 + nameLength).toString('utf8');
    const data = buf.subarray(p + 30 + nameLength + extra, p + 30 + nameLength + extra + size);
    out.push({ name, content: inflateRawSync(data) });
    p += 30 + nameLength + extra + size;
  }
  return out;
}

describe('/archive', () => {
  it('lists every document with its type, newest first, and filters by type', async () => {
    const list = (await api('/Knowledge_file/list', { pageIndex: 0, pageSize: 50, sorts: [{ name: 'create_time', order: 'desc' }] })).body.data;
    expect(list.total).toBe(all.length);
    expect(list.datas[0]).toMatchObject({ fileName: '海关跨境电商统一版报文规范摘要202205.pdf', type: 'other', typeName: '其他' });
    const imports = (await api('/Knowledge_file/list', { pageIndex: 0, pageSize: 50, terms: [{ column: 'type', termType: 'eq', value: 'i' }] })).body.data;
    expect(imports.datas.map((d: { typeName: string }) => d.typeName)).toEqual(all.filter((d) => d.type === 'i').map(() => '进口说明'));
  });

  it('counts the documents of each type over the terms, a type term aside', async () => {
    const counts = (await api('/Knowledge_file/state_count', { terms: [{ column: 'type', termType: 'eq', value: 'e' }] })).body.data;
    const n = (type: string) => all.filter((d) => d.type === type).length;
    expect(counts).toEqual([
      { state: 'e', stateName: '出口说明', count: n('e') },
      { state: 'i', stateName: '进口说明', count: n('i') },
      { state: 'other', stateName: '其他', count: n('other') },
    ]);
    expect(n('e')).toBeGreaterThan(0);
    expect(n('i')).toBeGreaterThan(0);
    const named = (await api('/Knowledge_file/state_count', { terms: [{ column: 'file_name', termType: 'like', value: '税收' }] })).body.data;
    expect(named.map((c: { count: number }) => c.count)).toEqual([0, 1, 0]);
  });

  it('packs the chosen documents into one zip, by type folder', async () => {
    const list = (await api('/Knowledge_file/list', { pageIndex: 0, pageSize: 3 })).body.data.datas as { id: number; fileName: string; typeName: string }[];
    const r = await api('/Knowledge_file/batchDownload', { ids: list.map((d) => d.id) });
    expect(r.body.code).toBe(0);
    const file = await t.app.inject({ method: 'GET', url: r.body.data.downloadUri });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/zip');
    const entries = unzip(file.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(list.map((d) => `${d.typeName}/${d.fileName}`));
    for (const e of entries) expect(e.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses a batch download without a choice, or of documents that do not exist', async () => {
    expect((await api('/Knowledge_file/batchDownload', { ids: [] })).body).toMatchObject({ code: -1, message: '请选择下载文件' });
    expect((await api('/Knowledge_file/batchDownload', {})).body).toMatchObject({ code: -1, message: '请选择下载文件' });
    expect((await api('/Knowledge_file/batchDownload', { ids: [999999] })).body).toMatchObject({ code: -1, message: '所选文档不存在' });
  });
});
