/**
 * Work tickets on a real database: the form's §5 rules, screenshots (type, size, count, ownership)
 * kept with the ticket and served behind their links, list, state counts and detail, deletion by
 * state (a batch with one refused ticket deletes nothing), another company's tickets, and the
 * service desk taking and closing tickets (pending → process → stop with a reason).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketText as t } from '../../domain/texts/tickets.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

const DESK = 'desk-secret-1';
let app: TestApp;
let admin: string;
let user: string;
let other: string;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: DESK } });
  admin = (await login(app.app, demo.admin.username, demo.admin.password)).token;
  user = (await login(app.app, demo.user.username, demo.user.password)).token;
  other = (await login(app.app, demo.other.username, demo.other.password)).token;
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, token = admin) => call(app.app, `/api/enterprise${path}`, data, token);
const desk = (verb: string, data: unknown, secret: string | null = DESK) => app.app.inject({
  method: 'POST', url: `/api/review/ticket/${verb}`, payload: { data }, headers: secret === null ? {} : { 'x-review-token': secret },
}).then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string; data: any } }));

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d4e2a40000000049454e44ae426082', 'hex');
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');

async function upload(name: string, bytes: Buffer, token = admin): Promise<string> {
  const boundary = '----ticketTest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${token}` } });
  const body = res.json() as { code: number; message: string; data: { uri: string }[] };
  if (body.code !== 0) throw new Error(body.message);
  return body.data[0]!.uri;
}

const valid = { ticketType: '1', ticketTitle: '出口清单申报后没有回执', ticketContent: '今天上午申报的出口清单至今没有海关回执，请协助查看。', telephone: '13805740001' };
const count = async () => Number((await app.handle.db.selectFrom('work_tickets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('writing a ticket', () => {
  it('refuses an empty form with every §5 message, on its field', async () => {
    const before = await count();
    const res = await api('/Work_ticket/save', {});
    expect(res.body).toMatchObject({ code: -1, message: t.typeRequired });
    expect(res.body.data.errors).toEqual([
      { field: 'ticketType', message: t.typeRequired }, { field: 'ticketTitle', message: t.titleRequired },
      { field: 'ticketContent', message: t.contentRequired }, { field: 'telephone', message: t.telephoneRequired },
    ]);
    expect((await api('/Work_ticket/save', { ...valid, ticketType: '9' })).body.message).toBe(t.typeRequired);
    expect((await api('/Work_ticket/save', { ...valid, ticketTitle: '   ' })).body.message).toBe(t.titleRequired);
    expect(await count()).toBe(before);
  });

  it('counts lengths in characters: 255 Chinese characters pass, 256 do not', async () => {
    const ok = await api('/Work_ticket/save', { ...valid, ticketContent: '申'.repeat(255), telephone: '联'.repeat(255) });
    expect(ok.body).toMatchObject({ code: 0, message: t.created });
    expect((await api('/Work_ticket/save', { ...valid, ticketContent: '申'.repeat(256) })).body).toMatchObject({ code: -1, message: t.contentTooLong });
    expect((await api('/Work_ticket/save', { ...valid, telephone: '1'.repeat(256) })).body).toMatchObject({ code: -1, message: t.telephoneTooLong });
    expect((await api('/Work_ticket/save', { ...valid, ticketTitle: '题'.repeat(101) })).body).toMatchObject({ code: -1, message: t.titleTooLong });
  });

  it('keeps screenshots with the ticket, serves them behind their links and drops the upload', async () => {
    const png = await upload('报关截图.png', PNG);
    const jpg = await upload('回执截图.jpg', Buffer.concat([JPEG_HEAD, Buffer.alloc(2000, 7)]));
    const saved = await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: png, fileName: '报关截图.png' }, { filePath: jpg, fileName: '回执截图.jpg' }] });
    expect(saved.body).toMatchObject({ code: 0, message: t.created });
    expect(saved.body.data.ticketNum).toMatch(/^GD\d{8}\d{4}$/);
    const detail = (await api('/Work_ticket/detail', { id: saved.body.data.id })).body.data;
    expect(detail).toMatchObject({ ...valid, ticketTypeName: '申报问题', state: 'pending', stateName: '待处理', promoter: '王丽华', reason: null });
    expect(detail.attachments.map((a: { name: string; contentType: string }) => [a.name, a.contentType])).toEqual([['报关截图.png', 'image/png'], ['回执截图.jpg', 'image/jpeg']]);
    expect(detail.filePath.map((f: { name: string }) => f.name)).toEqual(['报关截图.png', '回执截图.jpg']);
    const shown = await app.app.inject({ method: 'GET', url: detail.attachments[0].displayUri });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    const downloaded = await app.app.inject({ method: 'GET', url: detail.attachments[0].downloadUri });
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment/);
    // the upload is consumed: it cannot be attached to a second ticket
    expect((await app.handle.db.selectFrom('files').select('uri').where('uri', 'in', [png, jpg]).execute())).toEqual([]);
    expect((await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: png, fileName: 'x.png' }] })).body).toMatchObject({ code: -1, message: '文件不存在或无权访问' });
  });

  it('refuses a screenshot of the wrong type or size, too many, or another company’s, and saves nothing', async () => {
    const before = await count();
    const fake = await upload('伪装截图.png', Buffer.from('not an image at all'));
    expect((await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: fake }] })).body).toMatchObject({ code: -1, message: t.imageType });
    const sheet = await upload('清单.xlsx', Buffer.from('PK\u0003\u0004 spreadsheet'));
    expect((await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: sheet }] })).body).toMatchObject({ code: -1, message: t.imageType });
    const big = await upload('大图.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 1)]));
    expect((await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: big }] })).body).toMatchObject({ code: -1, message: t.imageSize });
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(`截图${i}.png`, PNG)));
    expect((await api('/Work_ticket/save', { ...valid, filePath: six.map((filePath) => ({ filePath })) })).body).toMatchObject({ code: -1, message: t.tooManyImages });
    const theirs = await upload('他司截图.png', PNG, other);
    expect((await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: theirs }] })).body).toMatchObject({ code: -1, message: '文件不存在或无权访问' });
    // a good screenshot beside a bad one: nothing is kept, and the good upload stays usable
    const good = await upload('好截图.png', PNG);
    expect((await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: good }, { filePath: fake }] })).body.message).toBe(t.imageType);
    expect(await count()).toBe(before);
    expect((await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: good }] })).body.code).toBe(0);
  });

  it('lets a sub-account write tickets too (写工单 is every user’s)', async () => {
    const res = await api('/Work_ticket/save', { ...valid, ticketType: '0', ticketTitle: '子账号提交' }, user);
    expect(res.body.code).toBe(0);
    expect((await api('/Work_ticket/detail', { id: res.body.data.id })).body.data).toMatchObject({ promoter: '陈晓东', ticketTypeName: '其他' });
  });
});

describe('the ticket list', () => {
  it('lists the company’s tickets newest first, with counts per state', async () => {
    const list = (await api('/Work_ticket/list', { pageIndex: 0, pageSize: 10, sorts: [{ name: 'create_time', order: 'desc' }] })).body.data;
    const demoCompany = (await app.handle.db.selectFrom('companies').select('id').where('company_code', '=', '3302961A2B').executeTakeFirstOrThrow()).id;
    const stored = await app.handle.db.selectFrom('work_tickets').select('id').where('company_id', '=', demoCompany).execute();
    expect(list.total).toBe(stored.length);
    expect(list.datas).toHaveLength(Math.min(10, stored.length));
    const times = list.datas.map((r: { createTime: string }) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const counts = (await api('/Work_ticket/state_count', {})).body.data;
    expect(counts.map((c: { state: string }) => c.state)).toEqual(['pending', 'process', 'stop']);
    expect(counts.find((c: { state: string }) => c.state === 'process')).toMatchObject({ stateName: '处理中', count: 1 });
    expect(counts.find((c: { state: string }) => c.state === 'stop')).toMatchObject({ stateName: '已关闭', count: 1 });
    const pending = (await api('/Work_ticket/list', { terms: [{ column: 'state', termType: 'eq', value: 'pending' }] })).body.data;
    expect(pending.total).toBe(counts[0].count);
  });

  it('shows another company nothing of these tickets', async () => {
    const mine = (await api('/Work_ticket/list', {})).body.data.datas[0];
    expect((await api('/Work_ticket/list', {}, other)).body.data.total).toBe(0);
    expect((await api('/Work_ticket/detail', { id: mine.id }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/Work_ticket/delete', { ids: [mine.id] }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/Work_ticket/detail', { id: mine.id })).body.code).toBe(0);
  });
});

describe('ticket states', () => {
  async function fresh(title: string) {
    return (await api('/Work_ticket/save', { ...valid, ticketTitle: title })).body.data as { id: number; ticketNum: string };
  }

  it('walks pending → process → stop through the service desk, the reason shown to the company', async () => {
    const ticket = await fresh('状态流转');
    expect((await desk('process', { id: ticket.id })).body.data).toMatchObject({ state: 'process', stateName: '处理中' });
    expect((await desk('process', { id: ticket.id })).body).toMatchObject({ code: -1, message: t.refused(ticket.ticketNum, '处理中', '受理') });
    expect((await desk('close', { id: ticket.id })).body).toMatchObject({ code: -1, message: t.reasonRequired });
    expect((await desk('close', { id: ticket.id, reason: '已为贵司重新推送回执。' })).body.data).toMatchObject({ state: 'stop', stateName: '已关闭' });
    expect((await api('/Work_ticket/detail', { id: ticket.id })).body.data).toMatchObject({ state: 'stop', stateName: '已关闭', reason: '已为贵司重新推送回执。' });
    expect((await desk('close', { id: ticket.id, reason: '再次关闭' })).body).toMatchObject({ code: -1, message: t.refused(ticket.ticketNum, '已关闭', '关闭') });
  });

  it('keeps the desk closed without its secret', async () => {
    const ticket = await fresh('口令');
    expect((await desk('process', { id: ticket.id }, null)).status).toBe(403);
    expect((await desk('process', { id: ticket.id }, 'wrong')).status).toBe(403);
    expect((await api('/Work_ticket/detail', { id: ticket.id })).body.data.state).toBe('pending');
  });

  it('deletes pending and closed tickets, refuses one being processed, and a refused batch deletes nothing', async () => {
    const a = await fresh('删除A');
    const b = await fresh('删除B');
    const busy = await fresh('处理中不能删');
    await desk('process', { id: busy.id });
    const refused = await api('/Work_ticket/delete', { ids: [a.id, busy.id, b.id] });
    expect(refused.body).toMatchObject({ code: -1, message: t.refused(busy.ticketNum, '处理中', '删除') });
    expect((await api('/Work_ticket/detail', { id: a.id })).body.code).toBe(0);
    expect((await api('/Work_ticket/delete', { ids: [a.id, b.id] })).body).toMatchObject({ code: 0, message: t.deleted });
    expect((await api('/Work_ticket/detail', { id: a.id })).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/Work_ticket/delete', { ids: [] })).body).toMatchObject({ code: -1, message: t.selectRows });
  });

  it('removes a deleted ticket’s screenshots', async () => {
    const png = await upload('删除截图.png', PNG);
    const saved = (await api('/Work_ticket/save', { ...valid, filePath: [{ filePath: png }] })).body.data;
    const link = (await api('/Work_ticket/detail', { id: saved.id })).body.data.attachments[0].displayUri;
    expect((await app.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await api('/Work_ticket/delete', { ids: [saved.id] });
    expect((await app.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });
});
