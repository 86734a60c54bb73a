/**
 * The receipt fields that find a bill: the definition's receipt keys, less the part number of a
 * split bill (message.split) — every part's receipt belongs to the one bill, and a bill's receipt
 * list shows all of its parts. The part number stays in each receipt's once key.
 */
import { messageReceiptsOf } from './message-receipts.ts';
import type { BillDefinition } from './types.ts';

/**
 * With `receiptType`, the keys of that receipt of the message; without, those of every receipt
 * answering it (报关单: the import response's copNo and DEC_DATA's seqNo), for the 回执 lookup.
 */
export function receiptMatchKeys(def: BillDefinition, receiptType?: string): readonly string[] {
  const receipts = messageReceiptsOf(def.message).filter((r) => receiptType === undefined || r.type === receiptType);
  const keys = [...new Set(receipts.flatMap((r) => r.keys))];
  const part = def.message?.split?.seqField;
  return part ? keys.filter((k) => k !== part) : keys;
}

/** The part-number fields of the definitions a receipt type answers (they narrow, never required). */
export function partFieldsOf(defs: readonly BillDefinition[], receiptType: string): Set<string> {
  return new Set(defs.flatMap((d) => (messageReceiptsOf(d.message).some((r) => r.type === receiptType) && d.message?.split ? [d.message.split.seqField] : [])));
}
