/**
 * Lists of another bill type's lines (definition.linesOf; 汇总申请明细: the inventories inside
 * summary applications): pageList, queryStateCount, detail and export over bill_lines joined to
 * their bill, with the same request and answer shapes as any bill list. A row is one line: its
 * id, the bill's state, times and return info, the `headFields` from the bill and every other
 * field of this definition from the line. Terms and sorts name them as the bill lists do
 * (snake_case), checked against a whitelist made from the definition.
 */
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { commonQueryColumns, listWhitelistSpec } from '../../../domain/bills/columns.ts';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import { STATE_COUNT_PAGE_SIZE, type ListAnswer } from '../../../domain/query.ts';
import { billServerText } from '../../../domain/texts/bills.ts';
import type { Database } from '../../db/schema.ts';
import { BizError } from '../../http/errors.ts';
import { writeExportFile } from '../../files/store.ts';
import { applySorts, applyTerms, boundBase, compileListQuery, runPagedList, runStateCount, type ColumnWhitelist, type CompiledListQuery } from '../../query/list-query.ts';
import { idOf, type BillCall } from '../call.ts';
import { chinaCompactDay, chinaDateTime, customsTime } from '../time.ts';
import { exportColumns } from '../export-columns.ts';
import { hiddenColumnsOf } from '../../../domain/bills/list-order.ts';
import { definitionOf } from './calls.ts';

type Row = Record<string, unknown>;
type Query = SelectQueryBuilder<Database, 'bill_lines' | 'bill_heads', Row>;

import { loadExcel } from '../../files/excel.ts';

const KIND_CAST: Record<string, (e: Expression<unknown>) => Expression<unknown>> = {
  number: (e) => sql`(${e})::numeric`,
  date: (e) => sql`(${e})::date`,
  timestamp: (e) => sql`((${e}) || '+08')::timestamptz`,
  text: (e) => e,
};

interface View {
  def: BillDefinition;
  bill: BillDefinition;
  /** each field of the definition: where it is read (SQL) */
  fields: { name: string; expr: Expression<unknown> }[];
  whitelist: ColumnWhitelist;
}

const views = new WeakMap<BillDefinition, View>();

/** The view of `def`: its fields' SQL (from the bill or the line) and the whitelist of its list. */
function viewOf(call: BillCall): View {
  const def = call.model.def;
  let view = views.get(def);
  if (view) return view;
  const linesOf = def.linesOf!;
  const bill = definitionOf(call, linesOf.bill);
  const fromBill = new Set(linesOf.headFields);
  const exprOf = (name: string): Expression<unknown> => {
    if (fromBill.has(name)) {
      const f = bill.head.find((h) => h.name === name);
      return f?.column ? sql.ref(`bill_heads.${f.column}`) : sql`bill_heads.data->>${sql.lit(name)}`;
    }
    return sql`bill_lines.data->>${sql.lit(name)}`;
  };
  const fields = def.head.map((f) => ({ name: f.name, expr: exprOf(f.name) }));
  const whitelist: Record<string, ColumnWhitelist[string]> = {};
  for (const [key, col] of Object.entries(listWhitelistSpec(def))) {
    const label = def.head.find((f) => f.name === col.field)?.label ?? billServerText.columnLabels[col.field] ?? col.field;
    // the engine's own columns are the bill's (its state, times), the id the line's
    const where = key === 'id' ? sql.ref('bill_lines.id') : Object.hasOwn(commonQueryColumns, key) ? sql.ref(`bill_heads.${key}`) : KIND_CAST[col.kind]!(exprOf(col.field));
    whitelist[key] = { sql: where, kind: col.kind, label };
  }
  view = { def, bill, fields, whitelist };
  views.set(def, view);
  return view;
}

/** The lines of this company's bills of the view's type; `companyId` may be a statement's bound value. */
function baseQuery(call: BillCall, view: View, companyId: unknown = call.scope.companyId): Query {
  return call.db.selectFrom('bill_lines')
    .innerJoin('bill_heads', (j) => j.onRef('bill_heads.company_id', '=', 'bill_lines.company_id').onRef('bill_heads.id', '=', 'bill_lines.head_id'))
    .select([
      'bill_lines.id as id', 'bill_heads.id as headId', 'bill_heads.state as state', 'bill_heads.return_status as returnStatus',
      'bill_heads.return_time as returnTime', 'bill_heads.return_info as returnInfo', 'bill_heads.app_time as appTime',
      'bill_heads.create_time as createTime', 'bill_heads.update_time as updateTime',
      ...view.fields.map((f) => sql`${f.expr}`.as(`f_${f.name}`)),
    ])
    .where('bill_heads.company_id', '=', companyId as number)
    .where('bill_heads.bill_key', '=', view.bill.key)
    .where('bill_heads.mode', '=', view.bill.mode) as unknown as Query;
}

/** A row as every list answers it, numbers of number fields as numbers. */
function rowOf(call: BillCall, view: View, r: Row): Row {
  const out: Row = {
    id: Number(r.id), headId: Number(r.headId), state: r.state, stateName: call.states.name(String(r.state)),
    returnStatus: r.returnStatus ?? null, returnTime: customsTime((r.returnTime as string | null) ?? null), returnInfo: r.returnInfo ?? null,
    appTime: chinaDateTime(r.appTime as Date | null), createTime: chinaDateTime(r.createTime as Date), updateTime: chinaDateTime(r.updateTime as Date),
  };
  for (const f of view.def.head) {
    const v = r[`f_${f.name}`];
    out[f.name] = v === null || v === undefined ? null : f.kind === 'number' || f.kind === 'integer' ? Number(v) : String(v);
  }
  return out;
}

function compile(call: BillCall, view: View, request: unknown, maxPageSize?: number): CompiledListQuery {
  return compileListQuery(request, view.whitelist, {
    defaultSort: call.model.def.list.defaultSort,
    defaultPageSize: call.model.def.list.pageSize,
    tiebreaker: sql.ref('bill_lines.id'),
    ...(maxPageSize ? { maxPageSize } : {}),
  });
}

/** The view's list statements, shared by every company (list-query.ts StatementCache). */
const cached = (call: BillCall, view: View) => boundBase(view, [call.scope.companyId], (companyId) => baseQuery(call, view, companyId));

export async function listLineRows(call: BillCall, request: unknown): Promise<ListAnswer<Row>> {
  const view = viewOf(call);
  const { base, cache } = cached(call, view);
  const answer = await runPagedList(call.db, base, compile(call, view, request), { simple: call.model.def.list.simplePaging === true, cache });
  return Array.isArray(answer) ? answer.map((r) => rowOf(call, view, r)) : { total: answer.total, datas: answer.datas.map((r) => rowOf(call, view, r)) };
}

/** Every state of the dictionary with its count of lines, as the bill lists count bills. */
export async function countLineStates(call: BillCall, request: unknown): Promise<{ state: string; stateName: string; count: number }[]> {
  const view = viewOf(call);
  const { base, cache } = cached(call, view);
  const counts = await runStateCount(call.db, base, compile(call, view, request, Math.max(STATE_COUNT_PAGE_SIZE, 1000)), 'state', { cache });
  const byState = new Map(counts.map((c) => [c.state, c.count]));
  const out = call.states.states.map((s) => ({ state: s.state, stateName: s.stateName, count: byState.get(s.state) ?? 0 }));
  for (const c of counts) if (!call.states.states.some((s) => s.state === c.state)) out.push({ state: c.state, stateName: c.state, count: c.count });
  return out;
}

export async function lineRowDetail(call: BillCall, data: Record<string, unknown>): Promise<Row> {
  const view = viewOf(call);
  const r = await baseQuery(call, view).where('bill_lines.id', '=', idOf(data.id)).executeTakeFirst();
  if (!r) throw new BizError(billServerText.notFound);
  return rowOf(call, view, r);
}

/** A lines view's export holds its rows in memory at once: it stays at the earlier, smaller limit. */
const MAX_EXPORT_ROWS = 100_000;

/** The .xlsx of the rows a list request matches (its paging ignored), under the list's headers. */
export async function exportLineRows(call: BillCall, request: unknown, dataDir: string): Promise<{ downloadUri: string }> {
  const view = viewOf(call);
  const req = typeof request === 'object' && request !== null ? request : {};
  const compiled = compile(call, view, { ...req, pageIndex: 0, pageSize: 1 });
  const rows = await applySorts(applyTerms(baseQuery(call, view), compiled), compiled).limit(MAX_EXPORT_ROWS + 1).execute();
  if (rows.length > MAX_EXPORT_ROWS) throw new BizError(billServerText.exportTooLarge(MAX_EXPORT_ROWS));
  const { def } = call.model;
  // the bill lists' columns and cells (export-columns.ts): the screen's order, codes as "code name"
  const columns = exportColumns(call.model, hiddenColumnsOf(req));
  const fieldAt = def.list.columns.map((c) => c.field);
  return writeExportFile(dataDir, `${def.label}_${chinaCompactDay(call.now)}.xlsx`, async (path) => {
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
    const sheet = book.addWorksheet(def.label);
    sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
    for (const r of rows) {
      const row = rowOf(call, view, r);
      const cells = columns.map((c) => c.cell(row[fieldAt[c.source]!]));
      const added = sheet.addRow(cells.map((c) => c.value));
      cells.forEach((c, i) => { if (c.numFmt) added.getCell(i + 1).numFmt = c.numFmt; });
      added.commit();
    }
    sheet.commit();
    await book.commit();
  });
}

