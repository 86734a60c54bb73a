/**
 * Body lines one at a time (lines, saveLines, deleteLines). Changing a line is changing its bill:
 * the bill's state must accept user.save, and its version moves so another tab's save is stale.
 */
import type { FieldError } from '../../domain/envelope.ts';
import { BODY_PAGE_SIZE, MAX_PAGE_SIZE, queryText, type PagedResult } from '../../domain/query.ts';
import { coerceValue, fieldProblem } from '../../domain/bills/validation.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { fieldErrors, idOf, type BillCall } from './call.ts';
import { withDefaults } from './defaults.ts';
import { decide } from './lifecycle.ts';
import {
  countLines, deleteLinesById, findHead, findLines, findLinesByIds, insertLine, lineOut, updateHead, updateLine, type Executor,
} from './repository.ts';
import type { HeadRow, Values } from './values.ts';

type Line = Record<string, unknown>;

function pagingNumber(value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new BizError(queryText.badPaging);
  return n;
}

/** lines {id} → line[], or {total, datas} with a 1-based pageIndex when the bill's lines are paged. */
export async function listLines(call: BillCall, data: Record<string, unknown>): Promise<Line[] | PagedResult<Line>> {
  const head = await findHead(call.db, call.scope, idOf(data.id));
  if (!head) throw new BizError(billServerText.notFound);
  if (!call.model.def.lines?.paged) return (await findLines(call.db, call.scope.companyId, head.id)).map((l) => lineOut(call.model, l));
  const pageIndex = pagingNumber(data.pageIndex, 1, 1, 1_000_000);
  const pageSize = pagingNumber(data.pageSize, BODY_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const [total, rows] = await Promise.all([
    countLines(call.db, call.scope.companyId, head.id),
    findLines(call.db, call.scope.companyId, head.id, { offset: (pageIndex - 1) * pageSize, limit: pageSize }),
  ]);
  return { total, datas: rows.map((l) => lineOut(call.model, l)) };
}

/** Locks the bill, lets the lifecycle decide, and moves its version (the bill changed): the new version. */
async function editBill(trx: Executor, call: BillCall, head: HeadRow): Promise<number> {
  decide(call.model, head, 'save', call.states);
  const version = await updateHead(trx, call.scope, head.id, head.version, {});
  if (version === undefined) throw new BizError(billServerText.stale);
  return version;
}

/** saveLines {headId, id?, ...line fields} → {id, version}: the bill's new version, so the page's next save is not stale. */
export async function saveLine(call: BillCall, data: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const fields = call.model.def.lines?.fields;
  if (!fields) throw new BizError(billServerText.noLines);
  const headId = idOf(data.headId);
  const lineId = typeof data.id === 'number' || (typeof data.id === 'string' && /^\d+$/.test(data.id)) ? idOf(data.id) : undefined;
  const input = await withDefaults(fields, data, call.company, call.now);
  const errors: FieldError[] = [];
  const values: Values = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    const problem = fieldProblem(f, input[f.name], 'save');
    if (problem) errors.push({ field: f.name, message: problem });
    else values[f.name] = coerceValue(f, input[f.name]) ?? null;
  }
  if (errors.length > 0) throw fieldErrors(errors);

  return call.db.transaction().execute(async (trx) => {
    const head = await findHead(trx, call.scope, headId, { lock: true });
    if (!head) throw new BizError(billServerText.notFound);
    const version = await editBill(trx, call, head);
    const lines = await findLines(trx, call.scope.companyId, head.id);
    if (typeof values.gnum === 'number' && lines.some((l) => l.gnum === values.gnum && l.id !== lineId)) {
      const message = billServerText.duplicateGnum(values.gnum);
      throw BizError.fields(message, [{ field: 'gnum', message }]);
    }
    if (lineId !== undefined) {
      if (!(await updateLine(trx, call.scope.companyId, head.id, lineId, values))) throw new BizError(billServerText.lineNotFound);
      return { id: lineId, version };
    }
    const max = call.model.def.lines?.max;
    if (max !== undefined && lines.length >= max) throw new BizError(billServerText.tooManyLines(max));
    return { id: await insertLine(trx, call.scope.companyId, head.id, values), version };
  });
}

/** deleteLines {ids}: the lines go, each of their bills must accept user.save. */
export async function deleteLines(call: BillCall, data: Record<string, unknown>): Promise<null> {
  if (!Array.isArray(data.ids) || data.ids.length === 0) throw new BizError(billText.selectLinesToDelete);
  const ids = [...new Set(data.ids.map(idOf))];
  await call.db.transaction().execute(async (trx) => {
    const lines = await findLinesByIds(trx, call.scope, ids);
    if (lines.length !== ids.length) throw new BizError(billServerText.lineNotFound);
    for (const headId of new Set(lines.map((l) => l.head_id))) {
      const head = await findHead(trx, call.scope, headId, { lock: true });
      if (!head) throw new BizError(billServerText.notFound);
      await editBill(trx, call, head);
    }
    await deleteLinesById(trx, call.scope.companyId, ids);
  });
  return null;
}
