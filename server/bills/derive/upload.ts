/**
 * Bills made from an uploaded data template (definition.upload; 运抵单, 理货明细单: 下载数据模板 /
 * uploadTemplate {filePath}, bills §7). The template has one column per field, headed by its
 * label; rows with the same title field value are one bill (its head from the first such row, one
 * line per row). The file is read whole (server/files/xlsx-read.ts, never exceljs' streaming
 * reader, which loses zip entries), every bill is checked as for declaring — the pages cannot edit
 * them — and all are saved as drafts in one transaction, or none: a wrong template, an empty file
 * or any bad row refuses the upload. A refusal names each bad row as Excel numbers it, its column
 * (the header) and the problem, in data.rows ({row, column, message}), the first ten in the message.
 * The template has the header row, a 说明 sheet (what each column takes) and a 填写示例 sheet with
 * the definition's sample rows.
 */
import type { UploadDef, UploadRowError } from '../../../domain/bills/action-words.ts';
import { dictionaryItems } from '../../../domain/dictionaries.ts';
import { EnvelopeCode } from '../../../domain/envelope.ts';
import type { FieldDef } from '../../../domain/bills/types.ts';
import { validateBill, type ValidatedBill } from '../../../domain/bills/validation.ts';
import { billActionServerText, billServerText, billText } from '../../../domain/texts/bills.ts';
import { claimUnmatchedReceipts } from '../../customs/receipts/claim.ts';
import { BizError } from '../../http/errors.ts';
import { writeExportFile } from '../../files/store.ts';
import { readSheetOrRefuse, type SheetCell } from '../../files/xlsx-read.ts';
import type { BillCall } from '../call.ts';
import { withDefaults } from '../defaults.ts';
import { initialState } from '../lifecycle.ts';
import { findDuplicate, insertHead, replaceLines, uniqueLock } from '../repository.ts';
import { toStorage, type Value, type Values } from '../values.ts';

import { loadExcel } from '../../files/excel.ts';

/** The template's columns: the head fields, then the line fields. */
function columnsOf(call: BillCall): { upload: UploadDef; fields: FieldDef[]; headCount: number } {
  const { def } = call.model;
  const upload = def.upload;
  if (!upload) throw new Error(`${def.mode}/${def.key}: no upload word`);
  const field = (list: readonly FieldDef[] | undefined, name: string) => {
    const f = list?.find((x) => x.name === name);
    if (!f) throw new Error(`${def.mode}/${def.key}: upload names unknown field ${name}`);
    return f;
  };
  const head = upload.head.map((n) => field(def.head, n));
  const lines = (upload.lines ?? []).map((n) => field(def.lines?.fields, n));
  return { upload, fields: [...head, ...lines], headCount: head.length };
}

const mandatory = (f: FieldDef) => f.required === true || f.requiredToDeclare === true;

/** downloadUploadTemplate: the header row of labels, a sheet saying what each column takes, and the sample rows. */
export async function uploadTemplate(call: BillCall, dataDir: string): Promise<{ downloadUri: string }> {
  const { upload, fields } = columnsOf(call);
  const text = billActionServerText;
  return writeExportFile(dataDir, `${text.templateFileName(call.model.def.label)}.xlsx`, async (path) => {
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
    const widths = fields.map((f) => ({ width: Math.max(14, f.label.length * 3) }));
    const headed = (name: string) => {
      const sheet = book.addWorksheet(name);
      sheet.columns = widths;
      const header = sheet.addRow(fields.map((f) => f.label));
      header.font = { bold: true };
      header.commit();
      return sheet;
    };
    headed(text.templateSheet).commit();
    const notes = book.addWorksheet(text.templateNotesSheet);
    notes.columns = [{ width: 24 }, { width: 10 }, { width: 14 }, { width: 60 }];
    notes.addRow([...text.templateNotesHeader, text.templateNote]).commit();
    for (const f of fields) notes.addRow([f.label, mandatory(f) ? text.templateRequired : text.templateOptional, f.maxLength ?? '', f.codeTable ? text.templateCodeHint(f.codeTable, dictionaryItems(f.codeTable) ?? []) : '']).commit();
    notes.commit();
    const sample = headed(text.templateSampleSheet);
    for (const row of upload.sample) sample.addRow(fields.map((f) => row[f.name] ?? null)).commit();
    sample.commit();
    await book.commit();
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the field's API value: text trimmed, numbers as numbers, Excel dates as their wall time. */
function cellValue(field: FieldDef, value: SheetCell): Value {
  if (value === null) return null;
  if (value instanceof Date) {
    // Excel keeps wall time without a zone; exceljs hands it over as that time in UTC
    const d = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    return field.kind === 'date' ? d : `${d} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === 'number') return field.kind === 'number' || field.kind === 'integer' ? value : String(value);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return String(value);
}

interface Row { n: number; values: Values }
interface Draft { title: string; rows: Row[]; head: Values; lines: Values[] }

/** The data rows of the sheet (empty rows skipped), refused when the header is not the template's. */
async function readRows(path: string, fields: readonly FieldDef[], maxRows: number): Promise<Row[]> {
  // the header and maxRows data rows at most: a longer sheet is refused without the rest being read
  const sheet = await readSheetOrRefuse(path, { columns: fields.length, maxRows: maxRows + 1 }, billText.badTemplate);
  if (!sheet || sheet.rowCount === 0) throw new BizError(billText.emptyFile);
  if (sheet.truncated) throw new BizError(billActionServerText.tooManyRows(maxRows));
  const header = sheet.rows[0]?.n === 1 ? sheet.rows[0].cells : [];
  const labels = fields.map((_, i) => {
    const v = header[i] ?? null;
    return typeof v === 'string' ? v.trim() : v === null ? '' : String(cellValue({ name: '', label: '', kind: 'text' }, v) ?? '');
  });
  if (labels.some((l, i) => l !== fields[i]!.label)) throw new BizError(billText.badTemplate);
  const rows: Row[] = [];
  for (const row of sheet.rows) {
    if (row.n === 1) continue;
    const values: Values = {};
    let any = false;
    fields.forEach((f, i) => {
      values[f.name] = cellValue(f, row.cells[i] ?? null);
      if (values[f.name] !== null) any = true;
    });
    if (any) rows.push({ n: row.n, values });
  }
  if (rows.length === 0) throw new BizError(billText.emptyFile);
  if (rows.length > maxRows) throw new BizError(billActionServerText.tooManyRows(maxRows));
  return rows;
}

/** Rows grouped into bills by the title field; a head field differing within a bill is refused. */
function draftsOf(call: BillCall, rows: readonly Row[], headFields: readonly FieldDef[], lineFields: readonly FieldDef[]): { drafts: Draft[]; errors: UploadRowError[] } {
  const { model } = call;
  const titleName = model.title.name;
  const byTitle = new Map<string, Draft>();
  const errors: UploadRowError[] = [];
  for (const row of rows) {
    const title = String(row.values[titleName] ?? '');
    let draft = byTitle.get(title);
    if (!draft) {
      const head: Values = {};
      for (const f of headFields) head[f.name] = row.values[f.name] ?? null;
      byTitle.set(title, (draft = { title, rows: [], head, lines: [] }));
    } else if (lineFields.length === 0) {
      errors.push({ row: row.n, column: model.title.label, message: billActionServerText.duplicateInFile(model.title.label, title) });
      continue;
    } else {
      const differs = headFields.find((f) => row.values[f.name] !== null && row.values[f.name] !== draft!.head[f.name]);
      if (differs) errors.push({ row: row.n, column: differs.label, message: billActionServerText.headMismatch(differs.label, title) });
    }
    draft.rows.push(row);
    if (lineFields.length > 0) {
      const line: Values = {};
      for (const f of lineFields) line[f.name] = row.values[f.name] ?? null;
      const seq = model.def.lines?.sequenceField;
      if (seq && line[seq] === undefined) line[seq] = draft.lines.length + 1;
      draft.lines.push(line);
    }
  }
  return { drafts: [...byTitle.values()], errors };
}

/** The refusal of an upload: every bad row in data.rows, the first ten in the message (`第3行：…`). */
function refusal(errors: readonly UploadRowError[]): BizError {
  const text = errors.slice(0, 10).map((e) => billActionServerText.row(e.row, e.message)).join('；');
  return new BizError(errors.length > 10 ? billActionServerText.moreErrors(text, errors.length) : text, EnvelopeCode.error, { rows: errors });
}

/** The column a validation error names (head.x, lines.3.x or x): its header, or the title's for the bill as a whole. */
function columnOf(call: BillCall, field: string): string {
  const name = field.split('.').pop() ?? field;
  const { def } = call.model;
  // a line's field by the line's label (备注 of the line, not of the head)
  const f = (field.startsWith('lines.') ? def.lines?.fields ?? [] : def.head).find((x) => x.name === name);
  return f ? f.label : call.model.title.label;
}

/** uploadTemplate {filePath}: the bills of a filled template, saved as drafts, all or none. */
export async function uploadBills(call: BillCall, path: string): Promise<{ total: number; created: { id: number; title: string }[] }> {
  const { model } = call;
  const { def } = model;
  const { upload, fields, headCount } = columnsOf(call);
  const rows = await readRows(path, fields, upload.maxRows);
  const { drafts, errors } = draftsOf(call, rows, fields.slice(0, headCount), fields.slice(headCount));
  if (errors.length > 0) throw refusal(errors);

  await call.company();
  const checked: { draft: Draft; valid: ValidatedBill }[] = [];
  for (const d of drafts) {
    const head = await withDefaults(def.head, d.head, call.company, call.now);
    const lines = await Promise.all(d.lines.map((l) => withDefaults(def.lines?.fields ?? [], l, call.company, call.now)));
    const valid = validateBill(def, head, lines, 'declare');
    for (const e of valid.errors) {
      const line = /^lines\.(\d+)\./.exec(e.field);
      const n = line ? d.rows[Number(line[1])]!.n : d.rows[0]!.n;
      // a line's message starts 第i行 (its index in the bill): the Excel row says more
      const message = e.field === 'lines' ? `${model.title.label} ${d.title}：${e.message}` : e.message.replace(/^第\d+行：/, '');
      errors.push({ row: n, column: columnOf(call, e.field), message });
    }
    checked.push({ draft: d, valid });
  }
  if (errors.length > 0) throw refusal(errors);

  const created = await call.db.transaction().execute(async (trx) => {
    const out: { id: number; title: string }[] = [];
    for (const { draft, valid } of checked) {
      const unique = def.uniqueBy ?? [];
      if (unique.length > 0) {
        await uniqueLock(trx, call.scope, JSON.stringify(unique.map((f) => valid.head[f])));
        if ((await findDuplicate(trx, call.scope, unique, valid.head)) !== undefined) {
          const message = billServerText.duplicate(unique.map((f) => `${model.label(f)} ${valid.head[f]}`).join('、'));
          throw refusal([{ row: draft.rows[0]!.n, column: model.label(unique[0]!), message }]);
        }
      }
      const saved = await insertHead(trx, call.scope, toStorage(model, valid.head), initialState(), null);
      if (valid.lines.length > 0) await replaceLines(trx, call.scope.companyId, saved.id, valid.lines.map((values) => ({ id: undefined, values })));
      out.push({ id: saved.id, title: draft.title });
    }
    // receipts customs sent before these bills were imported (listed as 未匹配回执) apply now
    await claimUnmatchedReceipts(trx, out.map((b) => b.id));
    return out;
  });
  return { total: created.length, created };
}
