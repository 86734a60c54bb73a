/**
 * Migration 049 on a database that already holds receipts: the unmatched receipts stored before it
 * keep the one company they were given (nothing to backfill — customs_receipts.company_id stays the
 * company of a receipt naming one) and stay listed for it only; after it, a receipt listed for
 * several companies is seen by each of them and by nobody else, and leaves their lists with its row.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { listUnmatchedReceipts } from '../../server/customs/receipts/unmatched.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const db = () => opened.handle.db;
const companies: number[] = [];

const newCompany = async (name: string) =>
  (await db().insertInto('companies').values({ company_name: name, approve_state: 0, profile: '{}' }).returning('id').executeTakeFirstOrThrow()).id;
const newReceipt = async (guid: string, companyId: number | null) => Number((await db().insertInto('customs_receipts').values({
  guid, message_type: 'CEB304', business_key: `${guid}#120`, company_id: companyId, bill_id: null, return_status: '120',
  return_time: '20261207100000000', return_info: '', keys: JSON.stringify({ orderNo: guid }), xml: '<CEB304Message/>',
}).returning('id').executeTakeFirstOrThrow()).id);
const listed = async (companyId: number) => (await listUnmatchedReceipts(db(), { companyId, pageIndex: 0, pageSize: 50 })).datas
  .map((r) => [r.guid, r.severalCompanies]);

beforeAll(async () => {
  opened = await openTestDatabase();
  for (const name of ['回执归属甲公司', '回执归属乙公司', '回执归属丙公司']) companies.push(await newCompany(name));
}, 120_000);
afterAll(async () => {
  await opened?.handle.close();
  await opened?.drop();
});

describe('customs_receipt_companies (migration 049)', () => {
  it('keeps the receipts stored before it listed for their one company', async () => {
    const [a, b] = companies as [number, number];
    const migrator = new Migrator({ db: db(), provider: migrationProvider });
    const down = await migrator.migrateTo('048-settlement-lock');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('049-receipt-companies');
    await newReceipt('RC-BEFORE-049', a);

    expect(await migrateToLatest(db())).toContain('049-receipt-companies');
    expect(await migrateToLatest(db())).toEqual([]);
    expect(await listed(a)).toEqual([['RC-BEFORE-049', false]]);
    expect(await listed(b)).toEqual([]);
    expect(await db().selectFrom('customs_receipt_companies').selectAll().execute()).toEqual([]);
  }, 120_000);

  it('lists a receipt of several companies for each of them, for nobody else, and drops it with the receipt', async () => {
    const [a, b, c] = companies as [number, number, number];
    const id = await newReceipt('RC-SHARED', null);
    await db().insertInto('customs_receipt_companies').values([{ company_id: a, receipt_id: id }, { company_id: b, receipt_id: id }]).execute();
    expect(await listed(a)).toEqual([['RC-SHARED', true], ['RC-BEFORE-049', false]]);
    expect(await listed(b)).toEqual([['RC-SHARED', true]]);
    expect(await listed(c)).toEqual([]);
    // not among the receipts nobody is listed for
    expect((await listUnmatchedReceipts(db(), { companyId: null, pageIndex: 0, pageSize: 50 })).datas.map((r) => r.guid)).not.toContain('RC-SHARED');
    await sql`delete from customs_receipts where id = ${id}`.execute(db());
    expect(await db().selectFrom('customs_receipt_companies').selectAll().execute()).toEqual([]);
    expect(await listed(b)).toEqual([]);
  });
});
