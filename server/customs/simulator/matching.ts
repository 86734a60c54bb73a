/**
 * 三单比对, pure: a declaration that refers to other documents (an inventory to its order, receipt of
 * payment or payment, and waybill; a cancellation or return to its inventory) passes only when
 * customs holds each of them in a state that counts and the fields that must line up do.
 * The lookups themselves are the caller's (memory.ts); this decides on what they found.
 */
import { simulatorText } from '../../../domain/texts/customs.ts';
import { decimalUnits } from './checks.ts';
import type { MatchRule } from './doc-types.ts';

export interface HeldDocument {
  type: string;
  status: string;
  head: Record<string, string>;
}

/** Statuses that mean customs took the document (入库, 审结, 放行, 结关). */
export const TAKEN_STATES: readonly string[] = ['120', '399', '800', '899'];

/** The fields to look the referred document up by (theirs → my value); undefined when one is blank. */
export function matchQuery(rule: MatchRule, head: Record<string, string>): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const [theirs, mine] of Object.entries(rule.by)) {
    const v = head[mine];
    if (!v) return undefined;
    query[theirs] = v;
  }
  return query;
}

const same = (a: string | undefined, b: string | undefined) => {
  const x = decimalUnits(a ?? ''), y = decimalUnits(b ?? '');
  return x !== undefined && y !== undefined ? x === y : (a ?? '') === (b ?? '');
};

/** The reason customs refuses the match, or undefined. */
export function judgeMatch(rule: MatchRule, head: Record<string, string>, held: HeldDocument | undefined): string | undefined {
  const query = matchQuery(rule, head);
  const keyText = Object.entries(query ?? rule.by).map(([k, v]) => `${k}=${query ? v : ''}`).join(',');
  if (!held || !(rule.states ?? TAKEN_STATES).includes(held.status)) return simulatorText.matchMissing[rule.missing](keyText);
  for (const [mine, theirs, label] of rule.equal ?? []) {
    if (!same(head[mine], held.head[theirs])) return simulatorText.matchDiffers(label, mine, head[mine] ?? '', held.head[theirs] ?? '');
  }
  return undefined;
}

/**
 * Import only: the payment's amountPaid must equal the order's acturalPaid, and the waybill's
 * consignee must be the order's (ceb-messages §10).
 */
export function judgeImportTrio(order?: HeldDocument, payment?: HeldDocument, waybill?: HeldDocument): string | undefined {
  if (order && payment && !same(payment.head.amountPaid, order.head.acturalPaid)) {
    return simulatorText.paymentDiffers(payment.head.amountPaid ?? '', order.head.acturalPaid ?? '');
  }
  if (order && waybill) {
    for (const [field, label] of [['consignee', '收货人姓名'], ['consigneeTelephone', '收货人电话'], ['consigneeAddress', '收货地址']] as const) {
      if ((order.head[field] ?? '') !== (waybill.head[field] ?? '')) return simulatorText.consigneeDiffers(label, field);
    }
  }
  return undefined;
}
