/**
 * The simulated customs' verdict on one declared document, pure: what it holds already, what the
 * document says and what the documents it refers to say are all given; no I/O, no clock.
 *
 * Verdicts, in the order customs would reach them:
 *   appStatus 1 (暂存)                                  → 1 电子口岸已暂存
 *   appType 1 of a document customs holds                → its negative code (−301010 订单编号已存在 …)
 *   appType 2/3 of a document customs does not hold      → its negative code (−301009 …)
 *   a blank business field, a failed check, a failed 三单比对, a random refusal (SIMULATOR_REJECT_RATE)
 *                                                        → 2 申报中, then 100 海关退单 with the reason
 *                                                          (a check with a code of its own, −621005, answers that code)
 *   otherwise                                            → 2 申报中, then the type's path (120 入库, 399 审结, 800 放行 …)
 */
import { customsText, simulatorText } from '../../../domain/texts/customs.ts';
import { newGuid } from '../declaration.ts';
import { buildReceiptXml } from '../receipts/build.ts';
import { validateCebXml } from '../schemas.ts';
import { readXml } from '../xml/read.ts';
import { decReplyXml } from './dec.ts';
import { findReceiptType, type ReceiptType } from '../receipts/catalogue.ts';
import { checkDocument, type DocumentBody } from './checks.ts';
import { customsDocTypes, findCustomsDocType, type CustomsDocType, type IssuedNumber } from './doc-types.ts';
import { judgeImportTrio, judgeMatch, type HeldDocument } from './matching.ts';

export { decimalUnits, unitsText, type DocumentBody } from './checks.ts';
export { customsDocTypes, findCustomsDocType, type CustomsDocType } from './doc-types.ts';

export type Verdict =
  | { kind: 'stored' }
  | { kind: 'negative'; status: string; info: string }
  | { kind: 'rejected'; reason: string }
  | { kind: 'accepted' };

export interface JudgeContext {
  /** the document customs holds under the same business key (its status), if any */
  held?: { status: string };
  /** what the lookups of type.matches found, in the same order */
  matched?: readonly (HeldDocument | undefined)[];
  rejectRate: number;
  random: () => number;
  /** customs' clock, for the rules about dates (absent: they are not judged) */
  now?: Date;
}

/** A held document in one of these is not in customs' way: a draft, or one withdrawn. */
const NOT_HELD = new Set(['1', 'cancelled', 'deleted']);

export function judge(type: CustomsDocType, body: DocumentBody, ctx: JudgeContext): Verdict {
  const { head } = body;
  if (head.appStatus === '1') return { kind: 'stored' };
  const held = ctx.held !== undefined && !NOT_HELD.has(ctx.held.status);
  // a 报关单 has no appType: declared with the 统一编号 customs issued it is a change (changeWhen)
  const appType = type.changeWhen ? (head[type.changeWhen] ? '2' : '1') : head.appType;
  if (appType === '1' && held) return { kind: 'negative', ...type.duplicate };
  if ((appType === '2' || appType === '3') && !held) return { kind: 'negative', ...type.unknown };

  const blank = type.required.find((r) => !head[r.name]);
  if (blank) return { kind: 'rejected', reason: simulatorText.missing(blank.label, blank.name) };
  for (const line of body.lines) {
    const missing = type.lineRequired?.find((r) => !line[r.name]);
    if (missing) return { kind: 'rejected', reason: simulatorText.linePrefix(line[type.lineNumber ?? 'gnum'] ?? '?') + simulatorText.missing(missing.label, missing.name) };
  }

  const refusal = checkDocument(type.type, body, ctx.now);
  if (refusal) return refusal.status ? { kind: 'negative', status: refusal.status, info: refusal.reason } : { kind: 'rejected', reason: refusal.reason };

  const matches = type.matches ?? [];
  for (let i = 0; i < matches.length; i++) {
    const reason = judgeMatch(matches[i]!, head, ctx.matched?.[i]);
    if (reason) return { kind: 'rejected', reason };
  }
  const byType = (t: string) => ctx.matched?.[matches.findIndex((m) => m.type === t)];
  const trio = judgeImportTrio(byType('CEB311'), byType('CEB411'), byType('CEB511'));
  if (trio) return { kind: 'rejected', reason: trio };

  if (ctx.rejectRate > 0 && ctx.random() < ctx.rejectRate) {
    const reasons = simulatorText.randomReasons;
    return { kind: 'rejected', reason: reasons[Math.floor(ctx.random() * reasons.length) % reasons.length]! };
  }
  return { kind: 'accepted' };
}

export interface Reply {
  returnStatus: string;
  returnInfo: string;
  /** numbers customs issues with this receipt */
  issues: IssuedNumber[];
}

/** The receipts customs sends for a verdict, in order. */
export function receiptsOf(type: CustomsDocType, verdict: Verdict, head: Record<string, string>): Reply[] {
  const guid = head.guid ?? '';
  const declared = head.appType === '2' ? simulatorText.changed(guid) : head.appType === '3' ? simulatorText.deleted(guid) : simulatorText.declared(guid);
  const issuesAt = (status: string) => (type.issues ?? []).filter((i) => i.at === status).map((i) => i.field);
  const reply = (returnStatus: string, returnInfo: string): Reply => ({ returnStatus, returnInfo, issues: issuesAt(returnStatus) });
  // what says "received" before the path: 2 申报中, or the 报关单's import response and CHANNEL 7
  const received = type.received ? type.received.map((r) => reply(r.status, r.text)) : [reply('2', declared)];
  switch (verdict.kind) {
    case 'stored': return [reply('1', simulatorText.stored(guid))];
    case 'negative': return [{ returnStatus: verdict.status, returnInfo: verdict.info, issues: [] }];
    case 'rejected': return [...received, { returnStatus: type.refusal ?? '100', returnInfo: simulatorText.rejected(verdict.reason), issues: [] }];
    case 'accepted': {
      // a deletion ends at the first step: customs takes it and nothing follows
      const steps = head.appType === '3' ? type.path.slice(0, 1) : type.path;
      return [...received, ...steps.map((s) => reply(s.status, s.text ?? simulatorText.stepInfo[s.info]))];
    }
  }
}

/**
 * The message's form before its documents are judged: its schema's problems, or for a type without
 * one (报关单) whether it reads as XML at all. A refusal here is final (DXP 0002).
 */
export function formatProblems(type: CustomsDocType, xml: string): { message: string }[] {
  if (type.schema) return validateCebXml(type.schema, xml);
  try {
    const { rootName } = readXml(xml);
    return rootName === type.root ? [] : [{ message: customsText.receiptUnknownRoot(rootName) }];
  } catch (e) {
    return [{ message: e instanceof Error ? e.message : String(e) }];
  }
}

/** The answer as customs writes it: a CEB receipt, or the 单一窗口's import response / DEC_DATA (dec.ts). */
export function replyXml(type: CustomsDocType, receipt: ReceiptType, guid: string, fields: Record<string, string>, status: string, time: string, info: string): string {
  if (type.writer === 'dec') return decReplyXml(status, fields, time, info);
  return buildReceiptXml(receipt, newGuid(), [{ guid, fields, returnStatus: status, returnTime: time, returnInfo: info }]);
}

/** The head elements a reply carries: the type's own list, or the receipt's fields. */
export const replyFieldNames = (type: CustomsDocType, receipt: ReceiptType): readonly string[] => type.replyFields ?? receipt.fields.map((f) => f.name);

/** The receipt type answering a declaration type (the catalogue holds every customs receipt). */
export function receiptTypeOf(type: CustomsDocType): ReceiptType {
  const t = findReceiptType(type.receipt);
  if (!t) throw new Error(`receipt type ${type.receipt} missing from the catalogue`);
  return t;
}

export const findCustomsRule = findCustomsDocType;
export const customsRules = customsDocTypes;
