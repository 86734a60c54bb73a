// Issue 27 item 4: a production first start seeded the demo enterprises and the platform operator with
// the README's published passwords. Now NODE_ENV=production seeds no account, says how to make the
// first ones, and refuses the published passwords on a database that still holds them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle } from '../../server/db/database.ts';
import { seed } from '../../server/db/seed/index.ts';
import { demoOperator, demoUsers } from '../../server/db/seed/demo.ts';
import { firstStartText } from '../../domain/texts/first-start.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { call, createTestApp, encryptPassword } from '../helpers/test-app.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-child.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cbec-prod-start-'));
const pgUrl = process.env.DATABASE_URL;
const pgName = `cbec_test_prod_${randomBytes(4).toString('hex')}`;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop database if exists ${pgName} with (force)`);
    await c.end();
  }
});

const env = () => ({ NODE_ENV: 'production', DATA_DIR: dataDir, ...(pgUrl ? { DATABASE_URL: withDatabase(pgUrl, pgName) } : {}) });
const openSame = (): Promise<DatabaseHandle> => openDatabase(pgUrl ? { databaseUrl: withDatabase(pgUrl, pgName) } : { dataDir: pgliteDir(dataDir) });

describe('a production first start', () => {
  it('creates no account, prints no password and says how to make the first operator and enterprise', async () => {
    if (pgUrl) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`create database ${pgName}`);
      await c.end();
    }
    server = await startServerProcess(env());
    const output = server.output();
    await server.stop();
    expect(output).toContain('npm run create-operator');
    expect(output).toContain('/reg');
    for (const u of [...demoUsers, demoOperator]) expect(output).not.toContain(u.password);

    const handle = await openSame();
    try {
      const users = await handle.db.selectFrom('users').select('login_name').execute();
      const companies = await handle.db.selectFrom('companies').select('id').execute();
      expect(users).toEqual([]);
      expect(companies).toEqual([]);
      // a database that a development start filled with the demo (as an upgrade from a trial would be)
      await migrateToLatest(handle.db);
      await seed(handle.db, { demo: true });
    } finally {
      await handle.close();
    }

    server = await startServerProcess(env());
    const second = server.output();
    await server.stop();
    expect(second).toContain(firstStartText.publishedPasswords([...demoUsers.map((u) => u.login_name), demoOperator.login_name]));
  }, 180_000);
});

describe('in production, the README\'s demo passwords', () => {
  it('are refused at login with a clear message, for the enterprise admin and the platform operator', async () => {
    // the test template holds the demo accounts with their published passwords
    const t = await createTestApp({ env: { NODE_ENV: 'production', CAPTCHA: '', RATE_LIMIT: '' } });
    try {
      const key = (await call(t.app, '/api/auth/public_key', {})).body.data as string;
      for (const u of [demoUsers[0], demoOperator]) {
        const captchaId = `c${randomBytes(4).toString('hex')}`;
        await t.app.inject({ method: 'GET', url: `/api/enterprise/kaptcha/defaultKaptcha?captchaId=${captchaId}` });
        const { answer } = await t.handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', captchaId).executeTakeFirstOrThrow();
        const q = new URLSearchParams({ username: u.login_name, password: encryptPassword(key, u.password), tag: 'admin', captcha: answer, captchaId });
        const res = await t.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
        expect(res.json(), u.login_name).toMatchObject({ code: -1, message: firstStartText.publishedPasswordRefused });
        expect(res.headers.token, 'no password-change token: a stranger must not choose the new password').toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});
