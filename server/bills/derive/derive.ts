/**
 * Actions that make bills of another type from the chosen ones (definition.derive: 申请退货,
 * 申请撤单, 批量离境, 生成运抵单, 生成清单总分单, 汇总申请, 汇总 by condition), driven only by the
 * definition's words.
 *
 * Before anything is written: the user's answers are checked (a missing reason refuses the call),
 * each source's state must accept the action's lifecycle event, and a source already in a live
 * made bill (onceBy) is refused. Then each group of sources makes one bill in one transaction —
 * the sources locked and decided again, the bill checked as its own page would (as for declaring
 * when it is declared at once or has no page to be completed on), saved, its lines written and,
 * when declared, its message queued — so a refused group leaves nothing behind while the other
 * groups go on. Answers {total, succeeded, failed: [{id, title, message}], created: [{id, title}]}
 * in the order the sources came.
 */
import type { DeriveDef, DeriveKey } from '../../../domain/bills/action-words.ts';
import { validateBill } from '../../../domain/bills/validation.ts';
import { billActionServerText, billServerText } from '../../../domain/texts/bills.ts';
import { BizError } from '../../http/errors.ts';
import { batchIds, failuresOf, type BatchAnswer, type Refusals } from '../batch.ts';
import type { BillCall } from '../call.ts';
import { queueDeclaration } from '../declare.ts';
import { withDefaults } from '../defaults.ts';
import { decideEvent, declaredState, initialState } from '../lifecycle.ts';
import { findDuplicate, findHeads, insertHead, replaceLines, uniqueLock, type Executor } from '../repository.ts';
import type { StateNamesLoader } from '../states.ts';
import { titleOf, toStorage, type HeadRow, type Values } from '../values.ts';
import { checkAnswers } from './answers.ts';
import { callOf } from './calls.ts';
import { derivedHead, derivedLines, groupKey, newNumber, type Source } from './mapping.ts';
import { lockSources, sourcesByCondition, sourcesOf, takenValues } from './sources.ts';

export interface DeriveAnswer extends BatchAnswer {
  created: { id: number; title: string }[];
}

/** Whether another bill of the target type has these field values (serialised per value until the transaction ends). */
async function taken(trx: Executor, target: BillCall, fields: readonly string[] | undefined, values: Values): Promise<boolean> {
  if (!fields?.length || fields.some((f) => values[f] === null || values[f] === undefined || values[f] === '')) return false;
  await uniqueLock(trx, target.scope, JSON.stringify(fields.map((f) => values[f])));
  return (await findDuplicate(trx, target.scope, fields, values)) !== undefined;
}

/**
 * Refuses a made bill for a source already acted on (def.oncePer, else the target's uniqueBy: one
 * 撤销申请 / 退货申请 per inventory), in the action's words (issue 31: a repeated 申请撤单 answered
 * 撤销申请：企业内部编号 … 已存在, which names a number the user never typed). A made bill with its
 * own number (oncePer set) must still not take a number another bill has.
 */
async function checkUnique(trx: Executor, w: Work, group: readonly Source[], values: Values): Promise<void> {
  const { target, source, def } = w;
  const uniqueBy = target.model.def.uniqueBy;
  if (await taken(trx, target, def.oncePer ?? uniqueBy, values)) {
    const title = source.model.title;
    const sources = group.map((s) => `${source.model.label(title.name)} ${String(s.head[title.name] ?? '')}`).join('、');
    throw new BizError(billActionServerText.alreadyDone(sources, target.model.def.label, def.verb));
  }
  if (def.oncePer && uniqueBy && await taken(trx, target, uniqueBy, values)) {
    throw new BizError(`${target.model.def.label}：${billServerText.duplicate(uniqueBy.map((f) => `${target.model.label(f)} ${values[f]}`).join('、'))}`);
  }
}

/** The onceBy value of each source (汇总: its invtNo). */
const onceValues = (def: DeriveDef, sources: readonly Source[]) =>
  def.onceBy ? sources.map((s) => String(s.head[def.onceBy!.source] ?? '')).filter((v) => v !== '') : [];

interface Work {
  call: BillCall;
  def: DeriveDef;
  source: BillCall;
  target: BillCall;
  answers: Values;
}

/** One group's bill, in one transaction: nothing of it stays when any part is refused. */
async function makeBill(w: Work, group: readonly Source[], serial: number): Promise<{ id: number; title: string }> {
  const { def, source, target, answers, call } = w;
  const targetDef = target.model.def;
  const head = await withDefaults(targetDef.head, derivedHead(def, group, answers, (prefix, field) => newNumber(prefix, call.now, serial, targetDef.head.find((f) => f.name === field)?.maxLength)), call.company, call.now);
  const lines = await Promise.all(derivedLines(def, group, answers, targetDef.lines?.sequenceField)
    .map((l) => withDefaults(targetDef.lines?.fields ?? [], l, call.company, call.now)));
  // a bill declared now, or one no page can complete (no save), must be complete now
  const purpose = def.declare || !targetDef.api.save ? 'declare' : 'save';
  const valid = validateBill(targetDef, head, lines, purpose);
  if (valid.errors.length > 0) {
    const message = `${targetDef.label}：${valid.errors.map((e) => e.message).join('；')}`;
    throw BizError.fields(message, valid.errors);
  }
  return call.db.transaction().execute(async (trx) => {
    const ids = group.map((s) => s.id);
    // decided again on the rows as they are now, locked until the bill is written
    const rows = await lockSources(trx, source.scope, ids);
    if (rows.length !== ids.length) throw new BizError(billServerText.notFound);
    for (const row of rows) decideEvent(source.model, row, def.event, def.verb, source.states);
    if (def.onceBy) {
      await uniqueLock(trx, target.scope, `onceBy:${def.onceBy.line}`);
      const taken = await takenValues(trx, target, def.onceBy.line, onceValues(def, group));
      const [value, where] = [...taken][0] ?? [];
      if (value !== undefined) throw new BizError(billActionServerText.alreadySummarised(source.model.label(def.onceBy.source), value, where ?? ''));
    }
    await checkUnique(trx, w, group, valid.head);
    const storage = toStorage(target.model, valid.head);
    const state = def.declare ? declaredState() : initialState();
    const saved = await insertHead(trx, target.scope, storage, state, def.declare ? call.now : null);
    if (valid.lines.length > 0) await replaceLines(trx, target.scope.companyId, saved.id, valid.lines.map((values) => ({ id: undefined, values })));
    if (def.declare) await queueDeclaration(trx, target, saved.id, valid.head, valid.lines, call.now);
    return { id: saved.id, title: String(valid.head[target.model.title.name] ?? '') };
  });
}

/** The action `key` of the call's definition: the sources, their refusals, the bills made. */
export async function deriveBills(call: BillCall, key: DeriveKey, data: Record<string, unknown>, stateNames: StateNamesLoader): Promise<DeriveAnswer> {
  const own = call.model.def;
  const def = own.derive?.[key];
  if (!def) throw new Error(`${own.mode}/${own.key}: api ${key} has no derive word`);
  const answers = checkAnswers(own, key, data);
  const source = await callOf(call, def.source ?? own.key, stateNames);
  const target = await callOf(call, def.target, stateNames);
  // defaults may read the company: read before any transaction (PGlite has one session)
  await call.company();

  const refusals: Refusals = new Map();
  let ids: number[];
  let rows: HeadRow[];
  if (def.byCondition) {
    rows = await sourcesByCondition(source, def, data, def.byCondition.max);
    ids = rows.map((r) => Number(r.id));
  } else {
    const idsKey = own.actions.find((a) => a.api === key)?.idsKey ?? 'ids';
    ids = batchIds(data[idsKey]);
    rows = await findHeads(call.db, source.scope, ids);
  }
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const sources = await sourcesOf(source, def, rows);

  const eligible: Source[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    try {
      if (!row) throw new BizError(billServerText.notFound);
      decideEvent(source.model, row, def.event, def.verb, source.states);
      eligible.push(sources.get(id)!);
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      refusals.set(id, { title: row ? titleOf(source.model, row) : '', message: error.message });
    }
  }

  // onceBy: a source already in a live made bill is refused (by condition: it is simply not offered)
  let offered = eligible;
  if (def.onceBy) {
    const taken = await takenValues(call.db, target, def.onceBy.line, onceValues(def, eligible));
    offered = eligible.filter((s) => {
      const value = String(s.head[def.onceBy!.source] ?? '');
      if (!taken.has(value)) return true;
      if (!def.byCondition) {
        refusals.set(s.id, { title: titleOf(source.model, byId.get(s.id)!), message: billActionServerText.alreadySummarised(source.model.label(def.onceBy!.source), value, taken.get(value)!) });
      }
      return false;
    });
    if (def.byCondition) ids = offered.map((s) => s.id);
  }
  if (def.byCondition && offered.length === 0) throw new BizError(billActionServerText.noneFound);

  const groups = new Map<string, Source[]>();
  for (const s of offered) {
    const k = groupKey(def, s);
    const group = groups.get(k);
    if (group) group.push(s);
    else groups.set(k, [s]);
  }

  const work: Work = { call, def, source, target, answers };
  const created: DeriveAnswer['created'] = [];
  let succeeded = 0;
  let serial = 0;
  for (const group of groups.values()) {
    serial += 1;
    try {
      created.push(await makeBill(work, group, serial));
      succeeded += group.length;
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      for (const s of group) refusals.set(s.id, { title: titleOf(source.model, byId.get(s.id)!), message: error.message });
    }
  }
  if (def.declare && created.length > 0) call.declared();
  return { total: ids.length, succeeded, failed: failuresOf(ids, refusals), created };
}
