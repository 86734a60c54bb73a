/**
 * What the rest of the server uses of signing (SIGN_MODE, ceb-messages §8):
 *
 *   software  createSoftwareSigner(config.dataDir) once; the outbox worker calls
 *             signDeclaration(signer, message) before delivery (a message already signed — a
 *             redelivery of a stored signed message — is returned as it is).
 *   external  the outbox worker, on claiming an unsigned message, calls holdUnsigned(trx, message):
 *             requestSignature puts it in status 'signing' (never claimed) with a sign record; the
 *             client's POST /api/sign/client/complete (completeSignature) makes it 'pending'
 *             again, signed, and wakes the worker, which then delivers it.
 *   both      verifySignature(xml) → {ok, algorithm, certificate} | {ok: false, reason} (the simulator's
 *             check, the external mode's before it accepts a signature); reportSignature(xml) for
 *             the 查看报文 view (签名算法 and 验签通过/验签失败).
 *
 * A 报关单 (DecMessage) is not signed here in either mode: the 单一窗口 client signs its DecSign block
 * with the operator's card when it takes the file (definition.message.dec.signedBy 'client'), so
 * both calls below pass it on unsigned — no XML-DSig, no sign record.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { signedByClient } from '../message-defs.ts';
import { initCustomsSchemas } from '../schemas.ts';
import type { OutboundMessage } from '../transport/types.ts';
import { hasSignature } from './dsig.ts';
import { schemaOfMessageType } from './message-types.ts';
import { requestSignature } from './records.ts';
import type { SignAlgorithm, Signer } from './types.ts';

export { hasSignature } from './dsig.ts';
export { schemaOfMessageType, signTypeName } from './message-types.ts';
export { completeSignature, failSignature, requestSignature, SIGNING_STATUS, SignState } from './records.ts';
export { createSoftwareSigner } from './software.ts';
export { SIGN_ALGORITHMS, type SignAlgorithm, type SignContext, type Signer, type SignMode } from './types.ts';
export { reportSignature, verifySignature, type SignatureReport, type VerifyResult } from './verify.ts';

/** The message signed by `signer`, or as it is when it already carries a ds:Signature. */
export async function signDeclaration(signer: Signer, message: { messageType: string; xml: string }): Promise<string> {
  if (signedByClient(message.messageType)) return message.xml;
  await initCustomsSchemas(); // hasSignature parses with libxml2
  if (hasSignature(message.xml)) return message.xml;
  return signer.sign(message.xml, { schema: schemaOfMessageType(message.messageType), messageType: message.messageType });
}

/** SIGN_MODE=external: an unsigned message waits for the signing client (true); a signed one goes (false). */
export async function holdUnsigned(trx: Kysely<Database>, message: OutboundMessage, algorithm: SignAlgorithm): Promise<boolean> {
  if (signedByClient(message.messageType)) return false;
  await initCustomsSchemas();
  if (hasSignature(message.xml)) return false;
  await requestSignature(trx, {
    id: message.id, companyId: message.companyId, guid: message.guid,
    messageType: message.messageType, xml: message.xml, billId: message.billId,
  }, algorithm);
  return true;
}
