/**
 * Reward applications (accounts §2, §4, §5, §7): the list (/subsidy/list), the detail, the company
 * picker, the application itself (/subsidy/apply; a refusal answers code -1000 with the message,
 * which the page shows in an alert titled 错误提示) and the list export. A new application waits
 * for customs' verification (machines/reward.ts).
 */
import { sql } from 'kysely';
import { applyTypeOf, companyTypes } from '../../domain/rewards/apply-types.ts';
import { NO_IMPORT } from '../../domain/rewards/bill-import.ts';
import { parseLocalDateTime } from '../../domain/query.ts';
import { rewardText as t } from '../../domain/texts/rewards.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { newExportFile } from '../files/store.ts';
import { BizError } from '../http/errors.ts';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery, type ColumnWhitelist } from '../query/list-query.ts';
import { chinaCompactDay } from '../bills/time.ts';
import { writeSheet } from './excel.ts';
import { subsidyVo, type SubsidyRow } from './records.ts';

const whitelist: ColumnWhitelist = {
  id: { sql: 's.id', kind: 'number' },
  apply_time: { sql: 's.apply_time', kind: 'timestamp', label: '申请时间' },
  apply_type: { sql: 's.apply_type', kind: 'text', label: '申请类型' },
  company_type: { sql: 's.company_type', kind: 'text' },
  state: { sql: 's.state', kind: 'text', label: '状态' },
  ck_start_time: { sql: 's.ck_start_time', kind: 'date', label: '核验开始日期' },
  ck_end_time: { sql: 's.ck_end_time', kind: 'date', label: '核验结束日期' },
  note: { sql: 's.note', kind: 'text', label: '备注' },
};
const listOptions = { defaultSort: [{ name: 'apply_time', order: 'desc' as const }], tiebreaker: 's.id' };

export async function listSubsidies(db: Db, user: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, whitelist, listOptions);
  const base = applyTerms(db.selectFrom('subsidies as s').where('s.company_id', '=', user.companyId), compiled);
  const [rows, count] = await Promise.all([
    applyPaging(applySorts(base.selectAll('s'), compiled), compiled).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), datas: rows.map((r) => subsidyVo(r as SubsidyRow)) };
}

export async function subsidyDetail(db: Db, user: AuthUser, id: unknown) {
  const row = Number.isSafeInteger(Number(id))
    ? await db.selectFrom('subsidies').selectAll().where('id', '=', Number(id)).where('company_id', '=', user.companyId).executeTakeFirst()
    : undefined;
  if (!row) throw new BizError(t.notFound);
  const [companies, bills] = await Promise.all([
    db.selectFrom('subsidy_companies').select(['rec_company_code', 'rec_company_name']).where('subsidy_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('subsidy_bills').select(sql<number>`count(*)::int`.as('n')).where('subsidy_id', '=', row.id).executeTakeFirstOrThrow(),
  ]);
  return {
    ...subsidyVo(row),
    recCompanyList: companies.map((c) => ({ recCompanyCode: c.rec_company_code, recCompanyName: c.rec_company_name })),
    billCount: Number(bills.n),
  };
}

/** The caller's company (the application's applicant, shown on the form). */
export const ownCompany = (user: AuthUser) => ({ companyName: user.companyName, companyCode: user.companyCode });

/** Filed companies to bind, by name. */
export async function bindableCompanies(db: Db, name: unknown) {
  const text = typeof name === 'string' ? name.trim() : '';
  let q = db.selectFrom('companies').select(['company_code', 'company_name']).where('company_code', 'is not', null);
  if (text) q = q.where('company_name', 'ilike', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return (await q.orderBy('company_name').limit(50).execute()).map((c) => ({ recCompanyCode: c.company_code!, recCompanyName: c.company_name }));
}

export interface ApplyInput {
  applyType?: unknown; companyType?: unknown; ckStartTime?: unknown; ckEndTime?: unknown; note?: unknown;
  recCompanyList?: unknown; importNo?: unknown;
}

/** A refusal the page shows in its 错误提示 alert (§8: code -1000, whole body returned). */
const refuse = (message: string) => new BizError(message, EnvelopeCode.wholeBody);

export async function applySubsidy(db: Db, user: AuthUser, input: ApplyInput) {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const applyType = text(input.applyType);
  const companyType = text(input.companyType);
  const start = text(input.ckStartTime).slice(0, 10);
  const end = text(input.ckEndTime).slice(0, 10);
  if (!applyType || !companyType || !start || !end) throw refuse(t.incomplete);
  if (!applyTypeOf(applyType)) throw refuse(t.badApplyType);
  if (!companyTypes.some((c) => c.value === companyType)) throw refuse(t.badCompanyType);
  if (!parseLocalDateTime(start) || !parseLocalDateTime(end)) throw refuse(t.incomplete);
  if (start > end) throw refuse(t.badDateRange);
  const list = Array.isArray(input.recCompanyList) ? input.recCompanyList as { recCompanyCode?: unknown }[] : [];
  const codes = [...new Set(list.map((c) => text(c?.recCompanyCode)).filter(Boolean))];
  if (codes.length === 0) throw refuse(t.chooseBound);
  if (codes.length > 200) throw refuse(t.chooseBound);
  const note = text(input.note);
  if (note.length > 255) throw refuse(`${t.note}长度不能超过255个字符`);
  const importNo = input.importNo === undefined || input.importNo === null || input.importNo === '' ? NO_IMPORT : Number(input.importNo);
  if (!Number.isSafeInteger(importNo)) throw refuse(t.importNotFound);
  return db.transaction().execute(async (trx) => {
    const companies = await trx.selectFrom('companies').select(['company_code', 'company_name']).where('company_code', 'in', codes).execute();
    if (companies.length !== codes.length) throw refuse(t.chooseBound);
    if (importNo !== NO_IMPORT) {
      const rows = await trx.selectFrom('subsidy_bills').select('id').where('company_id', '=', user.companyId).where('import_no', '=', importNo)
        .where('subsidy_id', 'is', null).limit(1).forUpdate().execute();
      if (rows.length === 0) throw refuse(t.importNotFound);
    }
    const row = await trx.insertInto('subsidies').values({
      company_id: user.companyId, company_name: user.companyName, apply_type: applyType, company_type: companyType,
      ck_start_time: start, ck_end_time: end, note: note || null, import_no: importNo, state: 'wait_audit',
    }).returningAll().executeTakeFirstOrThrow();
    await trx.insertInto('subsidy_companies').values(companies.map((c) => ({ subsidy_id: row.id, rec_company_code: c.company_code!, rec_company_name: c.company_name }))).execute();
    if (importNo !== NO_IMPORT) {
      await trx.updateTable('subsidy_bills').set({ subsidy_id: row.id }).where('company_id', '=', user.companyId).where('import_no', '=', importNo)
        .where('subsidy_id', 'is', null).execute();
    }
    return subsidyVo(row);
  });
}

export async function exportSubsidies(db: Db, dataDir: string, user: AuthUser, request: unknown): Promise<{ downloadUri: string }> {
  const req = typeof request === 'object' && request !== null ? request : {};
  const compiled = compileListQuery({ ...req, pageIndex: 0, pageSize: 1 }, whitelist, listOptions);
  const rows = await applySorts(applyTerms(db.selectFrom('subsidies as s').where('s.company_id', '=', user.companyId), compiled).selectAll('s'), compiled)
    .limit(100_000).execute();
  const file = await newExportFile(dataDir, `补贴申请_${chinaCompactDay(new Date())}.xlsx`);
  const columns = [
    { header: '申请时间', key: 'applyTime' }, { header: '申请类型', key: 'applyTypeName', width: 30 }, { header: '核验日期', key: 'ckTime', width: 26 },
    { header: '备注', key: 'note', width: 30 }, { header: '状态', key: 'stateName' },
  ];
  await writeSheet(file.path, '补贴申请', columns, rows.map((r) => subsidyVo(r as SubsidyRow)));
  return { downloadUri: file.downloadUri };
}
