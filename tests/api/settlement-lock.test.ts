/**
 * 批量锁定 / 批量解锁 of the 结汇 list (issue 31 item 16; accounts §5 "batch lock or unlock needs
 * selection"; the rest docs/decisions/settlement-lock.md) on a real database: the selection rule,
 * the lock as its own state in the list (any workflow state), the company's changes refused while
 * locked and allowed again after 解锁, the bank's and the audit's answers unaffected, a repeated
 * lock or unlock named, a batch all or nothing, the button codes, and the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSubAccountGrants } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { serverText } from '../../domain/texts/server.ts';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, released, review } from './settlement-fixtures.ts';

const REVIEW = 'settlement-lock-review';
let app: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  [admin, user] = await Promise.all([login(app.app, demo.admin.username, demo.admin.password), login(app.app, demo.user.username, demo.user.password)]);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, session: LoginAnswer = admin) => call(app.app, `/api/enterprise${path}`, data, session.token);
const head = async (id: number) => (await api('/declarel/queryExpuInventHead', { id })).body.data;
const stored = (id: number) => app.handle.db.selectFrom('settlements').select(['state', 'lock_state', 'total_count', 'spec_decl_flag', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

async function draft(prices: number[] = [10]) {
  const inv = await released(app, DEMO.code, { prices });
  const res = await api('/expuInventry/declarationSeList', { ids: [inv], startTime: '2026-01-01 00:00:00', endTime: '2099-12-31 23:59:59' });
  expect(res.body).toMatchObject({ code: 0 });
  return res.body.data.headId as number;
}

describe('批量锁定 / 批量解锁', () => {
  it('needs a selection', async () => {
    for (const path of ['/declarel/lock', '/declarel/unlock']) {
      expect((await api(path, { ids: [] })).body).toMatchObject({ code: -1, message: t.selectRows });
      expect((await api(path, {})).body).toMatchObject({ code: -1, message: t.selectRows });
    }
  });

  it('locks as its own state, shown in the list, refuses the company\'s changes until 解锁', async () => {
    const id = await draft();
    expect(await head(id)).toMatchObject({ lockState: 'unlocked', lockStateName: '未锁定', lockedBy: null, editable: true });
    expect((await api('/declarel/lock', { ids: [id] })).body).toMatchObject({ code: 0, message: t.locked });
    const locked = await head(id);
    expect(locked).toMatchObject({ state: 'to_declare', stateName: '待生成', lockState: 'locked', lockStateName: '已锁定', editable: false, viewable: true });
    expect(locked.lockedBy).toBeTruthy();
    expect(locked.lockTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const row = (await api('/declarel/severList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'lock_state', termType: 'eq', value: 'locked' }] })).body.data.datas
      .find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ lockState: 'locked', lockStateName: '已锁定' });

    const before = await stored(id);
    const title = `#${id}`;
    expect((await api('/declarel/declaration', { id, bankCode: '104' })).body).toMatchObject({ code: -1, message: t.lockedRefused(title, '提交申请') });
    expect((await api('/declarel/delete', { ids: [id] })).body).toMatchObject({ code: -1, message: t.lockedRefused(title, '删除') });
    expect((await api('/declarel/saveHead', { id, specDeclFlag: '1000001' })).body).toMatchObject({ code: -1, message: t.lockedRefused(title, '修改清单') });
    const more = await released(app, DEMO.code);
    expect((await api('/expuInventry/declarationSeList', { ids: [more], headId: id })).body).toMatchObject({ code: -1, message: t.lockedRefused(title, '修改清单') });
    const line = (await api('/declarel/queryExpuInventList', { id })).body.data.datas[0];
    expect((await api('/SeExpuInventory/delete', { ids: [line.id] })).body).toMatchObject({ code: -1, message: t.lockedRefused(title, '修改清单') });
    expect(await stored(id)).toEqual(before);

    // a second lock, and an unlock of an unlocked record, say so
    expect((await api('/declarel/lock', { ids: [id] })).body).toMatchObject({ code: -1, message: t.alreadyLocked(title) });
    expect((await api('/declarel/unlock', { ids: [id] })).body).toMatchObject({ code: 0, message: t.unlocked });
    expect(await head(id)).toMatchObject({ lockState: 'unlocked', lockedBy: null, lockTime: null, editable: true });
    expect((await api('/declarel/unlock', { ids: [id] })).body).toMatchObject({ code: -1, message: t.notLocked(title) });
    expect((await api('/declarel/declaration', { id, bankCode: '104' })).body).toMatchObject({ code: 0 });
  });

  it('locks a record in any state; the bank and the audit still answer, 撤销申请 waits for 解锁', async () => {
    const id = await draft();
    await api('/declarel/declaration', { id, bankCode: '105' });
    expect((await api('/declarel/lock', { ids: [id] })).body.code).toBe(0);
    expect((await review(app, REVIEW, 'settlement/accept', { id })).body).toMatchObject({ code: 0, data: { state: 'audit' } });
    const no = (await head(id)).declareNo as string;
    expect((await api('/declare/revoke/revoke', { ids: [id], reason: '金额有误', revokeType: 1 })).body).toMatchObject({ code: -1, message: t.lockedRefused(no, '撤销申请') });
    expect((await stored(id)).state).toBe('audit');
    await api('/declarel/unlock', { ids: [id] });
    expect((await api('/declare/revoke/revoke', { ids: [id], reason: '金额有误', revokeType: 1 })).body).toMatchObject({ code: 0 });
    // a closed record too (已撤销)
    expect((await api('/declarel/lock', { ids: [id] })).body.code).toBe(0);
    expect(await head(id)).toMatchObject({ state: 'revoke', lockState: 'locked' });
  });

  it('is all or nothing: one record already locked refuses the batch, naming it', async () => {
    const [a, b] = [await draft(), await draft()];
    await api('/declarel/lock', { ids: [b] });
    expect((await api('/declarel/lock', { ids: [a, b] })).body).toMatchObject({ code: -1, message: t.alreadyLocked(`#${b}`) });
    expect((await stored(a)).lock_state).toBe('unlocked');
    expect((await api('/declarel/unlock', { ids: [a, b] })).body).toMatchObject({ code: -1, message: t.notLocked(`#${a}`) });
    expect((await stored(b)).lock_state).toBe('locked');
  });

  it('follows the button codes and leaves its row in the operation log', async () => {
    const id = await draft();
    const userId = (await app.handle.db.selectFrom('users').select('id').where('login_name', '=', demo.user.username).executeTakeFirstOrThrow()).id;
    const page = moduleSeeds.find((m) => m.uri === '/exchangeSettlement')!;
    expect(page.buttons.map((b) => [b.code, b.name])).toEqual(expect.arrayContaining([['lock', t.lock], ['unlock', t.unlock]]));
    // granted the page and its other buttons but not 批量锁定: refused, nothing changed
    const without = [{ moduleId: page.id, code: '' }, ...page.buttons.filter((b) => b.code !== 'lock').map((b) => ({ moduleId: page.id, code: b.code }))];
    expect((await api('/user/saveGrants', { id: userId, grants: [...defaultSubAccountGrants(), ...without] })).body.code).toBe(0);
    expect((await api('/declarel/lock', { ids: [id] }, user)).body).toMatchObject({ code: -1, message: serverText.noPermission });
    expect((await stored(id)).lock_state).toBe('unlocked');

    await api('/declarel/lock', { ids: [id] });
    await api('/declarel/lock', { ids: [id] });
    const logged = async () => (await app.handle.db.selectFrom('operation_logs').select(['action', 'outcome', 'message', 'record_ids']).where('action', '=', '锁定结汇单')
      .orderBy('id').execute()).filter((r) => r.record_ids.map(Number).includes(id)).map((r) => [r.outcome, r.message]);
    await expect.poll(logged).toEqual([['失败', serverText.noPermission], ['成功', ''], ['失败', t.alreadyLocked(`#${id}`)]]);
  });
});
