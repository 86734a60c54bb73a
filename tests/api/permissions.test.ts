import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { defineRoute } from '../../server/http/route.ts';
import { serverText } from '../../domain/texts/server.ts';
import { call, demo, login, openTestDatabase } from '../helpers/test-app.ts';
import type { FastifyInstance } from 'fastify';

// Routes declare only the button code; the check itself is built once (server/plugins/auth.ts).
let app: FastifyInstance;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const { handle, drop } = await openTestDatabase();
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', LOG_LEVEL: 'silent', WEB_DIR: '/nonexistent' }), db: handle.db, logger: false });
  defineRoute(app, { path: '/api/test/account-add', summary: 'needs /account add', permission: { uri: '/account', code: 'add' }, handler: () => 'done' });
  defineRoute(app, { path: '/api/test/bill', summary: 'needs a filed company', access: 'company', permission: 'open', handler: () => 'bill' });
  // a 'person' route (the session's own) is every person's: a permission there is a mistake, refused at registration
  expect(() => defineRoute(app, { path: '/api/test/person', summary: 'own', access: 'person', permission: 'session', handler: () => 'own' }))
    .toThrow('/api/test/person: person routes declare no permission');
  await app.ready();
  cleanup = async () => { await app.close(); await handle.close(); await drop(); };
});
afterAll(() => cleanup());

describe('button permissions and the filing guard', () => {
  it('lets the ADMIN through and refuses the USER sub-account without the button code', async () => {
    const admin = await login(app, demo.admin.username, demo.admin.password);
    const user = await login(app, demo.user.username, demo.user.password);
    expect((await call(app, '/api/test/account-add', {}, admin.token)).body).toMatchObject({ code: 0, data: 'done' });
    expect((await call(app, '/api/test/account-add', {}, user.token)).body).toMatchObject({ code: -1, message: serverText.noPermission, data: null });
  });

  it('refuses company routes to a user whose enterprise is not filed', async () => {
    const other = await login(app, demo.other.username, demo.other.password);
    expect((await call(app, '/api/test/bill', {}, other.token)).body.code).toBe(0);
    // An enterprise that has not been filed has no customs registration code.
    const db = (app as unknown as { db: import('../../server/db/database.ts').Db }).db;
    await db.updateTable('companies').set({ company_code: null }).where('company_name', '=', other.userInfo.companyName).execute();
    const unfiled = await login(app, demo.other.username, demo.other.password);
    expect(unfiled.userInfo.companyCode).toBeNull();
    expect((await call(app, '/api/test/bill', {}, unfiled.token)).body).toMatchObject({ code: -1, message: '请先进行企业备案！' });
  });
});
