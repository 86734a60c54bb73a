/**
 * What one row of a bill list carries (pageList): the bill's id and state, the list's columns, the
 * title field (how a confirm, a result or the 回执 dialog names the row) and the receipt key fields
 * (the 回执 dialog looks the bill's receipts up by them). Nothing else: a list shows about ten of a
 * bill's up to sixty fields, and among the others are buyers' ID numbers, telephones and addresses,
 * which a list has no reason to send. The detail page reads the whole bill by its id.
 */
import { receiptMatchKeys } from './receipt-keys.ts';
import type { BillDefinition } from './types.ts';

/** Every row has these, whatever the list shows: the detail link and the lifecycle's say on actions. */
const LIST_ROW_BASE = ['id', 'state'] as const;

const cache = new WeakMap<BillDefinition, readonly string[]>();

export function listRowFields(def: BillDefinition): readonly string[] {
  let fields = cache.get(def);
  if (!fields) {
    fields = [...new Set([...LIST_ROW_BASE, ...def.list.columns.map((c) => c.field), def.titleField, ...receiptMatchKeys(def)])];
    cache.set(def, fields);
  }
  return fields;
}
