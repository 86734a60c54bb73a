/**
 * The parts of one split declaration (msgCount/msgSeqNo: 运抵单, 离境单, 清单总分单, 汇总申请 over 1,000
 * lines) are one document to customs: every part carries the numbers customs issues for it (one
 * preNo, one sumNo), whichever part is answered first. Customs holds each part under its own key
 * (… | msgSeqNo); the siblings are the same key with the other sequence numbers.
 */
import { businessKey } from './memory.ts';

/** The business keys of every part of the document `head` is a part of; [] when it is not split. */
export function siblingKeys(key: readonly string[], head: Readonly<Record<string, string>>): string[] {
  const count = Number(head.msgCount);
  if (!key.includes('msgSeqNo') || !Number.isInteger(count) || count < 2 || count > 1000) return [];
  const keys: string[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const k = businessKey(key, { ...head, msgSeqNo: String(seq) });
    if (k !== undefined) keys.push(k);
  }
  return keys;
}

export interface HeldPart {
  id: number;
  numbers: Record<string, string>;
}

/**
 * The numbers the parts already hold (the first part's win), and the serial new numbers take:
 * the lowest document id among the parts, so a number issued for any part is the same.
 */
export function sharedNumbers(parts: readonly HeldPart[], ownId: number): { held: Record<string, string>; serial: number } {
  const sorted = [...parts].sort((a, b) => a.id - b.id);
  const held: Record<string, string> = {};
  for (const p of sorted) for (const [k, v] of Object.entries(p.numbers)) held[k] ??= v;
  return { held, serial: Math.min(ownId, ...sorted.map((p) => p.id)) };
}
