/**
 * Issue 16, "Several app servers on one PostgreSQL": two real app servers (two Fastify apps, one
 * DATABASE_URL) — every part that once assumed one process holds:
 * - the folder transport with both servers on one inbox: each receipt file handled exactly once, none lost;
 *   and a receipt ingested by server B reaches a browser's stream held on server A;
 * - the outbox: every message claimed and delivered once while both workers poll;
 * - a bulk-declare job of a server that stopped resumes on the other, no bill declared twice;
 * - the sandbox timers (filing approval, the bank's settlement steps) firing on both servers at once
 *   decide once;
 * - captchas and the login lockout live in the database: a second server is not a second chance (and a
 *   password encrypted with the key one server gave is read by the other);
 * - a logout through server A ends the event stream held on server B;
 * - cached tables (bill state names, button codes) changed anywhere are dropped on both servers.
 * Revocations (logout, freeze, password change) across servers: sessions.test.ts; per-IP rate limits:
 * login-abuse.test.ts; a change saved through B reaching A's stream: events.test.ts.
 * PostgreSQL only (PGlite is one process's database): runs when DATABASE_URL is set (.ci/run does).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { LiveEvent } from '../../domain/events.ts';
import { APPROVE_STATE } from '../../domain/enterprise/approval.ts';
import { authText } from '../../domain/texts/auth.ts';
import { serverText } from '../../domain/texts/server.ts';
import { LIMITS } from '../../server/auth/login-limits.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import type { FolderTransport } from '../../server/customs/transport/folder.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { openSse, type SseReader } from '../helpers/sse.ts';
import { call, createTestApp, demo, encryptPassword, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, released } from './settlement-fixtures.ts';

/** How often each receipt file of an inbox was read, by either server (the folder transport reads a file to handle it). */
const inboxReads = vi.hoisted(() => new Map<string, number>());
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (path: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
    const content = await (fs.readFile as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
    // a file found gone (another server moved it meanwhile) was not read
    if (typeof path === 'string' && /[\\/]receive[\\/][^\\/]+$/.test(path)) inboxReads.set(path, (inboxReads.get(path) ?? 0) + 1);
    return content;
  }) as typeof fs.readFile;
  return { ...fs, readFile, default: { ...fs, readFile } };
});

const line = { id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 };
const order = (orderNo: string) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0, details: [line],
});

/** Two app servers on one fresh database: `a` first (it owns the database), `b` beside it. */
async function pair(env: Record<string, string> = {}, listen = false): Promise<{ a: TestApp; b: TestApp; close: () => Promise<void> }> {
  const a = await createTestApp({ env, listen });
  const b = await createTestApp({ env, listen, sameDatabaseAs: a });
  let closed = false;
  return {
    a, b,
    // b first: a drops the database
    close: async () => { if (closed) return; closed = true; await b.close().catch(() => undefined); await a.close(); },
  };
}

async function saveOrders(app: TestApp, token: string, prefix: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await call(app.app, `/api/enterprise${exportOrder.api.save}`, order(`${prefix}-${String(i).padStart(3, '0')}`), token);
    expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    ids.push(r.body.data.id as number);
  }
  return ids;
}

/** How many customs messages each bill has, in the order of `ids`. */
async function messageCounts(app: TestApp, ids: number[]): Promise<number[]> {
  const rows = await app.handle.db.selectFrom('customs_messages').select('bill_id').where('bill_id', 'in', ids).execute();
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(Number(r.bill_id), (counts.get(Number(r.bill_id)) ?? 0) + 1);
  return ids.map((id) => counts.get(id) ?? 0);
}

const waitFor = <T>(check: () => Promise<T>, timeout = 30_000) => vi.waitFor(check, { timeout, interval: 50 });

describe.runIf(process.env.DATABASE_URL)('two app servers on one PostgreSQL database', () => {
  describe('the folder transport, both servers watching one inbox', () => {
    const exchange = folderExchange('cbec-two-servers-');
    let servers: Awaited<ReturnType<typeof pair>>;
    let admin: LoginAnswer;
    const open: SseReader[] = [];
    // scans only when the test asks (both at once); a file is read at its second sight
    const env = exchange.env({ CUSTOMS_INBOX_POLL_MS: '0', CUSTOMS_INBOX_SETTLE_MS: '0' });
    beforeAll(async () => {
      await initCustomsSchemas();
      await mkdir(exchange.dir('receive'), { recursive: true });
      servers = await pair(env, true);
      admin = await login(servers.a.app, demo.admin.username, demo.admin.password);
    });
    afterAll(async () => {
      for (const s of open) s.close();
      await servers?.close();
      exchange.remove();
    });
    const folder = (t: TestApp) => t.app.customs.transport as FolderTransport;

    /** A CEB304 customs writes for an order (no such bill needed: it is stored among the unmatched). */
    const receipt = (orderNo: string, ebcCode = DEMO.code) => {
      const guid = randomUUID();
      return buildReceiptXml(findReceiptType('CEB304')!, guid, [{
        guid, fields: { ebpCode: '3302960E8F', ebcCode, orderNo }, returnStatus: '2', returnTime: returnTimeOf(new Date()), returnInfo: '新增申报成功',
      }]);
    };

    /** Both servers scan together until the inbox is empty; the files each moved to done and to error. */
    async function scanBoth() {
      const moved = { a: 0, b: 0, failed: 0 };
      for (let round = 0; round < 200; round++) {
        const [ra, rb] = await Promise.all([folder(servers.a).scan(), folder(servers.b).scan()]);
        moved.a += ra.done;
        moved.b += rb.done;
        moved.failed += ra.failed + rb.failed;
        if ((await exchange.list('receive')).length === 0) break;
      }
      return moved;
    }

    it('handles every receipt file exactly once, and loses none', async () => {
      const n = 60;
      const orderNos = Array.from({ length: n }, (_, i) => `SO-TWO-${String(i).padStart(3, '0')}`);
      const names = orderNos.map((no) => `CEB304Message_${no}.xml`);
      await Promise.all(orderNos.map((no, i) => writeFile(join(exchange.dir('receive'), names[i]!), receipt(no))));
      inboxReads.clear();
      const moved = await scanBoth();
      console.info(`${n} receipt files: server A handled ${moved.a}, server B ${moved.b}`);
      // each file read by one server, once
      expect([...inboxReads.values()]).toEqual(Array(n).fill(1));
      expect(inboxReads.size).toBe(n);
      expect(await exchange.list('receive')).toEqual([]);
      expect(await exchange.list('error')).toEqual([]);
      // each file once: no second copy (name.2.xml) in done, and the two servers' counts add up
      expect(await exchange.list('done')).toEqual([...names].sort());
      expect(moved).toMatchObject({ failed: 0 });
      expect(moved.a + moved.b).toBe(n);
      const stored = await servers.a.handle.db.selectFrom('customs_receipts').select(sql<string>`keys->>'orderNo'`.as('orderNo'))
        .where(sql`keys->>'orderNo'`, 'in', orderNos).execute();
      expect(stored.map((r) => r.orderNo).sort()).toEqual(orderNos);
      // every claim went with its file
      expect(await servers.a.handle.db.selectFrom('inbox_claims').selectAll().execute()).toEqual([]);
    }, 120_000);

    it('a claim whose server died is taken over by the other once stale; a live claim is not', async () => {
      const name = 'CEB304Message_SO-TWO-STALE.xml';
      const content = receipt('SO-TWO-STALE');
      await writeFile(join(exchange.dir('receive'), name), content);
      const key = `${Buffer.byteLength(content)}:${name}`;
      // a server that claimed it and died (no such server any more)
      await servers.a.handle.db.insertInto('inbox_claims').values({ file_key: key, claimed_by: 'dead-server' }).execute();
      for (let i = 0; i < 3; i++) await Promise.all([folder(servers.a).scan(), folder(servers.b).scan()]);
      expect(await exchange.list('receive')).toEqual([name]);
      await servers.a.handle.db.updateTable('inbox_claims').set({ claimed_at: sql<Date>`now() - interval '1 hour'` }).where('file_key', '=', key).execute();
      const moved = await scanBoth();
      expect(moved.a + moved.b).toBe(1);
      expect(await exchange.list('receive')).toEqual([]);
      expect((await readdir(exchange.dir('done'))).filter((f) => f.startsWith('CEB304Message_SO-TWO-STALE'))).toEqual([name]);
    }, 60_000);

    it('a stream held on server B ends when its session is logged out through server A', async () => {
      const session = await login(servers.a.app, demo.admin.username, demo.admin.password);
      const onB = await openSse(`${servers.b.url}/api/events`, { 'x-authorization': `Bearer ${session.token}` });
      open.push(onB);
      expect(onB.status).toBe(200);
      expect((await call(servers.a.app, '/api/auth/logout', { refreshToken: session.refreshToken }, session.token)).body.code).toBe(0);
      await expect(Promise.race([onB.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 20_000))])).resolves.toBe('ended');
    }, 60_000);

    it('a receipt ingested by server B reaches a browser connected to server A', async () => {
      const onA = await openSse(`${servers.a.url}/api/events`, { 'x-authorization': `Bearer ${admin.token}` });
      open.push(onA);
      expect(onA.status).toBe(200);
      const r = await call(servers.a.app, `/api/enterprise${exportOrder.api.saveAndApply}`, order('SO-TWO-LIVE'), admin.token);
      expect(r.body.code, JSON.stringify(r.body)).toBe(0);
      const id = r.body.data.id as number;
      await servers.a.app.customs.drain();
      const sent = (await exchange.list('send')).find((f) => f.startsWith('CEB303Message_'));
      expect(sent).toBeDefined();
      const ceb = Buffer.from(/<Data>([^<]+)<\/Data>/.exec(await readFile(join(exchange.dir('send'), sent!), 'utf8'))![1]!, 'base64').toString('utf8');
      const guid = /<ceb:CEB303Message[^>]*\bguid="([^"]+)"/.exec(ceb)![1]!;
      const field = (name: string) => new RegExp(`<ceb:${name}>([^<]*)</ceb:${name}>`).exec(ceb)![1]!;
      await writeFile(join(exchange.dir('receive'), 'CEB304Message_live.xml'), buildReceiptXml(findReceiptType('CEB304')!, guid, [{
        guid, fields: { ebpCode: field('ebpCode'), ebcCode: field('ebcCode'), orderNo: field('orderNo') },
        returnStatus: '120', returnTime: returnTimeOf(new Date()), returnInfo: '海关入库成功',
      }]));
      // only B reads the inbox
      await waitFor(async () => {
        await folder(servers.b).scan();
        expect(await exchange.list('receive')).toEqual([]);
      });
      const seen = await onA.waitFor((m) => {
        const e = m.data as LiveEvent;
        return e.type === 'bill' && e.id === id && e.state !== 'DRAFT' && e.state !== 'DECLARING';
      }, 30_000);
      expect(seen.data).toMatchObject({ type: 'bill', id, key: 'order', mode: 'export' });
    }, 60_000);
  });

  describe('the outbox and the bulk-declare job runner', () => {
    let servers: Awaited<ReturnType<typeof pair>>;
    let admin: LoginAnswer;
    beforeAll(async () => {
      // both outbox workers poll every 20 ms; job chunks pause 300 ms, so a job is caught mid-way
      servers = await pair({ CUSTOMS_POLL_MS: '20', BILL_JOB_PAUSE_MS: '300' });
      admin = await login(servers.a.app, demo.admin.username, demo.admin.password);
    });
    afterAll(() => servers?.close());

    it('every message is claimed and delivered once while both workers poll (SKIP LOCKED)', async () => {
      const ids = await saveOrders(servers.a, admin.token, 'SO-OUTBOX', 60);
      const adminOnB = await login(servers.b.app, demo.admin.username, demo.admin.password);
      // declared half through each server: each wakes its own worker, the other polls
      const [ra, rb] = await Promise.all([
        call(servers.a.app, `/api/enterprise${exportOrder.api.apply}`, { ids: ids.slice(0, 30) }, admin.token),
        call(servers.b.app, `/api/enterprise${exportOrder.api.apply}`, { ids: ids.slice(30) }, adminOnB.token),
      ]);
      expect(ra.body.code, JSON.stringify(ra.body)).toBe(0);
      expect(rb.body.code, JSON.stringify(rb.body)).toBe(0);
      const db = servers.a.handle.db;
      const messages = () => db.selectFrom('customs_messages').select(['bill_id', 'status', 'attempts', 'claimed_by']).where('bill_id', 'in', ids).execute();
      await waitFor(async () => expect((await messages()).filter((m) => m.status === 'sent')).toHaveLength(60), 60_000);
      const rows = await messages();
      // a message two workers had taken would show a second attempt
      expect(rows.map((m) => m.attempts)).toEqual(Array(60).fill(1));
      expect(await messageCounts(servers.a, ids)).toEqual(Array(60).fill(1));
      const byWorker = new Map<string, number>();
      for (const m of rows) byWorker.set(String(m.claimed_by), (byWorker.get(String(m.claimed_by)) ?? 0) + 1);
      console.info(`60 messages delivered by ${byWorker.size} workers: ${[...byWorker.values()].join(' + ')}`);
    }, 120_000);

    it('a job whose server stopped mid-way is taken over by the other server at once, and no bill is declared twice', async () => {
      const adminOnB = await login(servers.b.app, demo.admin.username, demo.admin.password);
      const ids = await saveOrders(servers.b, adminOnB.token, 'SO-JOB', 150);
      const started = await call(servers.b.app, '/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids }, adminOnB.token);
      expect(started.body.code, JSON.stringify(started.body)).toBe(0);
      const jobId = started.body.data.jobId as number;
      const db = servers.a.handle.db;
      const job = () => db.selectFrom('bill_jobs').select(['state', 'cursor', 'succeeded', 'failed']).where('id', '=', jobId).executeTakeFirstOrThrow();
      await waitFor(async () => expect((await job()).cursor).toBeGreaterThanOrEqual(50));
      // server B stops cleanly (its chunk in progress ends first) and hands the job's lease back
      // (issue 27): server A's next sweep takes it over at once, not after the 30 s a killed server's
      // job waits (crash-batch.test.ts)
      await servers.b.close();
      expect((await job()).cursor).toBeLessThan(150);
      await waitFor(async () => expect((await job()).state).toBe('done'), 90_000);
      expect(await job()).toMatchObject({ state: 'done', cursor: 150, succeeded: 150 });
      expect(await messageCounts(servers.a, ids)).toEqual(Array(150).fill(1));
    }, 180_000);
  });

  describe('sandbox timers firing on both servers at once', () => {
    let servers: Awaited<ReturnType<typeof pair>>;
    beforeAll(async () => {
      servers = await pair({ FILING_AUTO_APPROVE_MS: '100', SANDBOX_ADVANCE_MS: '150' });
    });
    afterAll(() => servers?.close());

    it('a filing is approved once', async () => {
      const db = servers.a.handle.db;
      const company = await db.selectFrom('companies').select('id').where('company_code', '=', DEMO.code).executeTakeFirstOrThrow();
      const before = await db.selectFrom('company_approvals').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow();
      await db.updateTable('companies').set({ approve_state: APPROVE_STATE.reviewing, applied_at: sql<Date>`now() - interval '1 hour'` }).where('id', '=', company.id).execute();
      // both servers wake at the same moment and find it due
      servers.a.app.filingDeclared();
      servers.b.app.filingDeclared();
      await waitFor(async () => expect((await db.selectFrom('companies').select('approve_state').where('id', '=', company.id).executeTakeFirstOrThrow()).approve_state).toBe(APPROVE_STATE.approved));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = await db.selectFrom('company_approvals').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow();
      expect(after.n - before.n).toBe(1);
    });

    it('a settlement moves one step at a time through the bank and the audit', async () => {
      const admin = await login(servers.a.app, demo.admin.username, demo.admin.password);
      const api = (path: string, data: unknown) => call(servers.a.app, `/api/enterprise${path}`, data, admin.token);
      const db = servers.a.handle.db;
      const id = (await api('/expuInventry/declarationSeList', { ids: [await released(servers.a, DEMO.code, { prices: [60] })] })).body.data.headId as number;
      const before = await db.selectFrom('settlements').select('version').where('id', '=', id).executeTakeFirstOrThrow();
      expect((await api('/declarel/declaration', { id, bankCode: '104' })).body.code).toBe(0);
      servers.b.app.settlementSandboxWake();
      const state = () => db.selectFrom('settlements').select(['state', 'version', 'audit_opinion']).where('id', '=', id).executeTakeFirstOrThrow();
      await waitFor(async () => expect((await state()).state).toBe('approved'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      // declared, accepted by the bank, approved: three moves, none twice
      expect(await state()).toMatchObject({ state: 'approved', version: before.version + 3, audit_opinion: '审核通过' });
    });
  });

  describe('captchas and the login lockout, kept in the database', () => {
    let servers: Awaited<ReturnType<typeof pair>>;
    beforeAll(async () => { servers = await pair({ CAPTCHA: 'on' }); });
    afterAll(() => servers?.close());

    async function captchaOn(t: TestApp, ip: string): Promise<{ captchaId: string; captcha: string }> {
      const captchaId = `two${randomUUID().replace(/-/g, '')}`;
      const r = await t.app.inject({ method: 'GET', url: `/api/enterprise/kaptcha/defaultKaptcha?captchaId=${captchaId}`, remoteAddress: ip });
      expect(r.statusCode).toBe(200);
      // what the person reads off the image
      const row = await t.handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', captchaId).executeTakeFirstOrThrow();
      return { captchaId, captcha: row.answer };
    }
    /** The password encrypted with the public key `pemFrom` gave the page (the login page may have come from the other server). */
    async function tryLogin(t: TestApp, username: string, password: string, ip: string, captcha: { captchaId: string; captcha: string }, pemFrom: TestApp = t) {
      const pem = (await call(pemFrom.app, '/api/auth/public_key', {})).body.data as string;
      const q = new URLSearchParams({ username, password: encryptPassword(pem, password), tag: 'admin', ...captcha });
      return (await t.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} }, remoteAddress: ip })).json() as { code: number; message: string };
    }

    it('a captcha shown by one server is used once, on either', async () => {
      const ip = '10.16.0.1';
      const shown = await captchaOn(servers.a, ip);
      // the page (its captcha and public key) from server A, the login answered by server B
      expect(await tryLogin(servers.b, demo.other.username, demo.other.password, ip, shown, servers.a)).toMatchObject({ code: 0 });
      expect(await tryLogin(servers.a, demo.other.username, demo.other.password, ip, shown)).toMatchObject({ code: -1, message: authText.captchaInvalid });
      expect(await tryLogin(servers.b, demo.other.username, demo.other.password, ip, shown)).toMatchObject({ code: -1, message: authText.captchaInvalid });
    });

    it('failures on both servers add up to one lockout, which holds on both', async () => {
      const ip = '10.16.0.66';
      for (let i = 0; i < LIMITS.pair.failures; i++) {
        const t = i % 2 ? servers.b : servers.a;
        expect(await tryLogin(t, demo.other.username, 'Bad@20260000', ip, await captchaOn(t, ip))).toMatchObject({ message: authText.badCredentials });
      }
      expect(await tryLogin(servers.a, demo.other.username, demo.other.password, ip, await captchaOn(servers.a, ip))).toMatchObject({ code: -1, message: authText.locked(15) });
      expect(await tryLogin(servers.b, demo.other.username, demo.other.password, ip, await captchaOn(servers.b, ip))).toMatchObject({ code: -1, message: authText.locked(15) });
    }, 60_000);
  });

  describe('cached tables changed anywhere are dropped on both servers', () => {
    let servers: Awaited<ReturnType<typeof pair>>;
    let onA: LoginAnswer;
    let onB: LoginAnswer;
    beforeAll(async () => {
      servers = await pair();
      onA = await login(servers.a.app, demo.admin.username, demo.admin.password);
      onB = await login(servers.b.app, demo.admin.username, demo.admin.password);
    });
    afterAll(() => servers?.close());

    const draftName = async (t: TestApp, token: string) => {
      const r = await call(t.app, `/api/enterprise${exportOrder.api.queryStateCount}`, { terms: [] }, token);
      expect(r.body.code, JSON.stringify(r.body)).toBe(0);
      return (r.body.data as { state: string; stateName: string }[]).find((s) => s.state === 'DRAFT')?.stateName;
    };
    const list = (t: TestApp, token: string) => call(t.app, `/api/enterprise${exportOrder.api.pageList}`, { pageIndex: 0, pageSize: 1 }, token);

    it('bill state names: a new name shows on both servers', async () => {
      const original = await draftName(servers.a, onA.token);
      expect(original).toBeTruthy();
      expect(await draftName(servers.b, onB.token)).toBe(original);
      const renamed = `${original}（改）`;
      const db = servers.a.handle.db;
      const states = (name: string) => db.updateTable('state_dictionary').set({ state_name: name })
        .where('mode', '=', exportOrder.states.mode).where('bill_type', '=', exportOrder.states.billType).where('state', '=', 'DRAFT').execute();
      await states(renamed);
      try {
        await waitFor(async () => expect(await draftName(servers.a, onA.token)).toBe(renamed), 10_000);
        await waitFor(async () => expect(await draftName(servers.b, onB.token)).toBe(renamed), 10_000);
      } finally {
        await states(original!);
      }
      await waitFor(async () => expect(await draftName(servers.b, onB.token)).toBe(original), 10_000);
    });

    it('button codes: a page taken from a role is refused on both servers, and given back on both', async () => {
      expect((await list(servers.a, onA.token)).body.code).toBe(0);
      expect((await list(servers.b, onB.token)).body.code).toBe(0);
      const db = servers.a.handle.db;
      const role = onA.userInfo.userType;
      const ofPage = db.selectFrom('modules').select('id').where('uri', '=', `/bill/${exportOrder.mode}/${exportOrder.key}`);
      // a list needs its page (issue 17's grants): the page and its buttons are taken from the role
      const taken = await db.updateTable('module_buttons').set({ roles: sql<string[]>`array_remove(roles, ${role})` })
        .where('module_id', 'in', ofPage).where(sql<boolean>`${role} = any(roles)`).returning(['module_id', 'code']).execute();
      expect(taken.length).toBeGreaterThan(0);
      await db.updateTable('modules').set({ roles: sql<string[]>`array_remove(roles, ${role})` }).where('id', 'in', ofPage).execute();
      try {
        for (const [t, token] of [[servers.a, onA.token], [servers.b, onB.token]] as const) {
          await waitFor(async () => expect((await list(t, token)).body).toMatchObject({ code: -1, message: serverText.noPermission }), 10_000);
        }
      } finally {
        await db.updateTable('module_buttons').set({ roles: sql<string[]>`array_append(roles, ${role})` }).where('module_id', 'in', ofPage).where('code', 'in', taken.map((r) => r.code)).execute();
        await db.updateTable('modules').set({ roles: sql<string[]>`array_append(roles, ${role})` }).where('id', 'in', ofPage).execute();
      }
      for (const [t, token] of [[servers.a, onA.token], [servers.b, onB.token]] as const) {
        await waitFor(async () => expect((await list(t, token)).body.code).toBe(0), 10_000);
      }
    });
  });
});
