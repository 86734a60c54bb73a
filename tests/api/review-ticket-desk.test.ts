/**
 * 工单处理 (issue 20) on a real database: the desk's list of every company's tickets with its
 * filters, a ticket with its conversation, the answer (text and pictures, through the ticket rules:
 * a pending ticket is taken by it, a closed one refuses it), and the enterprise reading the answer
 * in its own detail. Refusals: an empty or too long answer, a picture that is not the operator's
 * JPG/PNG upload, an oversize or renamed picture, an enterprise account or nobody calling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_MAX_MB } from '../../domain/content/publishing.ts';
import { reviewContentText } from '../../domain/texts/review-content.ts';
import { reviewTicketText as t } from '../../domain/texts/review-ticket.ts';
import { ticketText } from '../../domain/texts/tickets.ts';
import { chinaTime } from '../../server/company/detail.ts';
import { demoOperator } from '../../server/db/seed/demo.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

const DESK = 'desk-secret-20';
let app: TestApp;
let admin: string;
let other: string;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: DESK } });
  admin = (await login(app.app, demo.admin.username, demo.admin.password)).token;
  other = (await login(app.app, demo.other.username, demo.other.password)).token;
});
afterAll(() => app?.close());

const enterprise = (path: string, data: unknown, token = admin) => call(app.app, `/api/enterprise${path}`, data, token);
const desk = (path: string, data: unknown, headers: Record<string, string> = { 'x-review-token': DESK }) => app.app.inject({
  method: 'POST', url: `/api/review${path}`, payload: { data }, headers,
}).then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string; data: any } }));

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d4e2a40000000049454e44ae426082', 'hex');

async function uploadImage(name: string, bytes: Buffer) {
  const boundary = '----deskImage';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.app.inject({ method: 'POST', url: '/api/review/content/image/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-review-token': DESK } });
  return res.json() as { code: number; message: string; data: { token: string; displayUri: string } };
}

const ticket = (title: string, token = admin) => enterprise('/Work_ticket/save', { ticketType: '1', ticketTitle: title, ticketContent: '申报后没有回执，请协助查看。', telephone: '13805740001' }, token)
  .then((r) => { expect(r.body.code).toBe(0); return r.body.data as { id: number; ticketNum: string }; });

describe('the desk list', () => {
  it('shows every company\'s tickets, filtered by state, company and submission date', async () => {
    const mine = await ticket('筛选：本企业的工单');
    const theirs = await ticket('筛选：另一企业的工单', other);
    const all = (await desk('/ticket/list', { pageSize: 100 })).body;
    expect(all.code).toBe(0);
    const nums = all.data.datas.map((r: { ticketNum: string }) => r.ticketNum);
    expect(nums).toEqual(expect.arrayContaining([mine.ticketNum, theirs.ticketNum]));
    const row = all.data.datas.find((r: { ticketNum: string }) => r.ticketNum === theirs.ticketNum);
    expect(row).toMatchObject({ state: 'pending', stateName: '待处理', ticketTypeName: '申报问题', replies: 0 });
    const theirCompany = row.companyName as string;

    const byCompany = (await desk('/ticket/list', { pageSize: 100, companyName: theirCompany })).body.data;
    expect(byCompany.datas.map((r: { ticketNum: string }) => r.ticketNum)).toContain(theirs.ticketNum);
    expect(byCompany.datas.every((r: { companyName: string }) => r.companyName === theirCompany)).toBe(true);

    const today = chinaTime(new Date())!.slice(0, 10);
    const ofToday = (await desk('/ticket/list', { pageSize: 100, dateFrom: today, dateTo: today })).body.data;
    expect(ofToday.datas.map((r: { ticketNum: string }) => r.ticketNum)).toEqual(expect.arrayContaining([mine.ticketNum, theirs.ticketNum]));
    expect(ofToday.total).toBe(all.data.datas.filter((r: { createTime: string }) => r.createTime.startsWith(today)).length);
    expect((await desk('/ticket/list', { pageSize: 100, dateTo: '2020-01-01' })).body.data.total).toBe(0);
    expect((await desk('/ticket/list', { state: 'stop' })).body.data.datas.every((r: { state: string }) => r.state === 'stop')).toBe(true);
    expect((await desk('/ticket/list', { dateFrom: '2026-13-45' })).body).toMatchObject({ code: -1, message: t.badDate });
  });
});

describe('answering a ticket', () => {
  it('refuses an empty or too long answer and changes nothing', async () => {
    const { id } = await ticket('回复：空内容');
    expect((await desk('/ticket/reply', { id, content: '   ' })).body).toMatchObject({ code: -1, message: t.replyRequired });
    expect((await desk('/ticket/reply', { id })).body).toMatchObject({ code: -1, message: t.replyRequired });
    expect((await desk('/ticket/reply', { id, content: '答'.repeat(501) })).body).toMatchObject({ code: -1, message: t.replyTooLong });
    const detail = (await desk('/ticket/detail', { id })).body.data;
    expect(detail).toMatchObject({ state: 'pending', replies: [] });
  });

  it('answers with text and a picture: the ticket is taken, the enterprise reads the answer, a closed ticket refuses more', async () => {
    const { id, ticketNum } = await ticket('回复：图文回复');
    const image = await uploadImage('处理说明.png', PNG);
    expect(image.code).toBe(0);
    const answered = await desk('/ticket/reply', { id, content: '已联系海关，回执已补发，请刷新查看。', images: [image.data.token] });
    expect(answered.body).toMatchObject({ code: 0, message: t.replied, data: { ticketNum, state: 'process', stateName: '处理中' } });

    const seen = (await enterprise('/Work_ticket/detail', { id })).body.data;
    expect(seen.state).toBe('process');
    expect(seen.replies).toHaveLength(1);
    expect(seen.replies[0]).toMatchObject({ content: '已联系海关，回执已补发，请刷新查看。' });
    expect(seen.replies[0].images.map((i: { name: string }) => i.name)).toEqual(['处理说明.png']);
    const picture = await app.app.inject({ method: 'GET', url: seen.replies[0].images[0].displayUri });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    // answered and being handled: the enterprise cannot delete it under the desk's hands
    expect((await enterprise('/Work_ticket/delete', { ids: [id] })).body.code).toBe(-1);

    // a second answer while processing is fine; the desk's detail carries the whole conversation
    expect((await desk('/ticket/reply', { id, content: '如仍有问题请继续反馈。' })).body.code).toBe(0);
    const conversation = (await desk('/ticket/detail', { id })).body.data;
    expect(conversation.replies.map((r: { content: string }) => r.content)).toEqual(['已联系海关，回执已补发，请刷新查看。', '如仍有问题请继续反馈。']);
    expect(conversation.actions).toEqual(['reply', 'close']);
    expect(conversation.companyName).toBeTruthy();

    expect((await desk('/ticket/close', { id, reason: '已解决' })).body.code).toBe(0);
    expect((await desk('/ticket/reply', { id, content: '补充说明' })).body)
      .toMatchObject({ code: -1, message: ticketText.refused(ticketNum, '已关闭', ticketText.verbs.reply) });
    expect((await enterprise('/Work_ticket/detail', { id })).body.data).toMatchObject({ state: 'stop', reason: '已解决' });
  });

  it('takes only the operator\'s own JPG/PNG uploads as pictures', async () => {
    const { id } = await ticket('回复：图片来源');
    expect((await desk('/ticket/reply', { id, content: '见图', images: ['00000000-0000-4000-8000-000000000000'] })).body).toMatchObject({ code: -1, message: t.imageNotFound });
    // a company's screenshot is not the desk's picture to reuse
    const screenshot = await app.handle.db.selectFrom('stored_files').select('token').where('company_id', 'is not', null).where('content_type', '=', 'image/png').executeTakeFirst();
    if (screenshot) expect((await desk('/ticket/reply', { id, content: '见图', images: [screenshot.token] })).body.message).toBe(t.imageNotFound);
    expect((await desk('/ticket/detail', { id })).body.data.replies).toEqual([]);
  });

  it('refuses a renamed or oversize picture', async () => {
    expect(await uploadImage('假图片.png', Buffer.from('not a png at all'))).toMatchObject({ code: -1, message: reviewContentText.notImage });
    expect(await uploadImage('说明.gif', PNG)).toMatchObject({ code: -1, message: reviewContentText.notImage });
    const big = Buffer.concat([PNG, Buffer.alloc(CONTENT_IMAGE_MAX_MB * 1024 * 1024, 1)]);
    expect(await uploadImage('大图.png', big)).toMatchObject({ code: -1, message: reviewContentText.imageTooLarge(CONTENT_IMAGE_MAX_MB) });
  });

  it('names the logged-in operator as the author the enterprise reads', async () => {
    const { id } = await ticket('回复：审核员登录');
    const operator = (await login(app.app, demoOperator.login_name, demoOperator.password)).token;
    const answered = await desk('/ticket/reply', { id, content: '您好，已处理。' }, { 'x-authorization': `Bearer ${operator}` });
    expect(answered.body).toMatchObject({ code: 0, data: { state: 'process' } });
    expect((await enterprise('/Work_ticket/detail', { id })).body.data.replies[0]).toMatchObject({ author: demoOperator.user_name, content: '您好，已处理。' });
    const row = await app.handle.db.selectFrom('work_ticket_replies').select('user_id').where('ticket_id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).not.toBeNull();
    // the decision is in the operation log under the operator's name
    const logged = await app.handle.db.selectFrom('operation_logs').select(['account', 'module', 'outcome']).where('action', '=', '回复工单')
      .where('account', '=', demoOperator.login_name).execute();
    expect(logged).toContainEqual({ account: demoOperator.login_name, module: '工单处理', outcome: '成功' });
  });

  it('is the operator\'s: an enterprise account and an anonymous caller are refused', async () => {
    const { id } = await ticket('回复：无权调用');
    const asEnterprise = await desk('/ticket/reply', { id, content: '越权' }, { 'x-authorization': `Bearer ${admin}` });
    expect(asEnterprise.body.code).not.toBe(0);
    const anonymous = await desk('/ticket/reply', { id, content: '越权' }, {});
    expect(anonymous.body.code).not.toBe(0);
    expect((await desk('/ticket/list', {}, { 'x-authorization': `Bearer ${admin}` })).body.code).not.toBe(0);
    expect((await desk('/ticket/detail', { id })).body.data.replies).toEqual([]);
  });
});
