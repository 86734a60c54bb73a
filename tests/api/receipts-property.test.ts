// Issue 28, "Done when": random receipts — bare and DXP-wrapped, codes of either company, of both
// (the platform one company, the e-commerce enterprise the other) or of nobody, envelopes addressed to either company, business keys both companies use, customs times
// out of order, UTF-8 and GBK, now and then a broken file — dropped into the folder transport's
// inbox over bills of two companies, some declared (sent to customs) and some drafts. After every
// batch: no bill of a company the receipt does not belong to moved, no draft moved, no stage went
// backwards, and every file was applied, listed or refused (accountInbox); one naming both companies
// moved nothing and is listed for both.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findBill } from '../../domain/bills/index.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { asGbk, dxpEnvelope } from '../customs/samples/samples.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { accountInbox, type DroppedFile } from '../helpers/receipt-accounting.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

type Who = 'admin' | 'other';
let t: TestApp;
const users = {} as Record<Who, LoginAnswer>;
const companies = {} as Record<Who, { id: number; code: string; dxpId: string }>;
const exchange = folderExchange('cbec-receipt-property-');

/** Per business key, which company holds a bill of it and whether it was declared (sent) or is a draft. */
const LAYOUT: Record<string, Partial<Record<Who, 'sent' | 'draft'>>> = {
  'PR-K1': { admin: 'sent', other: 'draft' },
  'PR-K2': { admin: 'draft', other: 'sent' },
  'PR-K3': { admin: 'sent', other: 'sent' },
  'PR-K4': { admin: 'sent' },
  'PR-K5': { admin: 'draft', other: 'draft' },
  // orders on the other company's platform: a receipt naming both companies carries this key
  'PR-K6': { admin: 'sent', other: 'sent' },
};
/** The platform (ebpCode) of a key's bills: the other company's own for PR-K6. */
const platformOf = (key: string) => (key === 'PR-K6' ? companies.other.code : EBP);
interface PoolBill { id: number; key: string; who: Who; sent: boolean }
const pool: PoolBill[] = [];
const order: BillDefinition = findBill('export', 'order')!;
const EBP = exportOrderBill().head.ebpCode as string;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({ env: exchange.env({ CUSTOMS_INBOX_POLL_MS: '20', CUSTOMS_INBOX_SETTLE_MS: '40' }) });
  users.admin = await login(t.app, demo.admin.username, demo.admin.password);
  users.other = await login(t.app, demo.other.username, demo.other.password);
  for (const who of ['admin', 'other'] as const) {
    const c = await t.handle.db.selectFrom('companies').select(['id', 'company_code', 'dxp_id']).where('id', '=', users[who].userInfo.companyId).executeTakeFirstOrThrow();
    companies[who] = { id: c.id, code: c.company_code!, dxpId: c.dxp_id! };
  }
  for (const [key, holders] of Object.entries(LAYOUT)) {
    for (const [who, how] of Object.entries(holders) as [Who, 'sent' | 'draft'][]) {
      const { appTime: _t, ...head } = exportOrderBill({ orderNo: key, ebcCode: companies[who].code, ebpCode: platformOf(key) }).head;
      const details = exportOrderBill().lines.map((l, i) => ({ ...l, id: `temp${i + 1}` }));
      const r = await call(t.app, `/api/enterprise${order.api[how === 'sent' ? 'saveAndApply' : 'save']}`, { ...head, details }, users[who].token);
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
      pool.push({ id: r.body.data.id as number, key, who, sent: how === 'sent' });
    }
  }
  await t.app.customs.drain();
  const sent = await t.handle.db.selectFrom('customs_messages').select('bill_id').where('status', '=', 'sent').where('bill_id', 'in', pool.map((b) => b.id)).execute();
  expect(sent.map((m) => Number(m.bill_id)).sort()).toEqual(pool.filter((b) => b.sent).map((b) => b.id).sort());
}, 60_000);
afterAll(async () => {
  await t.close();
  exchange.remove();
});

// the oracle's own reading of the spec's status table (1/2/3 < 120 < 300/399 < 5xx < 800 < 899)
const STAGE: Record<string, number> = { 2: 1, 120: 2, 300: 3, 399: 3, 500: 4, 800: 5, 899: 6 };
const DECIDED = new Set(['399', '800', '899']);
const STATUSES = ['2', '120', '300', '399', '500', '800', '899', '100', '-301010'];

const receiptArb = fc.record({
  key: fc.constantFrom(...Object.keys(LAYOUT), 'PR-NOBODY'),
  codes: fc.constantFrom<Who | 'nobody' | 'both'>('admin', 'other', 'nobody', 'both'),
  envelope: fc.constantFrom<Who | 'bare'>('bare', 'bare', 'admin', 'other'),
  status: fc.constantFrom(...STATUSES),
  /** seconds around the batch's moment: times out of order within a batch and across batches */
  offset: fc.integer({ min: -600, max: 600 }),
  gbk: fc.boolean(),
  broken: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});
type Drop = typeof receiptArb extends fc.Arbitrary<infer R> ? R : never;

/** The company a receipt belongs to: the one its codes name, which its envelope's receiver (if any) must be; none when they name both. */
const ownerOf = (r: Drop): Who | undefined => (r.codes === 'nobody' || r.codes === 'both' || (r.envelope !== 'bare' && r.envelope !== r.codes) ? undefined : r.codes);

let batch = 0;
/** bills some receipt moved, over all batches: the property is not vacuous */
const moved = new Set<number>();
let moment = Date.now() - 24 * 3_600_000;

async function drop(receipts: readonly Drop[]): Promise<DroppedFile[]> {
  batch++;
  moment += 120_000;
  const files: DroppedFile[] = [];
  for (const [i, r] of receipts.entries()) {
    const guid = crypto.randomUUID().toUpperCase();
    // naming both: the e-commerce enterprise is the admin's company, the platform the other's
    const code = r.codes === 'nobody' ? '9999999999' : r.codes === 'both' ? companies.admin.code : companies[r.codes].code;
    const ebpCode = r.codes === 'both' ? companies.other.code : EBP;
    const ceb = buildReceiptXml(findReceiptType('CEB304')!, guid, [{
      guid, fields: { ebpCode, ebcCode: code, orderNo: r.key }, returnStatus: r.status,
      returnTime: returnTimeOf(new Date(moment + r.offset * 1000)), returnInfo: '海关处理结果',
    }]);
    let bytes: string | Uint8Array = r.gbk ? asGbk(ceb) : ceb;
    if (r.envelope !== 'bare') bytes = dxpEnvelope(bytes, { msgType: 'CEB304Message', receiverIds: [companies[r.envelope].dxpId], copMsgId: guid });
    if (r.broken) bytes = `${Buffer.from(bytes).toString('utf8').slice(0, 120)}<unclosed>`;
    const name = `CEB304_${batch}_${i}.xml`;
    await writeFile(join(exchange.dir('receive'), name), bytes);
    files.push({ name, guids: [guid] });
  }
  await vi.waitFor(async () => {
    const left = await exchange.list('receive');
    if (files.some((f) => left.includes(f.name))) throw new Error('inbox not empty yet');
  }, { timeout: 20_000, interval: 25 });
  return files;
}

const snapshot = async () => new Map((await t.handle.db.selectFrom('bill_heads').select(['id', 'state', 'version'])
  .where('id', 'in', pool.map((b) => b.id)).execute()).map((r) => [Number(r.id), r]));

describe('random receipts on the bills of two companies', () => {
  it('move only their own company’s sent bills, never back a stage, and are all applied, listed or refused', async () => {
    await import('node:fs/promises').then((fs) => fs.mkdir(exchange.dir('receive'), { recursive: true }));
    await fc.assert(fc.asyncProperty(fc.array(receiptArb, { minLength: 1, maxLength: 5 }), async (receipts) => {
      const before = await snapshot();
      const files = await drop(receipts);
      const after = await snapshot();

      for (const b of pool) {
        const was = before.get(b.id)!;
        const now = after.get(b.id)!;
        if (was.version === now.version && was.state === now.state) continue;
        moved.add(b.id);
        // no unsent bill moves
        expect(b.sent, `draft ${b.key} of ${b.who} moved ${was.state} → ${now.state}`).toBe(true);
        // only a receipt belonging to the bill's company, for its key, may move it
        const by = receipts.filter((r) => !r.broken && r.key === b.key && ownerOf(r) === b.who);
        expect(by.length, `${b.key} of ${b.who} moved ${was.state} → ${now.state} by ${JSON.stringify(receipts)}`).toBeGreaterThan(0);
        // no stage goes backwards; a decided bill is not refused afterwards
        if (STAGE[was.state] !== undefined && STAGE[now.state] !== undefined) expect(STAGE[now.state]!, `${was.state} → ${now.state}`).toBeGreaterThanOrEqual(STAGE[was.state]!);
        if (DECIDED.has(was.state)) expect(['100', 'ERROR'], `${was.state} → ${now.state}`).not.toContain(now.state);
      }

      const account = await accountInbox(t.handle.db, exchange.dir, files);
      expect(account.missing).toEqual([]);
      expect(account.refused.sort()).toEqual(files.filter((_, i) => receipts[i]!.broken).map((f) => f.name).sort());
      // stored with no company only when nothing names one: codes of nobody in no envelope
      const ownerless = new Set(account.ownerless);
      files.forEach((f, i) => {
        const r = receipts[i]!;
        if (!r.broken) expect(ownerless.has(f.guids[0]!), JSON.stringify(r)).toBe(r.codes === 'nobody' && r.envelope === 'bare');
      });
      // naming both companies: on no bill, listed for both and only them
      files.forEach((f, i) => {
        const r = receipts[i]!;
        if (!r.broken && r.codes === 'both') expect(account.sharedBy.get(f.guids[0]!), JSON.stringify(r)).toEqual([companies.admin.id, companies.other.id].sort((a, b) => a - b));
        else expect(account.sharedBy.has(f.guids[0]!), JSON.stringify(r)).toBe(false);
      });
      expect(account.onBill + account.listed + account.ownerless.length + account.refused.length).toBe(files.length);
    }), { numRuns: 30 });
    expect(moved.size).toBeGreaterThan(0);
  }, 240_000);
});
