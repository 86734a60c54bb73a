/**
 * Definition words for the actions that make bills from other bills, create bills from an Excel
 * upload, and lists that show another bill's lines (bills §2, §4, §7): 申请退货, 申请撤单, 批量离境,
 * 生成运抵单, 生成清单总分单, 汇总申请, 上传Excel, 汇总申请明细. Plain data, read by the server
 * (server/bills/derive/) and the list page (src/features/bills/overrides/); no bill key is ever
 * named in generic code.
 */

/** The BillApi keys whose work a DeriveDef describes (definition.derive). */
export type DeriveKey = 'refund' | 'cancel' | 'leave' | 'delivery' | 'reinsurance' | 'summarize' | 'summarizeByCondition';

/** Where a made bill's value comes from. */
export type DerivedValue =
  /** a head field of the source bill (the group's first) */
  | { from: string }
  /** a line field of the source bill (lines made per source line only) */
  | { line: string }
  /** what the user answered in the action's form or prompt; left empty: the source head field `from` */
  | { form: string; from?: string }
  /** a fixed value */
  | { value: string | number }
  /** the sum of a numeric head field over the group's sources (总分单 毛重) */
  | { sum: string }
  /** a source head field translated (贸易方式 9610 → 9661 出口退货); a value not listed is kept */
  | { from: string; map: Readonly<Record<string, string>> }
  /**
   * a new enterprise number: the prefix, the China time to the millisecond and a serial; the year
   * in two digits when the four would not fit the field (a 20-character import copNo)
   */
  | { number: string };

/** Head fields copied as they are from the source bill: fromSource('copNo') → { copNo: { from: 'copNo' } }. */
export const fromSource = (...names: string[]): Record<string, DerivedValue> => Object.fromEntries(names.map((n) => [n, { from: n }]));

/** Line fields copied as they are from the source line: fromSourceLine('gnum') → { gnum: { line: 'gnum' } }. */
export const fromSourceLine = (...names: string[]): Record<string, DerivedValue> => Object.fromEntries(names.map((n) => [n, { line: n }]));

/**
 * An action that makes bills of another type (`target`) from the selected bills (or from the
 * bills a condition finds), in one transaction per made bill: each source's state must accept
 * `event`, sources with equal `groupBy` values make one bill, its head and lines come from the
 * mappings, and it is declared at once when `declare` says so. Nothing of a group is kept when
 * any part of it is refused.
 */
export interface DeriveDef {
  /** the bill key made (same mode) */
  target: string;
  /** the bill key the sources are (default: the definition carrying this word) */
  source?: string;
  /** the lifecycle event each source's state must accept (machines/bill-lifecycle.ts) */
  event: string;
  /** how a refusal names the action: `清单编号 X 当前状态为暂存，不能申请退货` */
  verb: string;
  /** source head fields whose equal values put sources into one made bill; absent: one per source */
  groupBy?: readonly string[];
  /** the made bill's head fields */
  head: Readonly<Record<string, DerivedValue>>;
  /** the made bill's lines: one per source bill, or one per line of each source */
  lines?: { per: 'source' | 'sourceLine'; fields: Readonly<Record<string, DerivedValue>> };
  /** declared at once (the outbox message written with the bill); else kept as a draft on its page */
  declare?: boolean;
  /**
   * A source may be in one live made bill only: its `source` head field must not be the `line`
   * field of a line of a made bill that customs has not refused (汇总申请: each inventory once).
   */
  onceBy?: { source: string; line: string };
  /**
   * The made bill's head fields that name its source (撤单/退货: invtNo): a bill of the target type
   * with the same values means the source was already acted on, said in the action's words. Absent:
   * the target's uniqueBy. The made bill's own number (uniqueBy) stays unique as well.
   */
  oncePer?: readonly string[];
  /** the sources are those of the source list the request's terms find, in states accepting `event` */
  byCondition?: { max: number };
}

/**
 * Bills created by uploading the page's data template (下载数据模板 / 上传Excel): one column per
 * field, headed by its label; rows with the same title field value make one bill, whose head is
 * the first such row and whose lines are the rows' line columns. Every bill is checked as for
 * declaring and all are saved in one transaction, or none.
 */
export interface UploadDef {
  /** head fields, in column order (the title field among them) */
  head: readonly string[];
  /** line fields after them (a bill without lines: none) */
  lines?: readonly string[];
  /** most data rows one file may hold */
  maxRows: number;
  /**
   * Filled-in rows (field name → value) the template shows on its 填写示例 sheet: a bill a user could
   * upload as it is (a test uploads them), so the example never disagrees with the checks.
   */
  sample: readonly Readonly<Record<string, string | number>>[];
}

/**
 * One refused cell or row of an upload (data.rows of the refusal): the row as Excel numbers it,
 * the column's header (the field's label), and what is wrong in Chinese.
 */
export interface UploadRowError {
  row: number;
  column: string;
  message: string;
}

/**
 * A list of another bill type's lines (汇总申请明细: the inventories inside summary applications):
 * each row is one line with `headFields` from its bill, the bill's state, and the other head fields
 * of this definition read from the line.
 */
export interface LinesViewDef {
  /** the bill key whose lines are listed (same mode) */
  bill: string;
  /** this definition's head fields taken from the line's bill rather than the line */
  headFields: readonly string[];
}
