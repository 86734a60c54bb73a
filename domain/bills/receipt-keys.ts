/**
 * The receipt fields that find a bill: the definition's receipt keys, less the part number of a
 * split bill (message.split) — every part's receipt belongs to the one bill, and a bill's receipt
 * list shows all of its parts. The part number stays in each receipt's once key.
 */
import type { BillDefinition } from './types.ts';

export function receiptMatchKeys(def: BillDefinition): readonly string[] {
  const keys = def.message?.receipt.keys ?? [];
  const part = def.message?.split?.seqField;
  return part ? keys.filter((k) => k !== part) : keys;
}

/** The part-number fields of the definitions a receipt type answers (they narrow, never required). */
export function partFieldsOf(defs: readonly BillDefinition[], receiptType: string): Set<string> {
  return new Set(defs.flatMap((d) => (d.message?.receipt.type === receiptType && d.message.split ? [d.message.split.seqField] : [])));
}
