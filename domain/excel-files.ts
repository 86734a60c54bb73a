/**
 * Which workbooks a user may upload (bills §5, issue 18): .xlsx only. An old .xls is named as such
 * and refused with 请将文件另存为 .xlsx 后上传, in the browser when it is picked and by the server at
 * upload, never later as a misleading 模板不正确 (docs/decisions/i18-addresses-xls-refused-upload.md: no .xls reader).
 */
import { billText } from './texts/bills.ts';

/** The file picker's accept list. */
export const EXCEL_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The lower-case extension of a name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why a workbook of this name cannot be uploaded, or null for an .xlsx. */
export function excelNameProblem(name: string): string | null {
  const ext = extensionOf(name);
  if (ext === 'xls') return billText.saveAsXlsx;
  return ext === 'xlsx' ? null : billText.badTemplate;
}

/**
 * The first bytes of an OLE2 compound file — what an .xls is. A workbook renamed from .xls to
 * .xlsx starts with them; it is refused with the same advice.
 */
export const OLE2_SIGNATURE: readonly number[] = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function isOle2(head: Uint8Array): boolean {
  return head.length >= OLE2_SIGNATURE.length && OLE2_SIGNATURE.every((b, i) => head[i] === b);
}
