/**
 * Verifying a reward application against the company's bills (customs' side, when the review
 * finishes) and reading the result (/subsidy/result/{applyType}/list and export). The rows follow
 * the apply type's shape (accounts §3): per main waybill for the parcel modes (分运单数 = how many
 * inventories carry it), per inventory otherwise. Inventories count when customs released them
 * (800/899), of the type's direction and trade modes (I7: road transport, trafMode 4), declared
 * within the check dates (China days); with an imported bill list, only those waybills, each shown
 * even when no inventory carries it.
 */
import { sql, type RawBuilder } from 'kysely';
import { applyTypeOf, columnsOf, resultColumns } from '../../domain/rewards/apply-types.ts';
import { RELEASED_STATES } from '../../domain/settlement/states.ts';
import { rewardText as t } from '../../domain/texts/rewards.ts';
import { rewardCheckable } from '../../machines/reward.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { newExportFile } from '../files/store.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery } from '../query/list-query.ts';
import { chinaCompactDay } from '../bills/time.ts';
import { writeSheet } from './excel.ts';
import { day, type SubsidyRow } from './records.ts';

/** A verification never writes more rows than a person can page through or export. */
export const MAX_RESULT_ROWS = 100_000;

const fmtTime = (col: RawBuilder<unknown>) => sql`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const norm = (col: RawBuilder<unknown>) => sql`replace(${col}, '-', '')`;

export async function writeResults(trx: Db, s: SubsidyRow): Promise<number> {
  const type = applyTypeOf(s.apply_type);
  if (!type) return 0;
  const start = day(s.ck_start_time);
  const end = day(s.ck_end_time);
  const hasBills = (await trx.selectFrom('subsidy_bills').select('id').where('subsidy_id', '=', s.id).limit(1).execute()).length > 0;
  const filters = sql.join([
    sql`h.company_id = ${s.company_id}`, sql`h.bill_key = 'detailedList'`, sql`h.mode = ${type.mode}`,
    sql`h.state in (${sql.join(RELEASED_STATES)})`,
    sql`h.app_time >= (${start}::date::timestamp at time zone 'Asia/Shanghai')`,
    sql`h.app_time < ((${end}::date + 1)::timestamp at time zone 'Asia/Shanghai')`,
    type.tradeModes.length ? sql`h.trade_mode in (${sql.join(type.tradeModes)})` : sql`true`,
    type.rows === 'road' ? sql`h.data->>'trafMode' = '4'` : sql`true`,
  ], sql` and `);
  const inv = sql`select h.*, ${norm(sql`h.bill_no`)} as nb from bill_heads h where ${filters}`;
  const bills = sql`select bill_no, take_time, ${norm(sql`bill_no`)} as nb from subsidy_bills where subsidy_id = ${s.id}`;
  const weight = sql`cbec_stat_num(i.data->>'grossWeight')`;
  let select: RawBuilder<unknown>;
  if (type.rows === 'parcel') {
    select = hasBills
      ? sql`select jsonb_build_object('appTime', ${fmtTime(sql`min(i.app_time)`)}, 'takeTime', max(b.take_time), 'billNo', b.bill_no,
            'subclNum', count(i.id), 'grossWeight', round(coalesce(sum(${weight}), 0), 5)) as data, min(b.nb) as k
          from (${bills}) b left join (${inv}) i on i.nb = b.nb group by b.bill_no`
      : sql`select jsonb_build_object('appTime', ${fmtTime(sql`min(i.app_time)`)}, 'takeTime', null, 'billNo', i.bill_no,
            'subclNum', count(*), 'grossWeight', round(coalesce(sum(${weight}), 0), 5)) as data, i.bill_no as k
          from (${inv}) i where i.bill_no is not null group by i.bill_no`;
  } else {
    const join = hasBills ? sql`join (${bills}) b on b.nb = i.nb` : sql`left join (select null::text as take_time) b on true`;
    const common = sql`'appTime', ${fmtTime(sql`i.app_time`)}, 'takeTime', b.take_time, 'grossWeight', round(${weight}, 5)`;
    const extra = type.rows === 'bonded'
      ? sql`'voyNo', i.data->>'voyageNo', 'declNo', i.invt_no`
      : type.rows === 'road'
        ? sql`'billNo', i.bill_no, 'voyNo', i.data->>'voyageNo', 'roadNo', i.data->>'trafNo', 'notes', i.data->>'note'`
        : sql`'billNo', i.bill_no, 'declNo', i.invt_no, 'notes', i.data->>'note'`;
    select = sql`select jsonb_build_object(${common}, ${extra}) as data, lpad(i.id::text, 20, '0') as k from (${inv}) i ${join}`;
  }
  const inserted = await sql`insert into subsidy_results (subsidy_id, row_no, data)
    select ${s.id}, row_number() over (order by r.data->>'appTime' nulls last, r.k), r.data
    from (${select}) r order by r.data->>'appTime' nulls last, r.k limit ${MAX_RESULT_ROWS}`.execute(trx);
  return Number(inserted.numAffectedRows ?? 0);
}

/** The application a result call names (terms subsidy_id eq), verified and of this apply type. */
async function verified(db: Db, user: AuthUser, applyType: string, request: unknown): Promise<SubsidyRow> {
  const terms = ((request as { terms?: unknown[] } | null)?.terms ?? []) as { column?: string; value?: unknown }[];
  const id = Number(terms.find((x) => x?.column === 'subsidy_id')?.value ?? (request as { id?: unknown } | null)?.id);
  const row = Number.isSafeInteger(id)
    ? await db.selectFrom('subsidies').selectAll().where('id', '=', id).where('company_id', '=', user.companyId).executeTakeFirst()
    : undefined;
  if (!row || row.apply_type !== applyType) throw new BizError(t.notFound);
  if (!rewardCheckable(row.state)) throw new BizError(t.notVerified);
  return row;
}

export async function listResults(db: Db, user: AuthUser, applyType: string, request: unknown) {
  const row = await verified(db, user, applyType, request);
  const compiled = compileListQuery({ pageIndex: (request as { pageIndex?: unknown })?.pageIndex, pageSize: (request as { pageSize?: unknown })?.pageSize },
    { row_no: { sql: 'row_no', kind: 'number' } }, { defaultSort: [{ name: 'row_no', order: 'asc' }], defaultPageSize: 10 });
  const [rows, count] = await Promise.all([
    db.selectFrom('subsidy_results').select('data').where('subsidy_id', '=', row.id).orderBy('row_no').limit(compiled.pageSize).offset(compiled.offset).execute(),
    db.selectFrom('subsidy_results').select(sql<number>`count(*)::int`.as('n')).where('subsidy_id', '=', row.id).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), columns: columnsOf(applyType), datas: rows.map((r) => r.data) };
}

export async function exportResults(db: Db, dataDir: string, user: AuthUser, applyType: string, request: unknown): Promise<{ downloadUri: string }> {
  const row = await verified(db, user, applyType, request);
  const columns = resultColumns[applyTypeOf(applyType)!.rows];
  const file = await newExportFile(dataDir, `补贴核验结果_${row.id}_${chinaCompactDay(new Date())}.xlsx`);
  const data = await db.selectFrom('subsidy_results').select('data').where('subsidy_id', '=', row.id).orderBy('row_no').execute();
  await writeSheet(file.path, '核验结果', columns.map((c) => ({ header: c.label, key: c.field })), data.map((r) => r.data));
  return { downloadUri: file.downloadUri };
}
