/** 意见反馈 on a real database: content required and at most 255 characters, phone optional but checked, source PC. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackText as t } from '../../domain/texts/tickets.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await login(app.app, demo.user.username, demo.user.password)).token;
});
afterAll(() => app?.close());

const save = (data: unknown) => call(app.app, '/api/enterprise/feedback/save', data, token);
const stored = () => app.handle.db.selectFrom('feedback').selectAll().orderBy('id').execute();

describe('feedback', () => {
  it('stores the suggestion with its phone, the user and source PC: 反馈成功！', async () => {
    const res = await save({ content: '  希望单证列表支持按申报时间导出。 ', phone: '13905740002', source: 'PC' });
    expect(res.body).toMatchObject({ code: 0, message: t.success });
    const [row] = await stored();
    const me = await app.handle.db.selectFrom('users').select(['id', 'company_id']).where('login_name', '=', demo.user.username).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content: '希望单证列表支持按申报时间导出。', phone: '13905740002', source: 'PC', user_id: me.id, company_id: me.company_id });
  });

  it('takes the phone as optional and the source as PC when left out', async () => {
    expect((await save({ content: '首页日历很好用' })).body.code).toBe(0);
    expect((await stored()).at(-1)).toMatchObject({ content: '首页日历很好用', phone: null, source: 'PC' });
  });

  it('refuses an empty or over-long content, a wrong phone and another source, storing nothing', async () => {
    const before = (await stored()).length;
    expect((await save({ content: '   ' })).body).toMatchObject({ code: -1, message: t.contentRequired, data: { errors: [{ field: 'content', message: t.contentRequired }] } });
    expect((await save({ content: '意'.repeat(256) })).body).toMatchObject({ code: -1, message: t.contentTooLong });
    expect((await save({ content: '意'.repeat(255) })).body.code).toBe(0);
    for (const phone of ['1380574000', '23805740000', '138057400001', '1380574000a']) {
      expect((await save({ content: '电话不对', phone })).body).toMatchObject({ code: -1, message: t.phoneBad });
    }
    expect((await save({ content: '来源不对', source: 'APP' })).body).toMatchObject({ code: -1, message: t.badSource });
    expect((await stored()).length).toBe(before + 1);
  });

  it('needs a login', async () => {
    expect((await call(app.app, '/api/enterprise/feedback/save', { content: '匿名' })).status).toBe(401);
  });
});
