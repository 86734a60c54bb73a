// @vitest-environment node
/**
 * Model-based test of machines/enterprise-filing.ts against the real server: every path generated
 * from the machine is walked through the real API (保存, 附件, 保存并申报, 生成授权码 as the company;
 * 通过 and 退回 through the review API), the stored approveState must be the state the path is in,
 * and in every state reached, every action the state does not allow must be refused (code -1,
 * naming the state) without changing anything. Every state and transition must be walked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { approveStateName } from '../../domain/enterprise/approval.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { enterpriseFilingMachine, filingAccepts, filingCodeOf, type FilingEvent } from '../../machines/enterprise-filing.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { completeEnterprise } from '../../domain/enterprise/example.ts';
import { call, createTestApp, login, type TestApp } from '../helpers/test-app.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, type ModelPath } from './harness.ts';

const REVIEW = 'model-review-token';
const events: FilingEvent[] = [
  { type: 'company.save' }, { type: 'company.attach' }, { type: 'company.apply' }, { type: 'company.generateAuthCode' },
  { type: 'review.approve' }, { type: 'review.reject' },
];
const paths = modelPaths(enterpriseFilingMachine, events as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };
const verbOf: Record<FilingEvent['type'], keyof typeof enterpriseText.verbs> = {
  'company.save': 'save', 'company.attach': 'attach', 'company.apply': 'apply', 'company.generateAuthCode': 'generateAuthCode',
  'review.approve': 'approve', 'review.reject': 'reject',
};

let t: TestApp;
let pngSeq = 0;
beforeAll(async () => { t = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } }); });
afterAll(() => t?.close());

let seq = 0;
async function newCompany() {
  seq += 1;
  const company = await t.handle.db.insertInto('companies').values({ company_name: `模型备案企业${seq}`, approve_state: 0, customs_regist_code: `M${String(seq).padStart(9, '0')}`, profile: '{}' })
    .returning('id').executeTakeFirstOrThrow();
  await t.handle.db.insertInto('users').values({ company_id: company.id, login_name: `model${seq}`, user_name: `模型${seq}`, user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Model@2026pw') }).execute();
  return { id: company.id, token: (await login(t.app, `model${seq}`, 'Model@2026pw')).token };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d4e2a40000000049454e44ae426082', 'hex');
async function attach(token: string) {
  pngSeq += 1;
  const boundary = `----model${pngSeq}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="执照${pngSeq}.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${token}` } });
  const uri = (up.json() as { data: { uri: string }[] }).data[0]!.uri;
  return call(t.app, '/api/enterprise/company/saveFile', { fileType: '01', fileUri: uri }, token);
}

/** The real call behind each event. */
async function perform(event: FilingEvent, company: { id: number; token: string }) {
  const api = (path: string, data: unknown) => call(t.app, `/api/enterprise${path}`, data, company.token);
  const review = (verb: string, data: unknown) => t.app.inject({ method: 'POST', url: `/api/review/company/${verb}`, payload: { data }, headers: { 'x-review-token': REVIEW } })
    .then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string } }));
  switch (event.type) {
    case 'company.save': return api('/company/saveCompany', completeEnterprise);
    case 'company.attach': return attach(company.token);
    case 'company.apply': return api('/company/apply', completeEnterprise);
    case 'company.generateAuthCode': return api('/company/generateAuthCode', {});
    case 'review.approve': return review('approve', { id: company.id, opinion: '资料齐全，同意备案' });
    case 'review.reject': return review('reject', { id: company.id, opinion: '营业执照不清晰' });
  }
}

const storedState = async (id: number) => (await t.handle.db.selectFrom('companies').select('approve_state').where('id', '=', id).executeTakeFirstOrThrow()).approve_state;

async function walk(path: ModelPath) {
  const company = await newCompany();
  let prev: unknown = enterpriseFilingMachine.resolveState({ value: 'unfiled', context: undefined });
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as FilingEvent;
    const res = await perform(event, company);
    expect(res.body, `${event.type} is accepted`).toMatchObject({ code: 0 });
    const code = filingCodeOf((step.state as { value: unknown }).value);
    expect(await storedState(company.id)).toBe(code);
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const id of activeStateIds(step.state as never)) covered.states.add(id);
    // every action this state does not allow is refused, naming the state, and changes nothing
    for (const other of events.filter((e) => !filingAccepts(code, e))) {
      const refused = await perform(other, company);
      expect(refused.body, `${other.type} in ${approveStateName(code)}`).toMatchObject({
        code: -1, message: enterpriseText.refused(approveStateName(code), enterpriseText.verbs[verbOf[other.type]]),
      });
      expect(await storedState(company.id)).toBe(code);
    }
    prev = step.state;
  }
}

describe('enterprise filing machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThan(8); });

  for (const path of paths) {
    it(path.name, () => walk(path), 30_000);
  }

  it('refuses every action but save, attach and apply to a company never filed', async () => {
    const company = await newCompany();
    for (const e of events.filter((x) => !filingAccepts(0, x))) {
      expect((await perform(e, company)).body.code).toBe(-1);
    }
    expect(await storedState(company.id)).toBe(0);
  });

  it('visits every state and every transition', () => {
    expect([...declaredStates(enterpriseFilingMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(enterpriseFilingMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
