/**
 * The sign record screens (签名记录, bills §3 "Other" and §7 "Sign"): the list through the list-query
 * engine, one record with its message pretty-printed, the Excel export and the query template.
 *
 * A row: {id, copNo, customsRegistCode, companyName, type, typeName, purpose, note, state,
 * stateName, returnInfo, createTime, updateTime}; the detail adds waitSignData (exact) and
 * waitSignDataPretty, signResult, certificate, messageGuid and xml (the message — signed once
 * SIGNED — pretty-printed for reading; the stored message itself is never reformatted, its
 * signature covers the whitespace).
 */
import type { Kysely } from 'kysely';
import { create } from 'xmlbuilder2';
import { statesFor } from '../../../domain/bill-states.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import { chinaCompactDay, chinaDateTime } from '../../bills/time.ts';
import type { Database } from '../../db/schema.ts';
import { newExportFile } from '../../files/store.ts';
import { BizError } from '../../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery, runPagedList, type ColumnWhitelist } from '../../query/list-query.ts';
import { initCustomsSchemas } from '../schemas.ts';
import { signTypeName } from './message-types.ts';
import { reportSignature } from './verify.ts';

// exceljs is large: loaded on the first export, not at server start.
import { loadExcel } from '../../files/excel.ts';

const c = signingText.columns;

/** API column (snake_case) → SQL; the only path from a term or a sort to SQL. */
export const signRecordWhitelist: ColumnWhitelist = {
  id: { sql: 's.id', kind: 'number' },
  cop_no: { sql: 's.cop_no', kind: 'text', label: c.copNo },
  type: { sql: 's.type', kind: 'text', label: c.typeName },
  purpose: { sql: 's.purpose', kind: 'text', label: c.purpose },
  note: { sql: 's.note', kind: 'text', label: c.note },
  state: { sql: 's.state', kind: 'text', label: c.stateName },
  return_info: { sql: 's.return_info', kind: 'text', label: c.returnInfo },
  create_time: { sql: 's.create_time', kind: 'timestamp', label: c.createTime },
  update_time: { sql: 's.update_time', kind: 'timestamp', label: c.updateTime },
};

// acc §9: sign records sort by update_time descending by default (a record signed or failed just now comes first)
const LIST_OPTIONS = { defaultSort: [{ name: 'update_time', order: 'desc' as const }], tiebreaker: 's.id' };
const EXPORT_CHUNK = 2000;
export const MAX_SIGN_EXPORT_ROWS = 100_000;

const stateNames = new Map((statesFor('EXPU', 'CbeSignState') ?? []).map((s) => [s.state, s.stateName]));

function selectRecords(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('sign_records as s')
    .innerJoin('companies as co', 'co.id', 's.company_id')
    .select([
      's.id', 's.cop_no', 's.type', 's.purpose', 's.note', 's.state', 's.return_info', 's.create_time', 's.update_time',
      'co.company_code', 'co.company_name',
    ])
    .where('s.company_id', '=', companyId);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

function toRow(r: RecordRow) {
  return {
    id: Number(r.id),
    copNo: r.cop_no,
    customsRegistCode: r.company_code,
    companyName: r.company_name,
    type: r.type,
    typeName: signTypeName(r.type),
    purpose: r.purpose,
    note: r.note,
    state: r.state,
    stateName: stateNames.get(r.state) ?? r.state,
    returnInfo: r.return_info,
    createTime: chinaDateTime(r.create_time),
    updateTime: chinaDateTime(r.update_time),
  };
}

export type SignRecordRow = ReturnType<typeof toRow>;

export async function listSignRecords(db: Kysely<Database>, companyId: number, request: unknown) {
  const compiled = compileListQuery(request, signRecordWhitelist, LIST_OPTIONS);
  const answer = await runPagedList(db, selectRecords(db, companyId), compiled, { simple: false });
  if (Array.isArray(answer)) return answer.map(toRow);
  return { total: answer.total, datas: answer.datas.map(toRow) };
}

/** XML for reading: indented, with an XML declaration only if it had one; as stored when it cannot be parsed. */
export function prettyXml(xml: string): string {
  try {
    return create(xml).end({ prettyPrint: true, indent: '  ', headless: !xml.trimStart().startsWith('<?xml') });
  } catch {
    return xml;
  }
}

export async function findSignRecord(db: Kysely<Database>, companyId: number, id: number) {
  const row = await selectRecords(db, companyId)
    // the message by its company too: a co-located join once the tables are distributed (docs/scaling.md)
    .leftJoin('customs_messages as m', (j) => j.onRef('m.id', '=', 's.message_id').onRef('m.company_id', '=', 's.company_id'))
    .select(['s.wait_sign_data', 's.sign_result', 's.certificate', 'm.guid as message_guid', 'm.xml as message_xml', 'm.status as message_status'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BizError(signingText.recordNotFound);
  // the message's 签名算法 and whether its signature verifies (the one verifier), as 查看报文 shows them
  if (row.message_xml !== null) await initCustomsSchemas();
  return {
    ...toRow(row),
    waitSignData: row.wait_sign_data,
    // the exact bytes stay in waitSignData (the signature covers them); this one is for reading
    waitSignDataPretty: prettyXml(row.wait_sign_data),
    signResult: row.sign_result,
    certificate: row.certificate,
    messageGuid: row.message_guid,
    messageStatus: row.message_status,
    xml: row.message_xml === null ? null : prettyXml(row.message_xml),
    signature: row.message_xml === null ? null : reportSignature(row.message_xml),
  };
}

const EXPORT_COLUMNS: (keyof SignRecordRow)[] = ['copNo', 'customsRegistCode', 'companyName', 'typeName', 'purpose', 'stateName', 'returnInfo', 'note', 'createTime', 'updateTime'];

/** exportData: every record the list request matches (its paging ignored), as an .xlsx download. */
export async function exportSignRecords(db: Kysely<Database>, companyId: number, request: unknown, dataDir: string, now = new Date()) {
  const req = typeof request === 'object' && request !== null ? request : {};
  const compiled = compileListQuery({ ...req, pageIndex: 0, pageSize: EXPORT_CHUNK }, signRecordWhitelist, { ...LIST_OPTIONS, maxPageSize: EXPORT_CHUNK });
  const file = await newExportFile(dataDir, `${signingText.listLabel}_${chinaCompactDay(now)}.xlsx`);
  const excel = await loadExcel();
  const book = new excel.stream.xlsx.WorkbookWriter({ filename: file.path, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(signingText.listLabel);
  sheet.columns = EXPORT_COLUMNS.map((k) => ({ header: c[k as keyof typeof c], key: k, width: k === 'purpose' || k === 'returnInfo' || k === 'companyName' ? 36 : 20 }));
  const query = applySorts(applyTerms(selectRecords(db, companyId), compiled), compiled);
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const rows = await applyPaging(query, { ...compiled, offset, pageSize: EXPORT_CHUNK }).execute();
    if (offset + rows.length > MAX_SIGN_EXPORT_ROWS) {
      await book.commit().catch(() => undefined);
      throw new BizError(signingText.exportTooLarge(MAX_SIGN_EXPORT_ROWS));
    }
    for (const r of rows) {
      const row = toRow(r);
      sheet.addRow(EXPORT_COLUMNS.map((k) => row[k] ?? null)).commit();
    }
    if (rows.length < EXPORT_CHUNK) break;
  }
  sheet.commit();
  await book.commit();
  return { downloadUri: file.downloadUri };
}

/** downloadQueryTemplate: the 企业内部编号 column to fill for a batch query (an `in` term on cop_no). */
export async function signQueryTemplate(dataDir: string) {
  const label = c.copNo;
  const file = await newExportFile(dataDir, `${signingText.templateFileName}.xlsx`);
  const excel = await loadExcel();
  const book = new excel.stream.xlsx.WorkbookWriter({ filename: file.path, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(signingText.templateSheet);
  sheet.columns = [{ width: 30 }, { width: 70 }];
  const header = sheet.addRow([label, '']);
  header.getCell(1).font = { bold: true };
  header.commit();
  sheet.addRow(['', signingText.templateNote(label)]).commit();
  sheet.commit();
  await book.commit();
  return { downloadUri: file.downloadUri };
}
