/**
 * save and saveAndApply: a whole bill (head, and its lines when `details` is sent) written in one
 * transaction, or nothing at all. The lifecycle decides whether a stored bill may change; a stale
 * version, a duplicate number or a field error refuses the save. `draft: true` is 暂存: the same
 * write with only type and length checks, so an unfinished bill is kept on the server.
 */
import { customsRuleErrors } from '../../domain/bills/customs-rule-errors.ts';
import { validateBill, type ValidatedBill } from '../../domain/bills/validation.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { fieldErrors, idOf, type BillCall } from './call.ts';
import { claimUnmatchedReceipts } from '../customs/receipts/claim.ts';
import { queueDeclaration } from './declare.ts';
import { declareCheckRefusals } from './declare-checks.ts';
import { withDefaults } from './defaults.ts';
import { decide, declaredState, initialState } from './lifecycle.ts';
import { findDuplicate, findHead, findLines, insertHead, lineOut, replaceLines, uniqueLock, updateHead, type Executor } from './repository.ts';
import { headValues, toStorage, type HeadRow, type Values } from './values.ts';
import { noteRecords } from '../oplog/context.ts';

export interface SaveAnswer {
  id: number;
  version: number;
  state?: string;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A line's own id: stored lines carry a number, lines added in the page an id starting with temp. */
const lineIdOf = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

function checked(result: ValidatedBill): ValidatedBill {
  if (result.errors.length > 0) throw fieldErrors(result.errors);
  return result;
}

/** Refuses a second live bill with the same uniqueBy values (订单编号 SO1 已存在). */
async function checkUnique(trx: Executor, call: BillCall, values: Values, exceptId?: number): Promise<void> {
  const fields = call.model.def.uniqueBy;
  if (!fields?.length || fields.some((f) => !present(values[f]))) return;
  await uniqueLock(trx, call.scope, JSON.stringify(fields.map((f) => values[f])));
  if ((await findDuplicate(trx, call.scope, fields, values, exceptId)) === undefined) return;
  const what = fields.map((f) => `${call.model.label(f)} ${values[f]}`).join('、');
  const message = billServerText.duplicate(what);
  throw BizError.fields(message, fields.map((field) => ({ field, message })));
}

export async function saveBill(call: BillCall, data: Record<string, unknown>, declare: boolean): Promise<SaveAnswer> {
  const { model, now } = call;
  const { def } = model;
  const id = present(data.id) ? idOf(data.id) : undefined;
  const version = present(data.version) ? Number(data.version) : undefined;
  const details = def.lines && Array.isArray(data.details) ? (data.details as unknown[]) : undefined;
  // 暂存 (`draft: true`): stored as typed, checked for types and lengths only (issue 31 item 4)
  const purpose = declare ? 'declare' : data.draft === true ? 'draft' : 'save';

  // Everything that reads outside the transaction happens first (defaults may read the company).
  const head = await withDefaults(def.head, data, call.company, now);
  const lineInput = details
    ? await Promise.all(details.map((l) => withDefaults(def.lines!.fields, (l ?? {}) as Record<string, unknown>, call.company, now)))
    : undefined;
  // Declaring a stored bill without its lines in the request checks the stored lines, inside.
  const linesFromStore = declare && !lineInput && def.lines !== undefined && id !== undefined;
  const early = linesFromStore ? undefined : checked(validateBill(def, head, lineInput ?? [], purpose));

  const answer = await call.db.transaction().execute(async (trx) => {
    let existing: HeadRow | undefined;
    let nextState = declare ? declaredState() : initialState();
    if (id !== undefined) {
      existing = await findHead(trx, call.scope, id, { lock: true });
      if (!existing) throw new BizError(billServerText.notFound);
      if (version !== undefined && version !== existing.version) throw new BizError(billServerText.stale);
      nextState = decide(model, existing, declare ? 'declare' : 'save', call.states);
    }
    const storedLines = linesFromStore ? (await findLines(trx, call.scope.companyId, id!)).map((l) => lineOut(model, l)) : undefined;
    const valid = early ?? checked(validateBill(def, head, storedLines ?? [], purpose));
    await checkUnique(trx, call, valid.head, id);

    const storage = toStorage(model, valid.head, existing);
    const appTime = declare ? now : undefined;
    let saved: { id: number; version: number };
    if (existing) {
      const next = await updateHead(trx, call.scope, existing.id, existing.version, { storage, state: nextState, ...(appTime ? { appTime } : {}) });
      if (next === undefined) throw new BizError(billServerText.stale);
      saved = { id: existing.id, version: next };
    } else {
      saved = await insertHead(trx, call.scope, storage, nextState, appTime ?? null);
    }
    // the operation log names the bill made, in this transaction's row
    noteRecords([saved.id]);
    if (details && lineInput) {
      await replaceLines(trx, call.scope.companyId, saved.id, valid.lines.map((values, i) => ({ id: lineIdOf((details[i] as { id?: unknown } | null)?.id), values })));
    }
    // receipts customs sent before the bill existed here (listed as 未匹配回执) apply now; a declaration waits for its own answers
    if (!declare) await claimUnmatchedReceipts(trx, [saved.id]);
    if (appTime) {
      const declHead = { ...(existing ? headValues(model, existing) : {}), ...valid.head };
      // customs' rules (domain/customs/rules): a breach is refused on its field, as customs would refuse it
      const ruleErrors = customsRuleErrors(def, declHead, valid.lines, appTime);
      if (ruleErrors.length > 0) throw fieldErrors(ruleErrors);
      // definition.declareChecks (三单比对 …): a refusal undoes the whole save
      const refusal = (await declareCheckRefusals(trx, call, [{ id: saved.id, head: declHead, lines: valid.lines }])).get(saved.id);
      if (refusal) throw new BizError(refusal);
      await queueDeclaration(trx, call, saved.id, declHead, valid.lines, appTime);
    }
    return declare ? { ...saved, state: nextState } : saved;
  });
  if (declare) call.declared();
  return answer;
}
