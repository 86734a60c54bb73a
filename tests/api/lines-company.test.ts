/**
 * Migration 031: a bill's lines carry its company (docs/scaling.md, the company-scope rule). Lines
 * stored before it get their bill's company; a line can never name a company other than its bill's;
 * deleting a bill still takes its lines; the statistics triggers read lines by (company, bill).
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { migrateToLatest } from '../../server/db/database.ts';
import { insertReleasedInventory } from '../../server/db/seed/released-inventory.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const db = () => opened.handle.db;
let companyA: number;
let companyB: number;

const newCompany = async (name: string) =>
  (await db().insertInto('companies').values({ company_name: name, approve_state: 0, profile: '{}' }).returning('id').executeTakeFirstOrThrow()).id;

const newHead = async (companyId: number, copNo: string) =>
  Number((await db().insertInto('bill_heads').values({ company_id: companyId, bill_key: 'order', mode: 'export', state: 'DRAFT', cop_no: copNo, data: '{}' })
    .returning('id').executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  opened = await openTestDatabase();
  companyA = await newCompany('明细归属测试甲公司');
  companyB = await newCompany('明细归属测试乙公司');
}, 120_000);
afterAll(async () => {
  await opened?.handle.close();
  await opened?.drop();
});

describe('bill_lines.company_id (migration 031)', () => {
  it('gives the lines stored before it their bill\'s company', async () => {
    const migrator = new Migrator({ db: db(), provider: migrationProvider });
    const down = await migrator.migrateTo('030-operator-desk');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('031-lines-company');
    const head = await newHead(companyA, 'LC-BEFORE-031');
    await sql`insert into bill_lines (head_id, gnum, data) values (${head}, 1, '{}'), (${head}, 2, '{}')`.execute(db());

    expect(await migrateToLatest(db())).toContain('031-lines-company');
    const lines = await sql<{ company_id: number }>`select company_id from bill_lines where head_id = ${head}`.execute(db());
    expect(lines.rows.map((r) => r.company_id)).toEqual([companyA, companyA]);
  }, 120_000);

  it('refuses a line that names another company than its bill\'s', async () => {
    const head = await newHead(companyA, 'LC-FOREIGN');
    await expect(db().insertInto('bill_lines').values({ company_id: companyB, head_id: head, gnum: 1, data: '{}' }).execute())
      .rejects.toMatchObject({ code: '23503' });
    await db().insertInto('bill_lines').values({ company_id: companyA, head_id: head, gnum: 1, data: '{}' }).execute();
    await expect(db().updateTable('bill_lines').set({ company_id: companyB }).where('company_id', '=', companyA).where('head_id', '=', head).execute())
      .rejects.toMatchObject({ code: '23503' });
  });

  it('takes a deleted bill\'s lines with it', async () => {
    const head = await newHead(companyA, 'LC-DELETED');
    await db().insertInto('bill_lines').values([1, 2, 3].map((gnum) => ({ company_id: companyA, head_id: head, gnum, data: '{}' }))).execute();
    await db().deleteFrom('bill_heads').where('company_id', '=', companyA).where('id', '=', head).execute();
    const left = await db().selectFrom('bill_lines').select('id').where('company_id', '=', companyA).where('head_id', '=', head).execute();
    expect(left).toEqual([]);
  });

  it('keeps a released inventory\'s goods value in the statistics as its lines change', async () => {
    const id = await insertReleasedInventory(db(), companyA, {
      mode: 'export', copNo: 'LC-STAT-1', ebcCode: '3301960001', ebcName: '明细归属测试甲公司', prices: [10, 5],
    });
    const value = async () => Number((await sql<{ v: string }>`select goods_value::text as v from statistics_bills where bill_id = ${id}`.execute(db())).rows[0]?.v);
    expect(await value()).toBe(15);
    await db().insertInto('bill_lines').values({ company_id: companyA, head_id: id, gnum: 3, data: JSON.stringify({ totalPrice: 2.5 }) }).execute();
    expect(await value()).toBe(17.5);
    await db().deleteFrom('bill_lines').where('company_id', '=', companyA).where('head_id', '=', id).where('gnum', '=', 1).execute();
    expect(await value()).toBe(7.5);
  });
});
