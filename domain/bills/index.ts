/**
 * The one registry of bill types. Adding a bill type is a definition file and a line here; list
 * and detail pages, server routes, validation, Excel templates and XML all read it.
 */
import { exportOrder } from './export-order.ts';
import { exportReceipt } from './export-receipt.ts';
import { exportWaybill } from './export-waybill.ts';
import { exportArrivalNote } from './export-arrival-note.ts';
import { exportDepartureForm } from './export-departure-form.ts';
import { exportDetailedList } from './export-detailed-list.ts';
import { exportBillCancellation } from './export-bill-cancellation.ts';
import { exportBillOfLading } from './export-bill-of-lading.ts';
import { exportReturnApplicationForm } from './export-return-application-form.ts';
import { exportTallying } from './export-tallying.ts';
import { exportSummaryApplicationForm } from './export-summary-application-form.ts';
import { importOrder } from './import-order.ts';
import { importPayment } from './import-payment.ts';
import { importWaybill } from './import-waybill.ts';
import { importDetailedList } from './import-detailed-list.ts';
import { importBillCancellation } from './import-bill-cancellation.ts';
import { importReturnApplicationForm } from './import-return-application-form.ts';
import { importWarehousingDetails } from './import-warehousing-details.ts';
import { importTaxbill } from './import-taxbill.ts';
import { importOperatorPort } from './import-operator-port.ts';
import { exportSummaryResultSheet } from './export-summary-result-sheet.ts';
import { exportListTotalScoreSheet } from './export-list-total-score-sheet.ts';
import { exportDeclarationForm } from './export-declaration-form.ts';
import { exportBillTotalOrderCancellation } from './export-bill-total-order-cancellation.ts';
import { exportSummaryApplicationDetailList } from './export-summary-application-detail-list.ts';
import type { BillDefinition, BillMode } from './types.ts';

export const billDefinitions: readonly BillDefinition[] = [exportOrder, exportReceipt, exportWaybill,
  importOrder, importPayment, importWaybill, importDetailedList, importBillCancellation, importReturnApplicationForm, importWarehousingDetails,
  // 总分单撤销 before 清单总分单: both are answered by CEB608 under the bill's copNo, and once a
  // cancellation exists the answers are its (ingest takes the first definition with a matching bill)
  exportArrivalNote, exportDepartureForm, exportDetailedList, exportBillCancellation, exportBillTotalOrderCancellation, exportBillOfLading,
  exportReturnApplicationForm, exportTallying, exportSummaryApplicationForm, exportSummaryApplicationDetailList,
  importTaxbill, importOperatorPort, exportSummaryResultSheet, exportListTotalScoreSheet, exportDeclarationForm,
];

export function findBill(mode: string, key: string): BillDefinition | undefined {
  return billDefinitions.find((d) => d.mode === mode && d.key === key);
}

export type { BillDefinition, BillMode };
