/**
 * How a declaration gets its signature. SIGN_MODE=software: a Signer signs in the outbox worker
 * before delivery. SIGN_MODE=external: the message waits as a sign record (records.ts) until the
 * company's UKey client posts the signature back; no Signer runs on the server.
 * SIGN_ALGORITHM: sm2 (SM2/SM3, the 202205 spec's preferred pair, today's UKeys) or rsa (RSA-SHA1,
 * older keys) — what the software key signs with and what a new sign record offers first.
 */
import type { SchemaName } from '../schemas.ts';

export type SignMode = 'software' | 'external';
export type SignAlgorithm = 'sm2' | 'rsa';
export const SIGN_ALGORITHMS: readonly SignAlgorithm[] = ['sm2', 'rsa'];

export interface SignContext {
  /** which CEB schema the message belongs to: it decides where ds:Signature goes */
  schema: SchemaName;
  /** CEB303 … (logs) */
  messageType?: string;
}

export interface Signer {
  /** 'software' */
  readonly name: string;
  /** the key's algorithm */
  readonly algorithm: SignAlgorithm;
  /** The message with its enveloped ds:Signature; throws when the message is already signed or unreadable. */
  sign(xml: string, ctx: SignContext): Promise<string>;
}
