/**
 * The bill-number import of reward applications (accounts §5, §7, §9): the template
 * (/subsidy/downloadTemplate), the import of one uploaded Excel file (/subsidy/bill/import
 * {filePath} → import number; at most 20,000 rows, main waybill numbers only, all or nothing),
 * the imported rows (/subsidy/bill/list), and deleting one row or a whole import before the
 * application takes them.
 */
import { sql } from 'kysely';
import { checkImportRows, importColumns, MAX_IMPORT_ROWS, type Cell } from '../../domain/rewards/bill-import.ts';
import { rewardText as t } from '../../domain/texts/rewards.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { writeExportFile } from '../files/store.ts';
import { resolveUpload } from '../files/uploads.ts';
import { readSheetOrRefuse } from '../files/xlsx-read.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, applyTerms, applySorts, applyPaging, type ColumnWhitelist } from '../query/list-query.ts';
import { billVo } from './records.ts';
import { cellValue, loadExcel } from './excel.ts';

export async function rewardTemplate(dataDir: string): Promise<{ downloadUri: string }> {
  return writeExportFile(dataDir, '补贴提单号导入模板.xlsx', async (path) => {
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
    const sheet = book.addWorksheet(t.templateSheet);
    sheet.columns = importColumns.map((c) => ({ header: c.label, key: c.field, width: 20 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    sheet.commit();
    // how to fill it sits on its own sheet, never among the rows that are read
    const note = book.addWorksheet('说明');
    note.addRow([t.templateNote]).commit();
    note.commit();
    await book.commit();
  });
}

/** The uploaded file's uri: exactly one, and an Excel file (§5). */
function oneExcelUri(filePath: unknown): string {
  const list = Array.isArray(filePath) ? filePath : filePath === undefined || filePath === null || filePath === '' ? [] : [filePath];
  if (list.length !== 1) throw new BizError(list.length > 1 ? t.oneFile : t.emptyFile);
  const uri = String(list[0]);
  if (!/\.xlsx?$/i.test(uri)) throw new BizError(t.excelOnly);
  return uri;
}

/** The rows of the first sheet under the template's header; more than 20,000 stops the reading. */
async function readRows(path: string): Promise<{ rowNo: number; cells: Cell[] }[]> {
  // the header and MAX_IMPORT_ROWS rows at most: a longer sheet is refused without the rest being read
  const sheet = await readSheetOrRefuse(path, { columns: importColumns.length, maxRows: MAX_IMPORT_ROWS + 1 }, t.badTemplate);
  if (sheet?.truncated) throw new BizError(t.tooManyRows(MAX_IMPORT_ROWS));
  const rows: { rowNo: number; cells: Cell[] }[] = [];
  let header: Cell[] | null = null;
  for (const row of sheet?.rows ?? []) {
    const cells = importColumns.map((_, i) => cellValue(row.cells[i] ?? null));
    if (header === null) {
      header = cells;
      if (String(header[0] ?? '') !== importColumns[0].label) throw new BizError(t.badTemplate);
      continue;
    }
    if (cells.every((c) => c === null || c === '')) continue;
    if (rows.length === MAX_IMPORT_ROWS) throw new BizError(t.tooManyRows(MAX_IMPORT_ROWS));
    rows.push({ rowNo: row.n, cells });
  }
  if (rows.length === 0) throw new BizError(t.emptyFile);
  return rows;
}

export async function importRewardBills(db: Db, dataDir: string, user: AuthUser, filePath: unknown): Promise<{ importNo: number; total: number }> {
  const path = await resolveUpload(db, dataDir, user.companyId, oneExcelUri(filePath));
  const rows = await readRows(path);
  const { bills, problems } = checkImportRows(rows);
  if (problems.length > 0) throw BizError.fields(problems[0]!, problems.map((message) => ({ field: 'billNo', message })));
  return db.transaction().execute(async (trx) => {
    const { n } = (await sql<{ n: number }>`select nextval('subsidy_import_no')::int as n`.execute(trx)).rows[0]!;
    // one statement of column arrays: 20,000 rows without 160,000 bind parameters
    const col = <K extends keyof (typeof bills)[number]>(k: K) => bills.map((b) => b[k]);
    await sql`insert into subsidy_bills (company_id, import_no, row_no, bill_no, pay_company_name, rec_company_name, take_time, flight_no, flight_date, gross_weight)
      select ${user.companyId}, ${n}, r.* from unnest(${col('rowNo')}::int[], ${col('billNo')}::text[], ${col('payCompanyName')}::text[], ${col('recCompanyName')}::text[],
        ${col('takeTime')}::text[], ${col('flightNo')}::text[], ${col('flightDate')}::text[], ${col('grossWeight')}::numeric[]) as r`.execute(trx);
    return { importNo: n, total: bills.length };
  });
}

const whitelist: ColumnWhitelist = {
  subsidy_id: { sql: 'b.subsidy_id', kind: 'number' },
  import_no: { sql: 'b.import_no', kind: 'number' },
  bill_no: { sql: 'b.bill_no', kind: 'text', label: '提单号' },
  row_no: { sql: 'b.row_no', kind: 'number' },
};

export async function listRewardBills(db: Db, user: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, whitelist, { defaultSort: [{ name: 'row_no', order: 'asc' }], defaultPageSize: 10, tiebreaker: 'b.id' });
  // an application's rows, or an import not yet taken: never everything the company ever imported
  if (!compiled.groups.some((g) => g.some((c) => c.column === 'subsidy_id' || c.column === 'import_no'))) return { total: 0, datas: [] };
  const base = applyTerms(db.selectFrom('subsidy_bills as b').where('b.company_id', '=', user.companyId), compiled);
  const [rows, count] = await Promise.all([
    applyPaging(applySorts(base.selectAll('b'), compiled), compiled).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), datas: rows.map((r) => billVo(r as never)) };
}

export async function deleteRewardBill(db: Db, user: AuthUser, id: unknown): Promise<void> {
  const r = await db.deleteFrom('subsidy_bills').where('id', '=', Number(id)).where('company_id', '=', user.companyId).where('subsidy_id', 'is', null).executeTakeFirst();
  if (!Number.isSafeInteger(Number(id)) || Number(r.numDeletedRows) === 0) throw new BizError(t.billNotFound);
}

/** deleteAll {id}: every row of one import (id = the import number) not yet taken by an application. */
export async function deleteRewardImport(db: Db, user: AuthUser, importNo: unknown): Promise<void> {
  const r = await db.deleteFrom('subsidy_bills').where('import_no', '=', Number(importNo)).where('company_id', '=', user.companyId).where('subsidy_id', 'is', null).executeTakeFirst();
  if (!Number.isSafeInteger(Number(importNo)) || Number(r.numDeletedRows) === 0) throw new BizError(t.importNotFound);
}
