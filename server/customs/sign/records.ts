/**
 * SIGN_MODE=external: declarations signed by the company's UKey client (ceb-messages §8: the card
 * sits on a Windows machine with the e-port's signing control; the server never holds its key).
 *
 *   requestSignature   the declaration's outbox message waits in status 'signing' (the worker only
 *                      claims 'pending' rows) and a sign record (state WAIT) holds the data to sign:
 *                      the canonical SignedInfo, which the client signs with RSA-SHA1 as it is.
 *   completeSignature  the client posts the signature and its certificate; they must verify over
 *                      this record's data, then the signed XML goes back to the message, which
 *                      becomes 'pending' (due now) and the record SIGNED. Anything wrong — another
 *                      record's signature, another card's certificate, a record already signed —
 *                      is refused with a Chinese reason and changes nothing.
 *   failSignature      the client gives up (no card, wrong PIN): the record FAILED, the message
 *                      'failed', the bill SEND_FAILED with the reason, as a failed delivery would.
 */
import { verify as rsaVerify } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { statesFor } from '../../../domain/bill-states.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import type { Database } from '../../db/schema.ts';
import { BizError } from '../../http/errors.ts';
import { applyBillEvent, lockBill } from '../bill-events.ts';
import { msgTypeOf } from '../dxp/wrap.ts';
import { initCustomsSchemas } from '../schemas.ts';
import { readCertificate, requireRsa, requireValidNow, type Certificate } from './certificate.ts';
import { canonicalSignedInfoOf, signEnveloped } from './dsig.ts';
import { schemaOfMessageType, signTypeName } from './message-types.ts';
import { verifySignature } from './verify.ts';

export const SignState = { wait: 'WAIT', signed: 'SIGNED', failed: 'FAILED' } as const;
/** customs_messages.status of a message waiting for its signature */
export const SIGNING_STATUS = 'signing';

const stateName = (state: string) => statesFor('EXPU', 'CbeSignState')?.find((s) => s.state === state)?.stateName ?? state;

export interface SignRequest {
  /** customs_messages.id (the row already written, e.g. by enqueueDeclaration) */
  id: number;
  companyId: number;
  guid: string;
  /** CEB303 … */
  messageType: string;
  /** the unsigned CEB document */
  xml: string;
  billId?: number | null;
}

/** The bill's own number for the record: copNo, else the first business number it has. */
async function copNoOf(trx: Kysely<Database>, billId: number | null | undefined): Promise<string | undefined> {
  if (billId === null || billId === undefined) return undefined;
  const bill = await trx.selectFrom('bill_heads')
    .select(['cop_no', 'order_no', 'logistics_no', 'invt_no', 'pay_no', 'bill_no', 'pre_no'])
    .where('id', '=', billId)
    .executeTakeFirst();
  if (!bill) return undefined;
  return bill.cop_no ?? bill.order_no ?? bill.logistics_no ?? bill.invt_no ?? bill.pay_no ?? bill.bill_no ?? bill.pre_no ?? undefined;
}

/**
 * Puts a queued message on hold for the external client: a sign record (WAIT) with the canonical
 * SignedInfo, the message in status 'signing'. Inside the caller's transaction; answers the record id.
 */
export async function requestSignature(trx: Kysely<Database>, message: SignRequest): Promise<number> {
  const schema = schemaOfMessageType(message.messageType);
  const waitSignData = canonicalSignedInfoOf(message.xml, schema);
  const type = msgTypeOf(message.messageType);
  const copNo = (await copNoOf(trx, message.billId)) ?? message.guid;
  const { id } = await trx.insertInto('sign_records').values({
    company_id: message.companyId,
    message_id: message.id,
    cop_no: copNo.slice(0, 80),
    type,
    purpose: signingText.purpose(signTypeName(type)),
    wait_sign_data: waitSignData,
    state: SignState.wait,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('customs_messages').set({ status: SIGNING_STATUS }).where('id', '=', message.id).execute();
  return Number(id);
}

export interface CompleteSignature {
  recordId: number;
  companyId: number;
  /** base64 SignatureValue: RSA-SHA1 over the record's waitSignData (UTF-8) */
  signature: string;
  /** the signing certificate: base64 DER or PEM */
  certificate: string;
  now?: Date;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The record, locked; refused unless it is this company's and still waiting. */
async function lockWaitingRecord(trx: Kysely<Database>, recordId: number, companyId: number) {
  const record = await trx.selectFrom('sign_records').selectAll()
    .where('id', '=', recordId).where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!record) throw new BizError(signingText.recordNotFound);
  if (record.state !== SignState.wait) throw new BizError(signingText.recordNotWaiting(stateName(record.state)));
  return record;
}

async function lockSigningMessage(trx: Kysely<Database>, messageId: number | null) {
  if (messageId === null) throw new BizError(signingText.messageGone);
  const message = await trx.selectFrom('customs_messages').select(['id', 'guid', 'bill_id', 'message_type', 'xml', 'status'])
    .where('id', '=', messageId).forUpdate().executeTakeFirst();
  if (!message || message.status !== SIGNING_STATUS) throw new BizError(signingText.messageGone);
  return message;
}

function certificateOf(text: string, now: Date): Certificate {
  try {
    const cert = readCertificate(text);
    requireRsa(cert);
    requireValidNow(cert, now);
    return cert;
  } catch (e) {
    throw new BizError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Finishes a waiting record with the client's signature. Answers the message id (the caller wakes
 * the outbox worker). Throws BizError with the reason and leaves everything as it was otherwise.
 */
export async function completeSignature(db: Kysely<Database>, input: CompleteSignature): Promise<{ messageId: number }> {
  const now = input.now ?? new Date();
  const signature = input.signature.replace(/\s+/g, '');
  if (!BASE64.test(signature)) throw new BizError(signingText.signatureNotBase64);
  const cert = certificateOf(input.certificate, now);
  await initCustomsSchemas(); // signing and verifying canonicalise with libxml2 (loaded after start-up)

  return db.transaction().execute(async (trx) => {
    const record = await lockWaitingRecord(trx, input.recordId, input.companyId);
    // The one check that tells a signature for another record (or by another card) from the right one.
    const ok = rsaVerify('sha1', Buffer.from(record.wait_sign_data, 'utf8'), cert.x509.publicKey, Buffer.from(signature, 'base64'));
    if (!ok) throw new BizError(signingText.signatureWrongRecord);
    const message = await lockSigningMessage(trx, record.message_id);

    const signed = signEnveloped(message.xml, {
      schema: schemaOfMessageType(message.message_type),
      keyInfo: cert.keyInfo,
      signSignedInfo: (canonical) => {
        // The message is the one the record was made from: its SignedInfo is the signed data.
        if (canonical !== record.wait_sign_data) throw new BizError(signingText.signatureWrongRecord);
        return signature;
      },
    });
    const check = verifySignature(signed);
    if (!check.ok) throw new BizError(check.reason);

    await trx.updateTable('customs_messages')
      .set({ xml: signed, status: 'pending', next_attempt_at: sql<Date>`now()`, last_error: null })
      .where('id', '=', message.id)
      .execute();
    await trx.updateTable('sign_records')
      .set({ state: SignState.signed, sign_result: signature, certificate: cert.keyInfo.certificate, return_info: signingText.signedInfo, update_time: sql<Date>`now()` })
      .where('id', '=', record.id)
      .execute();
    return { messageId: message.id };
  });
}

/** The client could not sign: record FAILED, message 'failed', bill SEND_FAILED with the reason. */
export async function failSignature(db: Kysely<Database>, input: { recordId: number; companyId: number; reason?: string }): Promise<void> {
  const info = signingText.signFailedByClient(input.reason?.trim() || signingText.signFailedNoReason).slice(0, 1000);
  await db.transaction().execute(async (trx) => {
    const record = await lockWaitingRecord(trx, input.recordId, input.companyId);
    await trx.updateTable('sign_records')
      .set({ state: SignState.failed, return_info: info, update_time: sql<Date>`now()` })
      .where('id', '=', record.id)
      .execute();
    if (record.message_id === null) return;
    const r = await trx.updateTable('customs_messages')
      .set({ status: 'failed', last_error: info })
      .where('id', '=', record.message_id).where('status', '=', SIGNING_STATUS)
      .returning('bill_id')
      .executeTakeFirst();
    if (!r || r.bill_id === null) return;
    const bill = await lockBill(trx, r.bill_id);
    if (bill) await applyBillEvent(trx, bill, { type: 'transport.failed' }, info);
  });
}

/** The records waiting for the client, oldest first. */
export async function pendingSignatures(db: Kysely<Database>, companyId: number, limit: number) {
  return db.selectFrom('sign_records')
    .select(['id', 'cop_no', 'type', 'purpose', 'wait_sign_data', 'create_time'])
    .where('company_id', '=', companyId).where('state', '=', SignState.wait)
    .orderBy('create_time').orderBy('id')
    .limit(limit)
    .execute();
}
