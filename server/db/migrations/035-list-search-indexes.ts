import { sql, type Kysely } from 'kysely';
import { trigramsAvailable } from './013-order-search.ts';
import type { ConcurrentIndex } from './concurrent-index.ts';

/**
 * Issue 21: every list search ≤ 100 ms on 10,000,000 heads, for the largest company and a small one.
 *
 * **One trigram index per list**, partial to its bill type and direction, over the text columns its
 * search bar matches with `like` (numbers, and the jsonb values some lists search: 付款人, 航次号 …).
 * The indexes of migrations 013, 031 and 032 covered several lists each (cop_no: orders, waybills and
 * inventories of both directions, 71 % of the heads). A `%MXL0004711%` search then costs what GIN's
 * intersection costs: the rarest trigram of the text (`471`) gives the candidates, and each
 * candidate is looked up in the posting lists of the common ones (`mxl`, `xl0`, `l00`, `000`: every
 * row of the index). Both grow with the rows the index covers, not with the company's rows, so a small
 * company paid as much as the largest (131 / 147 ms at 10M, EXPLAIN: ~600 buffers, all in the GIN
 * scan, at 1M). Partial to one list, an index covers that list's rows only (出口清单 16 % of the heads
 * instead of 47 % for logistics_no, 71 % for cop_no): 3–4× fewer candidates and shorter lists to
 * seek in. One multi-column GIN per list rather than one per column: GIN keys each entry by its
 * column, so a condition on any one column reads only that column's entries, and a head row is
 * written to one search index, not to four.
 * A company-first GIN (btree_gin, `(company_id, col gin_trgm_ops)`) was tried on the 1M set: GIN
 * intersects a scan key's own entries with skipping, but takes the next match of the trigram key
 * before it compares with the company's key, so a small company still walked the trigram candidates
 * (155 buffers against 251 without it, the same time). Not adopted; no btree_gin needed. A small
 * company's search reads its own bills instead (server/bills/small-scope.ts).
 *
 * **Enterprise-name searches go through the names** (server/bills/pick-names.ts): a company's bills
 * carry a few e-commerce enterprises, and `ebc_name like '企业7'` matched 16,000 of the largest
 * company's 210,000 export orders of the window at 10M (207 ms, each tested). The lists that search a
 * party column by `like` get the index migration 013 gave the orders: (company, direction, column,
 * state, time) partial to the bill type, so the names are read one index descent each and the
 * matching bills counted from the index.
 *
 * Every index is `if not exists`: on a large database an operator may build them beforehand with
 * CREATE INDEX CONCURRENTLY under the same names (this migration, in the migrator's transaction,
 * holds writes to bill_heads for as long as its builds take). The table below is this migration's
 * own copy of the definitions' searches (a landed migration never changes);
 * tests/api/list-search-indexes.test.ts checks that the definitions' searches are all served.
 */

/** mode, bill key, the columns its list searches with `like`: a bill_heads column, or `data:<key>` for a jsonb value. */
export const LIST_SEARCHES: readonly (readonly [string, string, readonly string[]])[] = [
  ['export', 'order', ['order_no']],
  ['export', 'receipt', ['order_no', 'pay_no']],
  ['export', 'waybill', ['logistics_no', 'order_no', 'bill_no']],
  ['import', 'order', ['order_no', 'data:buyerName']],
  ['import', 'receipt', ['data:payTransactionId', 'order_no', 'data:payerName']],
  ['import', 'waybill', ['logistics_no', 'order_no', 'bill_no']],
  ['import', 'detailedList', ['cop_no', 'order_no', 'logistics_no', 'invt_no']],
  ['import', 'billCancellation', ['cop_no', 'invt_no', 'order_no', 'logistics_no']],
  ['import', 'returnApplicationForm', ['cop_no', 'invt_no', 'order_no', 'logistics_no']],
  ['import', 'warehousingDetails', ['cop_no', 'bill_no']],
  ['export', 'arrivalNote', ['cop_no', 'bill_no', 'pre_no']],
  ['export', 'departureForm', ['cop_no', 'bill_no', 'data:voyageNo']],
  ['export', 'detailedList', ['cop_no', 'order_no', 'logistics_no', 'invt_no']],
  ['export', 'billCancellation', ['invt_no', 'cop_no', 'order_no', 'logistics_no']],
  ['export', 'billTotalOrderCancellation', ['cop_no', 'bill_no', 'data:voyageNo']],
  ['export', 'billOfLading', ['cop_no', 'bill_no', 'data:voyageNo']],
  ['export', 'returnApplicationForm', ['cop_no', 'invt_no', 'logistics_no']],
  ['export', 'tallying', ['cop_no', 'logistics_no', 'invt_no', 'bill_no']],
  ['export', 'summaryApplicationForm', ['cop_no', 'data:sumNo']],
  ['export', 'summaryApplicationDetailList', ['data:invtNo', 'data:orderNo', 'data:logisticsNo', 'data:copNo', 'data:sumNo']],
  ['import', 'taxbill', ['data:taxNo', 'invt_no', 'order_no', 'data:buyerName']],
  ['export', 'summaryResultSheet', ['data:sumNo', 'pre_no', 'bill_no']],
  ['export', 'listTotalScoreSheet', ['invt_no', 'logistics_no', 'data:sumNo', 'bill_no']],
  ['export', 'declarationForm', ['cop_no', 'bill_no']],
];

/** bill key, party column searched with `like` (migration 013 made the orders' ebc_name one). */
export const NAME_SEARCHES: readonly (readonly [string, string])[] = [
  ['receipt', 'ebc_name'],
  ['operatorPort', 'agent_code'],
];

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const searchIndexName = (mode: string, key: string) => `bill_heads_search_${mode}_${snake(key)}`;
export const namesIndexName = (key: string, column: string) => `bill_heads_names_${snake(key)}_${column}`;

/** A column of LIST_SEARCHES as the list's whitelist reaches it (server/bills/whitelist.ts), so the index matches the term. */
const indexed = (column: string) => (column.startsWith('data:')
  ? sql`(data->>${sql.lit(column.slice('data:'.length))}) gin_trgm_ops`
  : sql`${sql.ref(column)} gin_trgm_ops`);

/** The trigram indexes of migrations 013, 031 and 032, each spanning several lists: superseded. */
const SUPERSEDED = ['bill_heads_order_no_trgm', 'bill_heads_invt_no_trgm', 'bill_heads_logistics_no_trgm', 'bill_heads_cop_no_trgm', 'bill_heads_inventory_order_no_trgm'];

/**
 * The same indexes as up() builds, for the runner to build concurrently beforehand on PostgreSQL
 * (issue 30: in the transaction they held writes to bill_heads ~4 min at 10M); up() then finds them.
 */
export async function concurrently(db: Kysely<any>): Promise<ConcurrentIndex[]> {
  const indexes: ConcurrentIndex[] = [];
  if (await trigramsAvailable(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [mode, key, columns] of LIST_SEARCHES) {
      indexes.push({ name: searchIndexName(mode, key), on: sql`bill_heads using gin (${sql.join(columns.map(indexed))})
        where bill_key = ${sql.lit(key)} and mode = ${sql.lit(mode)}` });
    }
  }
  for (const [key, column] of NAME_SEARCHES) {
    indexes.push({ name: namesIndexName(key, column), on: sql`bill_heads (company_id, mode, ${sql.ref(column)}, state, create_time)
      where bill_key = ${sql.lit(key)}` });
  }
  return indexes;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (await trigramsAvailable(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [mode, key, columns] of LIST_SEARCHES) {
      await sql`create index if not exists ${sql.id(searchIndexName(mode, key))} on bill_heads using gin (${sql.join(columns.map(indexed))})
        where bill_key = ${sql.lit(key)} and mode = ${sql.lit(mode)}`.execute(db);
    }
    for (const name of SUPERSEDED) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  for (const [key, column] of NAME_SEARCHES) {
    await sql`create index if not exists ${sql.id(namesIndexName(key, column))} on bill_heads (company_id, mode, ${sql.ref(column)}, state, create_time)
      where bill_key = ${sql.lit(key)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [key, column] of NAME_SEARCHES) await sql`drop index if exists ${sql.id(namesIndexName(key, column))}`.execute(db);
  for (const [mode, key] of LIST_SEARCHES) await sql`drop index if exists ${sql.id(searchIndexName(mode, key))}`.execute(db);
  if (await trigramsAvailable(db)) {
    await sql`create index if not exists bill_heads_order_no_trgm on bill_heads using gin (order_no gin_trgm_ops) where bill_key = 'order'`.execute(db);
    await sql`create index if not exists bill_heads_invt_no_trgm on bill_heads using gin (invt_no gin_trgm_ops) where bill_key = 'detailedList'`.execute(db);
    await sql`create index if not exists bill_heads_logistics_no_trgm on bill_heads using gin (logistics_no gin_trgm_ops)
      where bill_key in ('waybill', 'detailedList')`.execute(db);
    await sql`create index if not exists bill_heads_cop_no_trgm on bill_heads using gin (cop_no gin_trgm_ops)
      where bill_key in ('order', 'waybill', 'detailedList')`.execute(db);
    await sql`create index if not exists bill_heads_inventory_order_no_trgm on bill_heads using gin (order_no gin_trgm_ops)
      where bill_key = 'detailedList'`.execute(db);
  }
}
