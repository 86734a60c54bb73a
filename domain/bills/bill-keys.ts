/**
 * Which bill keys each mode registers, as plain data: what an address needs to be told apart
 * (bills §2) before any page loads. The definitions themselves (fields, columns, rules) are ~20 KB
 * gzipped that /login must not carry (issue 31: its budget is 250 KB); bill-keys.test.ts holds
 * this list to the registry in index.ts.
 */
import type { BillMode } from './types.ts';

export const billKeys: Readonly<Record<BillMode, readonly string[]>> = {
  export: ['order', 'receipt', 'waybill', 'arrivalNote', 'departureForm', 'detailedList', 'billCancellation',
    'billTotalOrderCancellation', 'billOfLading', 'returnApplicationForm', 'tallying', 'summaryApplicationForm',
    'summaryApplicationDetailList', 'summaryResultSheet', 'listTotalScoreSheet', 'declarationForm'],
  import: ['order', 'receipt', 'waybill', 'detailedList', 'billCancellation', 'returnApplicationForm', 'warehousingDetails',
    'taxbill', 'operatorPort'],
};

export function isBillKey(mode: BillMode, key: string): boolean {
  return billKeys[mode].includes(key);
}
