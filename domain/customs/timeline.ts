/**
 * The answer of POST /api/receipter/timeline (a stored bill's 回执记录), shared by the server that
 * builds it (server/customs/timeline.ts) and the detail page that shows it.
 */
import type { ReceiptExplanation } from './return-codes.ts';

export interface MessageEvent {
  kind: 'message';
  id: number;
  /** 'YYYY-MM-DD HH:mm:ss.SSS' China time: when it was queued (its place in the timeline) */
  time: string;
  guid: string;
  /** CEB303 … */
  messageType: string;
  messageTypeName: string;
  /** pending | signing | sending | sent | failed */
  status: string;
  statusName: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface ReceiptEvent {
  kind: 'receipt';
  id: number;
  /** = returnTime */
  time: string;
  /** CEB304 …; DxpRep for the exchange's transfer receipt (传输回执) */
  messageType: string;
  messageTypeName: string;
  returnStatus: string;
  returnStatusName: string;
  returnTime: string;
  returnInfo: string;
  explain: ReceiptExplanation;
  /** a status customs documents for no edition of this receipt: shown with its raw code, applied to nothing */
  unrecognised?: true;
  /**
   * why the receipt, kept on the bill, did not move it (receiptText.held): 单据尚未申报 (it came
   * before anything of the bill was sent), 迟到回执 (of an earlier stage than the one the bill reached)
   */
  held?: string;
}

export type TimelineEvent = MessageEvent | ReceiptEvent;

export interface BillTimeline {
  /** the bill's stored state code */
  state: string;
  stateName?: string;
  events: TimelineEvent[];
}
