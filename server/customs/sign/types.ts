/**
 * How a declaration gets its signature. SIGN_MODE=software: a Signer signs in the outbox worker
 * before delivery. SIGN_MODE=external: the message waits as a sign record (records.ts) until the
 * company's UKey client posts the signature back; no Signer runs on the server.
 */
import type { SchemaName } from '../schemas.ts';

export type SignMode = 'software' | 'external';

export interface SignContext {
  /** which CEB schema the message belongs to: it decides where ds:Signature goes */
  schema: SchemaName;
  /** CEB303 … (logs) */
  messageType?: string;
}

export interface Signer {
  /** 'software' */
  readonly name: string;
  /** the SignatureMethod URI it writes */
  readonly algorithm: string;
  /** The message with its enveloped ds:Signature; throws when the message is already signed or unreadable. */
  sign(xml: string, ctx: SignContext): Promise<string>;
}
