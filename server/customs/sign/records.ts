/**
 * SIGN_MODE=external: declarations signed by the company's UKey client (ceb-messages §8: the card
 * sits on a Windows machine with the e-port's signing control; the server never holds its key).
 *
 *   requestSignature   the declaration's outbox message waits in status 'signing' (the worker only
 *                      claims 'pending' rows) and a sign record (state WAIT) holds the data to sign:
 *                      the canonical SignedInfo for SIGN_ALGORITHM, which the client signs as it is.
 *   signDataOf         what the client may sign, for either algorithm: a card holds an SM2 or an RSA
 *                      key, and the SignedInfo names the algorithm (and its digest), so each has its
 *                      own canonical SignedInfo; the record's own comes first.
 *   completeSignature  the client posts the signature and its certificate; the certificate's key
 *                      decides the algorithm, the signature must verify over that algorithm's data
 *                      of this record's message, then the signed XML — checked once more by
 *                      verifySignature, the one verifier — goes back to the message, which becomes
 *                      'pending' (due now) and the record SIGNED. Anything wrong — another record's
 *                      signature, another card's certificate, a record already signed — is refused
 *                      with a Chinese reason and changes nothing (the record stays WAIT).
 *   failSignature      the client gives up (no card, wrong PIN): the record FAILED, the message
 *                      'failed', the bill SEND_FAILED with the reason, as a failed delivery would.
 */
import { sql, type Kysely } from 'kysely';
import { statesFor } from '../../../domain/bill-states.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import type { Database } from '../../db/schema.ts';
import { BizError } from '../../http/errors.ts';
import { applyBillEvent, lockBill } from '../bill-events.ts';
import { msgTypeOf } from '../dxp/wrap.ts';
import { initCustomsSchemas } from '../schemas.ts';
import { ALGORITHMS } from './algorithms.ts';
import { readCertificate, requireSigningKey, requireValidNow, type Certificate } from './certificate.ts';
import { canonicalSignedInfoOf, signEnveloped } from './dsig.ts';
import { schemaOfMessageType, signTypeName } from './message-types.ts';
import { derToRawSignature, SM2_RAW_SIGNATURE_BYTES } from './sm2.ts';
import { SIGN_ALGORITHMS, type SignAlgorithm } from './types.ts';
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
export async function requestSignature(trx: Kysely<Database>, message: SignRequest, algorithm: SignAlgorithm): Promise<number> {
  const schema = schemaOfMessageType(message.messageType);
  const waitSignData = canonicalSignedInfoOf(message.xml, schema, algorithm);
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

/** What a client with a card of this algorithm signs for a record: the canonical SignedInfo, UTF-8. */
export interface SignData {
  algorithm: SignAlgorithm;
  signatureMethod: string;
  digestMethod: string;
  data: string;
}

/** The algorithm whose SignatureMethod a stored canonical SignedInfo names. */
export function algorithmOfSignData(waitSignData: string): SignAlgorithm | undefined {
  return SIGN_ALGORITHMS.find((a) => waitSignData.includes(`Algorithm="${ALGORITHMS[a].signatureMethod}"`));
}

/** Both algorithms' data for a waiting message, the record's own (`first`) first. */
export function signDataOf(xml: string, messageType: string, first: SignAlgorithm | undefined): SignData[] {
  const schema = schemaOfMessageType(messageType);
  const order = [...SIGN_ALGORITHMS].sort((a, b) => Number(b === first) - Number(a === first));
  return order.map((algorithm) => ({
    algorithm,
    signatureMethod: ALGORITHMS[algorithm].signatureMethod,
    digestMethod: ALGORITHMS[algorithm].digestMethod,
    data: canonicalSignedInfoOf(xml, schema, algorithm),
  }));
}

export interface CompleteSignature {
  recordId: number;
  companyId: number;
  /**
   * base64 SignatureValue over the canonical SignedInfo (UTF-8) of the certificate's algorithm:
   * SM2 with SM3 (r ‖ s, 64 bytes, or DER) or RSA-SHA1
   */
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

async function lockSigningMessage(trx: Kysely<Database>, companyId: number, messageId: number | null) {
  if (messageId === null) throw new BizError(signingText.messageGone);
  const message = await trx.selectFrom('customs_messages').select(['id', 'guid', 'bill_id', 'message_type', 'xml', 'status'])
    .where('company_id', '=', companyId).where('id', '=', messageId).forUpdate().executeTakeFirst();
  if (!message || message.status !== SIGNING_STATUS) throw new BizError(signingText.messageGone);
  return message;
}

function certificateOf(text: string, now: Date): { cert: Certificate; algorithm: SignAlgorithm } {
  try {
    const cert = readCertificate(text);
    const algorithm = requireSigningKey(cert);
    requireValidNow(cert, now);
    return { cert, algorithm };
  } catch (e) {
    throw new BizError(e instanceof Error ? e.message : String(e));
  }
}

/** The signature as the message will carry it: an SM2 value as r ‖ s (a DER one converted), RSA as posted. */
function signatureBytes(base64: string, algorithm: SignAlgorithm): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (algorithm !== 'sm2' || bytes.length === SM2_RAW_SIGNATURE_BYTES) return bytes;
  const raw = derToRawSignature(bytes);
  if (!raw) throw new BizError(signingText.sm2SignatureLength(bytes.length));
  return raw;
}

/**
 * Finishes a waiting record with the client's signature. Answers the message id (the caller wakes
 * the outbox worker). Throws BizError with the reason and leaves everything as it was otherwise.
 */
export async function completeSignature(db: Kysely<Database>, input: CompleteSignature): Promise<{ messageId: number }> {
  const now = input.now ?? new Date();
  const posted = input.signature.replace(/\s+/g, '');
  if (!BASE64.test(posted)) throw new BizError(signingText.signatureNotBase64);
  const { cert, algorithm } = certificateOf(input.certificate, now);
  const signature = signatureBytes(posted, algorithm);
  await initCustomsSchemas(); // signing and verifying canonicalise with libxml2 (loaded after start-up)

  return db.transaction().execute(async (trx) => {
    const record = await lockWaitingRecord(trx, input.recordId, input.companyId);
    const message = await lockSigningMessage(trx, input.companyId, record.message_id);
    const schema = schemaOfMessageType(message.message_type);
    // What a card of this algorithm had to sign for this record: the stored data when the record
    // was made for it, else the same message's SignedInfo naming the card's algorithm.
    const data = algorithmOfSignData(record.wait_sign_data) === algorithm ? record.wait_sign_data : canonicalSignedInfoOf(message.xml, schema, algorithm);
    // The one check that tells a signature for another record (or by another card) from the right one.
    if (!ALGORITHMS[algorithm].verify(data, signature, cert)) throw new BizError(signingText.signatureWrongRecord);

    const value = signature.toString('base64');
    const signed = signEnveloped(message.xml, {
      schema, algorithm,
      keyInfo: cert.keyInfo,
      signSignedInfo: (canonical) => {
        // The message is the one the record was made from: its SignedInfo is the signed data.
        if (canonical !== data) throw new BizError(signingText.signatureWrongRecord);
        return value;
      },
    });
    // the finished message, checked as customs (and the simulator) will check it
    const check = verifySignature(signed);
    if (!check.ok) throw new BizError(check.reason);

    await trx.updateTable('customs_messages')
      .set({ xml: signed, status: 'pending', next_attempt_at: sql<Date>`now()`, last_error: null })
      .where('company_id', '=', input.companyId).where('id', '=', message.id)
      .execute();
    await trx.updateTable('sign_records')
      .set({
        state: SignState.signed, wait_sign_data: data, sign_result: value, certificate: cert.keyInfo.certificate,
        return_info: signingText.signedInfo, update_time: sql<Date>`now()`,
      })
      .where('company_id', '=', input.companyId).where('id', '=', record.id)
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
      .where('company_id', '=', input.companyId).where('id', '=', record.id)
      .execute();
    if (record.message_id === null) return;
    const r = await trx.updateTable('customs_messages')
      .set({ status: 'failed', last_error: info })
      .where('company_id', '=', input.companyId).where('id', '=', record.message_id).where('status', '=', SIGNING_STATUS)
      .returning(['company_id', 'bill_id'])
      .executeTakeFirst();
    if (!r || r.bill_id === null) return;
    const bill = await lockBill(trx, r.company_id, r.bill_id);
    if (bill) await applyBillEvent(trx, bill, { type: 'transport.failed' }, info);
  });
}

/** The records waiting for the client, oldest first. */
export async function pendingSignatures(db: Kysely<Database>, companyId: number, limit: number) {
  const rows = await db.selectFrom('sign_records as r')
    .leftJoin('customs_messages as m', (j) => j.onRef('m.id', '=', 'r.message_id').onRef('m.company_id', '=', 'r.company_id'))
    .select(['r.id', 'r.cop_no', 'r.type', 'r.purpose', 'r.wait_sign_data', 'r.create_time', 'm.xml', 'm.message_type'])
    .where('r.company_id', '=', companyId).where('r.state', '=', SignState.wait)
    .orderBy('r.create_time').orderBy('r.id')
    .limit(limit)
    .execute();
  await initCustomsSchemas();
  return rows.map(({ xml, message_type, ...row }) => {
    const own = algorithmOfSignData(row.wait_sign_data);
    const stored = own ? [{ algorithm: own, signatureMethod: ALGORITHMS[own].signatureMethod, digestMethod: ALGORITHMS[own].digestMethod, data: row.wait_sign_data }] : [];
    let signData: SignData[] = stored;
    // a record whose message is gone (or no longer unsigned) can only be failed: it offers its stored data alone
    if (xml && message_type) {
      try {
        signData = signDataOf(xml, message_type, own);
      } catch {
        signData = stored;
      }
    }
    return { ...row, algorithm: own, signData };
  });
}
