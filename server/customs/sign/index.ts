/**
 * What the rest of the server uses of signing (SIGN_MODE, ceb-messages §8):
 *
 *   software  createSoftwareSigner(config.dataDir) once; the outbox worker calls
 *             signDeclaration(signer, message) before delivery (a message already signed — a
 *             redelivery of a stored signed message — is returned as it is).
 *   external  in the declaration's transaction, after enqueueDeclaration: requestSignature(trx,
 *             {id, companyId, guid, messageType, xml, billId}) — the message waits in status
 *             'signing', which the worker never claims; the client's POST /api/sign/client/complete
 *             (completeSignature) makes it 'pending' again, signed, and wakes the worker.
 *   both      verifySignature(xml) → {ok, certificate} | {ok: false, reason} (the simulator's check).
 */
import { initCustomsSchemas } from '../schemas.ts';
import { hasSignature } from './dsig.ts';
import { schemaOfMessageType } from './message-types.ts';
import type { Signer } from './types.ts';

export { hasSignature } from './dsig.ts';
export { schemaOfMessageType, signTypeName } from './message-types.ts';
export { completeSignature, failSignature, requestSignature, SIGNING_STATUS, SignState } from './records.ts';
export { createSoftwareSigner } from './software.ts';
export type { SignContext, Signer, SignMode } from './types.ts';
export { verifySignature, type VerifyResult } from './verify.ts';

/** The message signed by `signer`, or as it is when it already carries a ds:Signature. */
export async function signDeclaration(signer: Signer, message: { messageType: string; xml: string }): Promise<string> {
  await initCustomsSchemas(); // hasSignature parses with libxml2
  if (hasSignature(message.xml)) return message.xml;
  return signer.sign(message.xml, { schema: schemaOfMessageType(message.messageType), messageType: message.messageType });
}
