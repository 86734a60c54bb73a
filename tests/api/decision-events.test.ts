/**
 * Issue 20: the operator's decisions reach the company live, and the operators' queues move live
 * (migration 033, server/events). On a real listening server with three streams open — the demo
 * company's, another company's and the operator's —: an answer to a ticket and a settlement's
 * 受理 / 审核通过 / 退回 are heard by the own company only; what a company submits moves the
 * operators' queue and is heard by no company's stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../domain/events.ts';
import { demoOperator } from '../../server/db/seed/demo.ts';
import { openSse, type SseReader } from '../helpers/sse.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, released } from './settlement-fixtures.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
let operator: LoginAnswer;
let mine: SseReader;
let theirs: SseReader;
let desk: SseReader;
const open: SseReader[] = [];
const WAIT = 30_000;

async function stream(token: string): Promise<SseReader> {
  const ticket = (await call(t.app, '/api/events/ticket', {}, token)).body;
  expect(ticket, JSON.stringify(ticket)).toMatchObject({ code: 0, data: { ticket: expect.any(String) } });
  const s = await openSse(`${t.url}/api/events?ticket=${ticket.data.ticket as string}`);
  open.push(s);
  expect(s.status).toBe(200);
  return s;
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { CUSTOMS_POLL_MS: '0' } });
  [admin, other, operator] = await Promise.all([
    login(t.app, demo.admin.username, demo.admin.password),
    login(t.app, demo.other.username, demo.other.password),
    login(t.app, demoOperator.login_name, demoOperator.password),
  ]);
  [mine, theirs, desk] = await Promise.all([stream(admin.token), stream(other.token), stream(operator.token)]);
}, 120_000);
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

const enterprise = (path: string, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${path}`, data, token);
const operatorCall = (path: string, data: unknown) => call(t.app, `/api/review${path}`, data, operator.token);
const eventOf = (m: { data: unknown }) => m.data as LiveEvent;
const isTicket = (id: number, state?: string) => (m: { data: unknown }) => {
  const e = eventOf(m);
  return e.type === 'ticket' && e.id === id && (state === undefined || e.state === state);
};
const isSettlement = (id: number, state: string) => (m: { data: unknown }) => {
  const e = eventOf(m);
  return e.type === 'settlement' && e.kind === 'settlement' && e.id === id && e.state === state;
};
const isQueue = (queue: string) => (m: { data: unknown }) => { const e = eventOf(m); return e.type === 'review' && e.queue === queue; };
/** what another company's stream heard: nothing but its own heartbeats (which are comments, not messages) */
const heardByOthers = () => theirs.messages.map(eventOf);

describe('a ticket', () => {
  it('written by the company moves the operators\' queue; answered by the operator, it is heard by that company only', async () => {
    const saved = await enterprise('/Work_ticket/save', { ticketType: '1', ticketTitle: '实时：回执未到', ticketContent: '申报后没有回执。', telephone: '13805740001' });
    expect(saved.body.code).toBe(0);
    const id = saved.body.data.id as number;
    await desk.waitFor(isQueue('ticket'), WAIT);

    const replied = await operatorCall('/ticket/reply', { id, content: '已补发回执，请查看。', images: [] });
    expect(replied.body, JSON.stringify(replied.body)).toMatchObject({ code: 0 });
    const heard = await mine.waitFor(isTicket(id, 'process'), WAIT);
    expect(heard.event).toBe('ticket');

    // an answer to a ticket already 处理中 changes no state: the reply itself is heard
    const before = mine.messages.length;
    expect((await operatorCall('/ticket/reply', { id, content: '补充：已重新推送。', images: [] })).body.code).toBe(0);
    await mine.waitFor((m) => mine.messages.indexOf(m) >= before && isTicket(id)(m), WAIT);
    expect((await operatorCall('/ticket/close', { id, reason: '已解决' })).body.code).toBe(0);
    await mine.waitFor(isTicket(id, 'stop'), WAIT);

    // the operator's stream names no company's record; the other company heard nothing of any of it
    expect(desk.messages.map(eventOf).filter((e) => e.type !== 'review' && e.type !== 'notice')).toEqual([]);
    expect(heardByOthers()).toEqual([]);
  }, 120_000);
});

describe('a settlement', () => {
  it('applied by the company moves the queue; 受理, 退回 and 审核通过 are heard by the company only', async () => {
    const inventories = [await released(t, DEMO.code), await released(t, DEMO.code)];
    const draft = async (ids: number[]) => {
      const r = await enterprise('/expuInventry/declarationSeList', { ids, startTime: '2026-01-01 00:00:00', endTime: '2099-12-31 23:59:59' });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
      const headId = r.body.data.headId as number;
      expect((await enterprise('/declarel/declaration', { id: headId, bankCode: '104' })).body.code).toBe(0);
      return headId;
    };
    const first = await draft([inventories[0]!]);
    await desk.waitFor(isQueue('settlement'), WAIT);
    await mine.waitFor(isSettlement(first, 'declare'), WAIT);

    expect((await operatorCall('/settlement/accept', { id: first })).body).toMatchObject({ code: 0 });
    await mine.waitFor(isSettlement(first, 'audit'), WAIT);
    expect((await operatorCall('/settlement/approve', { id: first })).body).toMatchObject({ code: 0 });
    await mine.waitFor(isSettlement(first, 'approved'), WAIT);

    const second = await draft([inventories[1]!]);
    expect((await operatorCall('/settlement/accept', { id: second })).body.code).toBe(0);
    const rejected = await operatorCall('/settlement/reject', { id: second, opinion: '附件不全' });
    expect(rejected.body, JSON.stringify(rejected.body)).toMatchObject({ code: 0 });
    await mine.waitFor(isSettlement(second, 'not_approved'), WAIT);

    // none of it reached the other company, and the operator heard only its queues move
    expect(heardByOthers()).toEqual([]);
    expect(desk.messages.map(eventOf).filter((e) => e.type === 'settlement' || e.type === 'ticket' || e.type === 'bill')).toEqual([]);
    // and no company's stream hears the operators' queues
    expect(mine.messages.map(eventOf).filter((e) => e.type === 'review')).toEqual([]);
  }, 120_000);
});

describe('a filing', () => {
  it('decided by SQL (as another server or the sandbox would) moves the operators\' filing queue, not another company\'s stream', async () => {
    const before = desk.messages.length;
    const company = await t.handle.db.selectFrom('companies').select(['id', 'approve_state']).where('company_code', '=', DEMO.code).executeTakeFirstOrThrow();
    await t.handle.db.updateTable('companies').set({ approve_state: company.approve_state === 2 ? 1 : 2 }).where('id', '=', company.id).execute();
    await t.handle.db.updateTable('companies').set({ approve_state: company.approve_state }).where('id', '=', company.id).execute();
    await desk.waitFor((m) => desk.messages.indexOf(m) >= before && isQueue('filing')(m), WAIT);
    expect(heardByOthers()).toEqual([]);
  }, 60_000);
});
