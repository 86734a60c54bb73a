// A date column is a day: both drivers hand it over as 'YYYY-MM-DD', whatever the server's time zone
// (a console in China runs with TZ=Asia/Shanghai, where pg's Date for 2026-11-22 printed as the 21st).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const zone = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'Asia/Shanghai';
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('date columns', () => {
  it('come back as the day itself, in China time too', async () => {
    expect(new Date(2026, 10, 22).toISOString()).toBe('2026-11-21T16:00:00.000Z'); // the zone took effect
    await sql`create temporary table day_probe (ck date not null)`.execute(t.handle.db);
    await sql`insert into day_probe values ('2026-03-01'), ('2026-11-22')`.execute(t.handle.db);
    const { rows } = await sql<{ ck: unknown }>`select ck from day_probe order by ck`.execute(t.handle.db);
    expect(rows.map((r) => r.ck)).toEqual(['2026-03-01', '2026-11-22']);
  });
});
