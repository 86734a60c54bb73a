/**
 * The statistics summary kept by triggers (migration 008). What counts: an inventory (bill_key
 * detailedList, either mode) customs released — state 800 放行 or 899 结关. Its day is its ieDate
 * (进出口日期), else the China day of its declaration (app_time). Goods value is the sum of its lines'
 * totalPrice (import inventories are in CNY by the XSD; export ones in their declared currency,
 * which the console defaults to 142). Gross weight is the head's grossWeight (KG). The in-zone
 * company is areaCode on import inventories and iacCode on export ones (§7).
 *
 *   bill_heads / bill_lines ──(triggers)──> statistics_bills (one row per counted inventory)
 *     ──(trigger, deltas)──> statistics_daily (sums per day, port, mode and company code, one set of
 *                            rows per tab: dim ebc, ebp, zone)
 *
 * A bad stored value (a date or number that does not parse) never fails the bill's own write:
 * it counts as 0 / the declaration day; the sums are unconstrained numerics, so no value overflows.
 */
import { sql, type Kysely } from 'kysely';
import { RELEASED_STATES } from '../../domain/settlement/states.ts';

const counted = RELEASED_STATES.map((s) => `'${s}'`).join(', ');

const billRow = (h: string) => `
  ${h}.id, ${h}.company_id, ${h}.mode, cbec_stat_date(${h}.data->>'ieDate', ${h}.app_time),
  coalesce(${h}.trade_mode, ''), coalesce(${h}.customs_code, ''),
  coalesce(${h}.ebc_code, ''), coalesce(${h}.ebc_name, ''), coalesce(${h}.ebp_code, ''), coalesce(${h}.ebp_name, ''),
  coalesce(case when ${h}.mode = 'import' then ${h}.data->>'areaCode' else ${h}.data->>'iacCode' end, ''),
  left(coalesce(case when ${h}.mode = 'import' then ${h}.data->>'areaName' else ${h}.data->>'iacName' end, ''), 100)`;

const keys = ['company_id', 'mode', 'dim', 'ie_date', 'trade_mode', 'customs_code', 'code'];
/** the three rows (one per tab) a counted inventory adds to */
const dims = (r: string) => `(values ('ebc', ${r}.ebc_code, ${r}.ebc_name), ('ebp', ${r}.ebp_code, ${r}.ebp_name), ('zone', ${r}.zone_code, ${r}.zone_name)) v(dim, code, name)`;

/**
 * How the functions reach an inventory's lines: by (company_id, head_id) since migration 031 gave
 * the lines their company (through the index that leads with it); by head_id alone before it
 * (what migration 031's down restores).
 */
const linesOf = (byCompany: boolean, company: string, head: string) =>
  byCompany ? `l.company_id = ${company} and l.head_id = ${head}` : `l.head_id = ${head}`;

/** The summary's functions and triggers; `byCompany` false only for migration 031's down. */
export const statisticsFunctions = (byCompany: boolean): readonly string[] => [
  // plain SQL (inlined by the planner, no subtransaction per call as an EXCEPTION block would cost)
  `create or replace function cbec_stat_num(v text) returns numeric language sql immutable as $$
   select case when v ~ '^\\s*[-+]?(\\d{1,30}(\\.\\d*)?|\\.\\d+)\\s*$' then round(trim(v)::numeric, 5) else 0 end $$`,
  // a day the calendar has (2026-02-30 is not), else the China day of the fallback time
  `create or replace function cbec_stat_date(v text, fallback timestamptz) returns date language sql stable as $$
   select case
     when v ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])' and left(v, 4) <> '0000'
       and (left(v, 7) || '-01')::date + (substr(v, 9, 2)::int - 1) < (left(v, 7) || '-01')::date + interval '1 month'
     then left(v, 10)::date
     else (coalesce(fallback, now()) at time zone 'Asia/Shanghai')::date end $$`,
  // an inventory written: its row in statistics_bills follows (or leaves when it no longer counts)
  `create or replace function cbec_statistics_bill() returns trigger language plpgsql as $$
   begin
     if NEW.state in (${counted}) then
       insert into statistics_bills (bill_id, company_id, mode, ie_date, trade_mode, customs_code, ebc_code, ebc_name, ebp_code, ebp_name, zone_code, zone_name, goods_value, gross_weight)
       select ${billRow('NEW')},
         (select coalesce(sum(cbec_stat_num(l.data->>'totalPrice')), 0) from bill_lines l where ${linesOf(byCompany, 'NEW.company_id', 'NEW.id')}),
         cbec_stat_num(NEW.data->>'grossWeight')
       on conflict (bill_id) do update set
         company_id = excluded.company_id, mode = excluded.mode, ie_date = excluded.ie_date, trade_mode = excluded.trade_mode,
         customs_code = excluded.customs_code, ebc_code = excluded.ebc_code, ebc_name = excluded.ebc_name, ebp_code = excluded.ebp_code,
         ebp_name = excluded.ebp_name, zone_code = excluded.zone_code, zone_name = excluded.zone_name,
         goods_value = excluded.goods_value, gross_weight = excluded.gross_weight
       where (statistics_bills.*) is distinct from (excluded.*);
     elsif TG_OP = 'UPDATE' and OLD.state in (${counted}) then
       delete from statistics_bills where bill_id = NEW.id;
     end if;
     return null;
   end $$`,
  // lines written: the goods value of a counted inventory follows (one call per statement)
  `create or replace function cbec_statistics_lines() returns trigger language plpgsql as $$
   begin
     update statistics_bills s set goods_value = (select coalesce(sum(cbec_stat_num(l.data->>'totalPrice')), 0) from bill_lines l where ${linesOf(byCompany, 's.company_id', 's.bill_id')})
     where ${byCompany ? '(s.company_id, s.bill_id) in (select company_id, head_id from changed_lines)' : 's.bill_id in (select head_id from changed_lines)'};
     return null;
   end $$`,
  // statistics_bills changed: the daily sums of each tab take the difference
  `create or replace function cbec_statistics_daily() returns trigger language plpgsql as $$
   begin
     if TG_OP in ('UPDATE', 'DELETE') then
       update statistics_daily d set bills = d.bills - 1, goods_value = d.goods_value - OLD.goods_value, gross_weight = d.gross_weight - OLD.gross_weight
       from ${dims('OLD')}
       where d.company_id = OLD.company_id and d.mode = OLD.mode and d.dim = v.dim and d.ie_date = OLD.ie_date
         and d.trade_mode = OLD.trade_mode and d.customs_code = OLD.customs_code and d.code = v.code;
     end if;
     if TG_OP in ('UPDATE', 'INSERT') then
       insert into statistics_daily (${keys.join(', ')}, name, bills, goods_value, gross_weight)
       select NEW.company_id, NEW.mode, v.dim, NEW.ie_date, NEW.trade_mode, NEW.customs_code, v.code, v.name, 1, NEW.goods_value, NEW.gross_weight
       from ${dims('NEW')}
       on conflict (${keys.join(', ')}) do update set bills = statistics_daily.bills + 1,
         goods_value = statistics_daily.goods_value + excluded.goods_value, gross_weight = statistics_daily.gross_weight + excluded.gross_weight,
         name = excluded.name;
     end if;
     return null;
   end $$`,
  `drop trigger if exists bill_heads_statistics on bill_heads`,
  `create trigger bill_heads_statistics after insert or update of state, data, company_id, mode, trade_mode, customs_code, ebc_code, ebc_name, ebp_code, ebp_name, app_time
   on bill_heads for each row when (NEW.bill_key = 'detailedList') execute function cbec_statistics_bill()`,
  `drop trigger if exists bill_lines_statistics_insert on bill_lines`,
  `create trigger bill_lines_statistics_insert after insert on bill_lines referencing new table as changed_lines for each statement execute function cbec_statistics_lines()`,
  `drop trigger if exists bill_lines_statistics_update on bill_lines`,
  `create trigger bill_lines_statistics_update after update on bill_lines referencing new table as changed_lines for each statement execute function cbec_statistics_lines()`,
  `drop trigger if exists bill_lines_statistics_delete on bill_lines`,
  `create trigger bill_lines_statistics_delete after delete on bill_lines referencing old table as changed_lines for each statement execute function cbec_statistics_lines()`,
  `drop trigger if exists statistics_bills_daily on statistics_bills`,
  `create trigger statistics_bills_daily after insert or update or delete on statistics_bills for each row execute function cbec_statistics_daily()`,
];

export const STATISTICS_FUNCTIONS: readonly string[] = statisticsFunctions(true);

/**
 * Recomputes both tables from the bills in one pass (the migration, and a bulk load that ran with
 * triggers off). Holds the tables' locks for its transaction. The goods values are one grouped pass
 * over the lines joined by head id (a hash join, not a look-up per inventory); it names no
 * company_id of the lines, so migration 008 runs it before migration 031 gave the lines one.
 */
export async function rebuildStatistics(db: Kysely<any>): Promise<void> {
  // the migrator already runs in a transaction
  const run = <T>(work: (trx: Kysely<any>) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await run(async (trx) => {
    await sql`alter table statistics_bills disable trigger statistics_bills_daily`.execute(trx);
    await sql`delete from statistics_daily`.execute(trx);
    await sql`delete from statistics_bills`.execute(trx);
    await sql.raw(`insert into statistics_bills (bill_id, company_id, mode, ie_date, trade_mode, customs_code, ebc_code, ebc_name, ebp_code, ebp_name, zone_code, zone_name, goods_value, gross_weight)
      select ${billRow('h')}, coalesce(g.value, 0), cbec_stat_num(h.data->>'grossWeight')
      from bill_heads h
      left join (select head_id, sum(cbec_stat_num(data->>'totalPrice')) as value from bill_lines group by head_id) g on g.head_id = h.id
      where h.bill_key = 'detailedList' and h.state in (${counted})`).execute(trx);
    await sql.raw(`insert into statistics_daily (${keys.join(', ')}, name, bills, goods_value, gross_weight)
      select b.company_id, b.mode, v.dim, b.ie_date, b.trade_mode, b.customs_code, v.code, max(v.name), count(*), sum(b.goods_value), sum(b.gross_weight)
      from statistics_bills b cross join lateral ${dims('b')}
      group by b.company_id, b.mode, v.dim, b.ie_date, b.trade_mode, b.customs_code, v.code`).execute(trx);
    await sql`alter table statistics_bills enable trigger statistics_bills_daily`.execute(trx);
  });
}
