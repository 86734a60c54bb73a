/**
 * The one registry of bill types. Adding a bill type is a definition file and a line here; list
 * and detail pages, server routes, validation, Excel templates and XML all read it.
 */
import { exportOrder } from './export-order.ts';
import { exportReceipt } from './export-receipt.ts';
import { exportWaybill } from './export-waybill.ts';
import type { BillDefinition, BillMode } from './types.ts';

export const billDefinitions: readonly BillDefinition[] = [exportOrder, exportReceipt, exportWaybill];

export function findBill(mode: string, key: string): BillDefinition | undefined {
  return billDefinitions.find((d) => d.mode === mode && d.key === key);
}

export type { BillDefinition, BillMode };
