/**
 * The bill-number import of a reward application (accounts §5, §9): one Excel file, at most 20,000
 * rows, main waybill numbers only. The template's columns are the subsidy bill row's fields (§3);
 * only the bill number is required. Pure: the server reads the cells and hands them here.
 */
import { rewardText } from '../texts/rewards.ts';

export const MAX_IMPORT_ROWS = 20_000;
/** The import number of an application with no bill list yet (§9). */
export const NO_IMPORT = -99999;

export const importColumns = [
  { field: 'billNo', label: '提单号' },
  { field: 'payCompanyName', label: '付款企业' },
  { field: 'recCompanyName', label: '收款企业' },
  { field: 'takeTime', label: '提货时间' },
  { field: 'flightNo', label: '航班号' },
  { field: 'flightDate', label: '航班日期' },
  { field: 'grossWeight', label: '毛重（千克）' },
] as const;

export interface ImportedBill {
  rowNo: number;
  billNo: string;
  payCompanyName: string | null;
  recCompanyName: string | null;
  takeTime: string | null;
  flightNo: string | null;
  flightDate: string | null;
  grossWeight: number | null;
}

/**
 * A main air waybill number: the 3-digit airline prefix and the 8-digit serial, with or without
 * the hyphen (784-12345675). A sub-waybill (分运单) suffix such as -001 or _1 makes it longer, so it
 * is refused. The check digit is not enforced (ours: the spec asks for the main number only).
 */
export const MAIN_BILL_NO = /^\d{3}-?\d{8}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const FLIGHT = /^[A-Z0-9]{2}\d{1,5}[A-Z]?$/;

/** 784-12345675 whatever way it was typed. */
export const normalizeBillNo = (v: string): string => {
  const t = v.trim().replace(/\s+/g, '');
  return /^\d{11}$/.test(t) ? `${t.slice(0, 3)}-${t.slice(3)}` : t;
};

export type Cell = string | number | null;

/**
 * Checks the rows (cells in importColumns order; rowNo as Excel numbers them) and answers the bills
 * or the first problems (at most 20, so a wholly wrong file reads quickly).
 */
export function checkImportRows(rows: readonly { rowNo: number; cells: readonly Cell[] }[]): { bills: ImportedBill[]; problems: string[] } {
  const problems: string[] = [];
  const bills: ImportedBill[] = [];
  const seen = new Set<string>();
  const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : String(c).trim());
  for (const { rowNo, cells } of rows) {
    if (problems.length >= 20) break;
    const raw = text(cells[0]);
    const billNo = normalizeBillNo(raw);
    if (!MAIN_BILL_NO.test(billNo)) { problems.push(rewardText.badBillNo(rowNo, raw)); continue; }
    if (seen.has(billNo)) { problems.push(rewardText.duplicateBillNo(rowNo, raw)); continue; }
    seen.add(billNo);
    const takeTime = text(cells[3]);
    const flightNo = text(cells[4]).toUpperCase();
    const flightDate = text(cells[5]);
    const weight = text(cells[6]);
    const bad = (label: string) => problems.push(rewardText.badCell(rowNo, label));
    if (takeTime && !DATE_TIME.test(takeTime)) { bad('提货时间'); continue; }
    if (flightNo && !FLIGHT.test(flightNo)) { bad('航班号'); continue; }
    if (flightDate && !DATE.test(flightDate)) { bad('航班日期'); continue; }
    if (weight && !(Number.isFinite(Number(weight)) && Number(weight) >= 0)) { bad('毛重'); continue; }
    const name = (c: Cell | undefined) => text(c).slice(0, 100) || null;
    bills.push({
      rowNo, billNo, payCompanyName: name(cells[1]), recCompanyName: name(cells[2]),
      takeTime: takeTime || null, flightNo: flightNo || null, flightDate: flightDate || null,
      grossWeight: weight ? Number(weight) : null,
    });
  }
  return { bills, problems };
}
