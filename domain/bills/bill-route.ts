/**
 * A bill address with its definition, for the list and detail pages (bill-address.ts says what
 * the address names; this adds the bill type's definition where it names one).
 */
import { billAddress, type BillAddress } from './bill-address.ts';
import { findBill } from './index.ts';
import type { BillDefinition } from './types.ts';

export { movedBillKeys } from './bill-address.ts';

export type BillRoute = { kind: 'bill'; definition: BillDefinition } | Exclude<BillAddress, { kind: 'bill' }>;

export function billRoute(mode: string, key: string): BillRoute {
  const address = billAddress(mode, key);
  if (address.kind !== 'bill') return address;
  const definition = findBill(mode, key);
  return definition ? { kind: 'bill', definition } : { kind: 'unknown' };
}
