/**
 * The live events of GET /api/events (issue 16), shared by the server and the browser. Events are
 * hints, not data: they say what changed so a page refetches what it shows. Every event is scoped
 * to the reader's company (notices are the platform's, read by everybody).
 */

/** What changed on a bill: its state (also: created, deleted), a receipt arrived, or its data. */
export type BillChange = 'state' | 'receipt' | 'data';

export interface BillChangedEvent {
  type: 'bill';
  mode: string;
  key: string;
  id: number;
  state: string;
  stateName: string;
  change: BillChange;
}

/** A list's rows or state counts changed: the list of (mode, key) refetches its page and counts. */
export interface CountsChangedEvent {
  type: 'counts';
  mode: string;
  key: string;
}

export interface JobProgressEvent {
  type: 'job';
  jobId: number;
  done: number;
  total: number;
  state: string;
}

export interface NoticePublishedEvent {
  type: 'notice';
  id: number;
}

export interface FilingChangedEvent {
  type: 'filing';
  approveState: number;
}

/**
 * The main account changed this sub-account's grants (issue 17): its menu and buttons are fetched
 * again (GET /api/enterprise/user/modules) without a new login. Sent to that user's streams only.
 */
export interface GrantsChangedEvent {
  type: 'grants';
  userId: number;
}

/**
 * The service desk changed one of the company's tickets (issue 20): answered it, took it, closed it
 * (or the company itself wrote or removed one). Its open detail and the ticket list refetch.
 */
export interface TicketChangedEvent {
  type: 'ticket';
  id: number;
  state: string;
}

/** The three settlement records an operator decides on (结汇, 核销, 补贴; issue 20). */
export type SettlementKind = 'settlement' | 'verification' | 'subsidy';

/**
 * A 结汇单, 核销申请 or 补贴申请 of the company changed state (受理, 审核通过, 退回 by the operator, or the
 * company's own action): the page listing that kind refetches.
 */
export interface SettlementChangedEvent {
  type: 'settlement';
  kind: SettlementKind;
  id: number;
  state: string;
}

/** The operator's review queues (审核管理, issue 20). */
export type ReviewQueue = 'filing' | 'ticket' | SettlementKind;

/**
 * Something entered or moved in an operator's queue (a company filed, wrote a ticket, applied for a
 * settlement; another operator decided). Sent on the platform's channel only: operators' streams
 * hear it, no company's stream ever does.
 */
export interface ReviewQueueEvent {
  type: 'review';
  queue: ReviewQueue;
}

/**
 * The company's 未匹配回执 changed: a receipt arrived that matches none of its bills, or a bill saved
 * or imported since claimed some (they leave the page). The page refetches.
 */
export interface UnmatchedChangedEvent {
  type: 'unmatched';
}

/**
 * Whatever was missed cannot be told (a Last-Event-ID older than the kept window or from another
 * app server, a lost LISTEN connection, a burst too big to list): refetch everything shown.
 */
export interface ResyncEvent {
  type: 'resync';
}

export type LiveEvent = BillChangedEvent | CountsChangedEvent | JobProgressEvent | NoticePublishedEvent | FilingChangedEvent | GrantsChangedEvent
  | TicketChangedEvent | SettlementChangedEvent | ReviewQueueEvent | UnmatchedChangedEvent | ResyncEvent;
export type LiveEventType = LiveEvent['type'];

/** SSE `event:` names, one per type (EventSource listens by name). */
export const liveEventNames: Record<LiveEventType, string> = {
  bill: 'bill',
  counts: 'counts',
  job: 'job',
  notice: 'notice',
  filing: 'filing',
  grants: 'grants',
  ticket: 'ticket',
  settlement: 'settlement',
  review: 'review',
  unmatched: 'unmatched',
  resync: 'resync',
};

/** Whether a fact of the reader's company is for this reader: a grants change only for its own user. */
export function concernsReader(event: LiveEvent, userId: number): boolean {
  return event.type !== 'grants' || event.userId === userId;
}

/**
 * The audience of the platform's facts (the review queues): the streams of operators (PLATFORM
 * users), who have no company. A company's facts and a company's streams never meet it.
 */
export const PLATFORM_AUDIENCE = 'platform';
export type Audience = number | typeof PLATFORM_AUDIENCE;

/** The stream's end: the session is over (logout, freeze, expiry); the page must not reconnect with it. */
export const LIVE_END_EVENT = 'end';

/**
 * Why a session ended, told with the stream's `end` (issue 29) so the console leaves for /login
 * saying so: the user frozen (禁止登陆, by the main account), its company frozen by the platform, the
 * user deleted, or the login ended elsewhere (退出系统 in another tab, a password change or reset,
 * a refresh token's reuse).
 */
export type SessionEndReason = 'frozen' | 'companyFrozen' | 'deleted' | 'loggedOut';
export const SESSION_END_REASONS: readonly SessionEndReason[] = ['frozen', 'companyFrozen', 'deleted', 'loggedOut'];

/** The `end` message's data: `{reason}` (a server before issue 29 sent `{}`). */
export function sessionEndReasonOf(data: string | undefined): SessionEndReason | undefined {
  try {
    const reason = (JSON.parse(data ?? '') as { reason?: unknown } | null)?.reason;
    return SESSION_END_REASONS.find((r) => r === reason);
  } catch {
    return undefined;
  }
}

/** Paths of the stream and of its one-use ticket (for EventSource, which cannot send headers). */
export const liveEventPaths = { stream: '/api/events', ticket: '/api/events/ticket' } as const;

/**
 * The states in which customs has answered a declaration (docs/decisions/live-console-what-counts-customs-answer.md, "Issue 16: customs'
 * answer toasts"): accepted (120 海关入库, 399 海关审结, 800 放行, 899 结关), refused (100 海关退单,
 * ERROR 申报异常: a negative returnStatus) or held (500 海关查验, 501–599 扣留, 700 退运). Only
 * receipts put a bill in them. The e-port's relay states (1–4) and waits (300 人工审核, 505 移交,
 * 600 挂起) are not an answer yet.
 */
export const customsAnswerStates: ReadonlySet<string> = new Set(['100', '120', '399', '500', '501', '502', '503', '599', '700', '800', '899', 'ERROR']);

/** The answers that refuse the bill: their toast carries customs' reason (the receipt's returnInfo). */
export const customsRefusalStates: ReadonlySet<string> = new Set(['100', 'ERROR']);

/** A bill moved into a customs answer: the state itself changed (not a later receipt of the same state). */
export function isCustomsAnswer(event: LiveEvent): event is BillChangedEvent {
  return event.type === 'bill' && event.change === 'state' && customsAnswerStates.has(event.state);
}
