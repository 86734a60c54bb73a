/**
 * What a bill address /bill/{mode}/{key} or /details/{mode}/{key} names (bills §2), from the keys
 * alone: a registered bill; a key that was renamed (the old address then leads to the new one, so
 * bookmarks keep working); a bill type that only the other mode has (该业务类型不适用于…, not a 404
 * or an empty list); or nothing. The route loader asks it before any page (or definition) loads.
 */
import { isBillKey } from './bill-keys.ts';
import type { BillMode } from './types.ts';

/** Old keys of a mode → the key the spec gives (bills §2 keys: the import payment slip is `receipt`). */
export const movedBillKeys: Readonly<Record<BillMode, Readonly<Record<string, string>>>> = {
  export: {},
  import: { payment: 'receipt' },
};

export type BillAddress =
  | { kind: 'bill' }
  | { kind: 'moved'; key: string }
  | { kind: 'notApplicable'; mode: BillMode }
  | { kind: 'unknown' };

const isMode = (mode: string): mode is BillMode => mode === 'export' || mode === 'import';
const otherMode = (mode: BillMode): BillMode => (mode === 'export' ? 'import' : 'export');

export function billAddress(mode: string, key: string): BillAddress {
  if (!isMode(mode)) return { kind: 'unknown' };
  if (isBillKey(mode, key)) return { kind: 'bill' };
  const moved = Object.hasOwn(movedBillKeys[mode], key) ? movedBillKeys[mode][key] : undefined;
  if (moved) return { kind: 'moved', key: moved };
  return isBillKey(otherMode(mode), key) ? { kind: 'notApplicable', mode } : { kind: 'unknown' };
}
