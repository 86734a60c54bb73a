/**
 * Definition words for bills that are more than a form declared to customs (types.ts holds the
 * format, these its newer parts): bills customs issues and the receipt pipeline fills (汇总结果单,
 * 税单), lines picked from other bills (报关单's 订单汇总), and checks against other bills before a
 * declaration (进口清单's 三单比对). Plain data, read by generic code; no bill key is named there.
 */
import type { SearchField } from './types.ts';

export type IssuedMessage = 'CEB792' | 'CEB816' | 'CEB818';

/**
 * Where one field's value comes from when a customs-issued message fills a bill:
 * - 'name': the message's field (a line's first, then its head's, when the bill is made per line)
 * - {related}: a head field of the bill the message belongs to (the 进口清单 of a CEB816, by invtNo)
 * - {relatedLine}: that field of the related bill's line with the same gnum
 * - {sum}: the message fields added up (decimals)
 * - {percent}: first / second × 100, two decimals (an effective rate)
 * - {time}: the message's time (opDate / returnTime) as a date-time
 * - a list: the first of them that gives a value
 */
export type IssuedSource =
  | string
  | { related: string }
  | { relatedLine: string }
  | { sum: readonly string[] }
  | { percent: readonly [string, string] }
  | { time: true }
  | readonly IssuedSource[];

/** How one customs-issued message type fills bills of a definition with `issuedBy: 'customs'`. */
export interface IssuedFill {
  message: IssuedMessage;
  /** one bill per element (head and its lines), or one per line of the element (the head repeated) */
  per: 'element' | 'line';
  /** a message with no bill of its identity yet makes one; false: it only updates one (CEB818) */
  creates: boolean;
  /** the head fields that identify the bill: a later message with the same values updates it */
  identity: readonly string[];
  /** head field ← source; fields a message does not give keep their stored value */
  head: Readonly<Record<string, IssuedSource>>;
  /** line field ← source; the bill's lines are replaced by the message's (per 'element' only) */
  lines?: Readonly<Record<string, IssuedSource>>;
  /** the message field that is the bill's state (status), or one state every such bill has */
  state: string | { fixed: string };
}

/** Where a picked line's field comes from: the picked bill's line field, its head field, or a fixed value. */
export type PickSource = string | { head: string } | { value: string };

/**
 * Lines made from other bills the user picks in a dialog (报关单 订单汇总, bills §2, §7): the
 * dialog lists bills of `from` (api.pickList), the chosen ones' lines become this bill's lines
 * (api.pickSave with headId and `idsField`), equal goods merged, numbered after the lines it has.
 */
export interface PickLinesDef {
  from: { mode: 'export' | 'import'; key: string };
  /** only bills in these states are offered (customs has taken them) */
  states: readonly string[];
  /** the request field carrying the chosen ids (saveListByOrderIds: orderIds) */
  idsField: string;
  /** line field ← source */
  lines: Readonly<Record<string, PickSource>>;
  /** the line's number field, continued after the bill's own lines */
  sequenceField: string;
  /** picked lines equal in these (line) fields become one line … */
  mergeBy: readonly string[];
  /** … with these fields added up */
  sum: readonly string[];
  /** what the dialog's table shows of each offered bill (bills §3 "Order in the summary dialog") */
  columns: readonly string[];
  /** the dialog's search fields (columns of the picked bill's list) */
  search: readonly SearchField[];
}

/** Another bill customs must hold before this one is declared (三单比对). */
export interface CompanionRule {
  /** how the other rules name it: order, payment, waybill */
  name: string;
  bill: { mode: 'export' | 'import'; key: string };
  /** their field ← my field: how it is found (the newest of the company's) */
  by: Readonly<Record<string, string>>;
  /** the states that count (customs took it) */
  states: readonly string[];
  /** [my field, their field] that must be equal */
  equal?: readonly (readonly [string, string])[];
}

/** Pure rules of domain/bills/import-checks.ts a definition may name. */
export type DeclareRuleName =
  /** the order's acturalPaid = goodsValue + freight + taxTotal − discount */
  | 'paidFormula';

export interface DeclareChecksDef {
  companions: readonly CompanionRule[];
  /**
   * ['payment.amountPaid', 'order.acturalPaid']: a field of one companion equals one of another's;
   * with 'ifSet', only when the second holds a value (the order's optional payCode)
   */
  across?: readonly (readonly [string, string] | readonly [string, string, 'ifSet'])[];
  rules?: readonly DeclareRuleName[];
}
