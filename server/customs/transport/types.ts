/**
 * How a declaration leaves the console. The outbox worker hands every due message to one
 * Transport; today the embedded simulator, later DXP (terminal / transport node) and a folder
 * exchange with the official client. Receipts travel the other way through a ReceiptSink.
 */

export interface OutboundMessage {
  /** customs_messages.id */
  id: number;
  /** the CEB root guid, also the DXP CopMsgId: a message redelivered keeps it, so the other side can dedupe */
  guid: string;
  companyId: number;
  billId: number | null;
  /** CEB303 … */
  messageType: string;
  xml: string;
  /** 1 on the first delivery */
  attempt: number;
}

export interface Transport {
  readonly name: string;
  /** Resolves when the other side has taken the message; throws when it has not. */
  deliver(message: OutboundMessage): Promise<void>;
  /** Starts work of its own once the server is ready (the simulator's planned replies, the folder's inbox polling). */
  start?(): void;
  /** Resolves when work the transport started on its own (pending receipts) is done; for tests and shutdown. */
  settle?(): Promise<void>;
  /** Stops the transport; work already accepted is finished first. */
  close?(): Promise<void>;
}

/**
 * The other side refused the message for good (schema or format failure, DXP 0001/0002, a bad
 * signature): retrying cannot help, so the worker fails it at once instead of backing off.
 */
export class TransportRejection extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransportRejection';
  }
}

/**
 * Where receipts go: the receipt pipeline (ingestReceiptXml) with what the channel knows of the
 * receiver. Files arrive as bytes: the reader decodes them by their own declaration (UTF-8 or GBK).
 */
export type ReceiptSink = (xml: string | Uint8Array, meta: { companyId?: number | null }) => Promise<unknown>;
