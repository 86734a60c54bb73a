/**
 * The bill routes' entry to customs: build and check a declaration message, then put it in the
 * outbox inside the caller's transaction, so a bill is DECLARING exactly when its message is queued.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BillDefinition } from '../../domain/bills/types.ts';
import { customsText } from '../../domain/texts/customs.ts';
import type { Database } from '../db/schema.ts';
import { BizError } from '../http/errors.ts';
import { validateCebXml } from './schemas.ts';
import { awaitsSignature, buildMessageXml } from './xml/build.ts';
import { schemaFieldErrors, schemaMessage } from './xml/problems.ts';

export interface Declaration {
  /** the root's and the head's guid (36, upper case); also the outbox row's guid */
  guid: string;
  /** CEB303 … (definition.message.type) */
  messageType: string;
  xml: string;
}

/** A new message guid: an upper-case UUID (ceb-messages §6). */
export const newGuid = (): string => randomUUID().toUpperCase();

/**
 * Builds and XSD-validates the CEB message; throws BizError.fields(...) with Chinese field labels
 * when the schema refuses it. Synchronous: the schemas are compiled at startup by
 * initCustomsSchemas() (the customs plugin); before that it throws an Error saying so.
 *
 * `head` and `lines` hold field values by field name as the bill stores them (numbers, 'YYYY-MM-DD',
 * 'YYYY-MM-DD HH:mm:ss' or Date, codes); appTime is the time the caller records as the declaration
 * time (the clock when left empty); `guid` defaults to a new one.
 */
export function buildDeclaration(
  def: BillDefinition,
  head: Record<string, unknown>,
  lines: Record<string, unknown>[],
  options: { appStatus: '1' | '2'; guid?: string },
): Declaration {
  const message = def.message;
  if (!message) throw new BizError(customsText.noMessage(def.label));
  const guid = (options.guid ?? newGuid()).toUpperCase();
  const bills = [{ guid, head, lines }];
  const built = buildMessageXml(def, bills, { guid, appStatus: options.appStatus, now: new Date() });
  // Unsigned yet: the Signature some import messages require is added when the message is signed.
  const problems = validateCebXml(message.schema, built.xml).filter((p) => !awaitsSignature(p));
  if (built.problems.length > 0 || problems.length > 0) {
    // A value that could not be written (not a number …) left its element out; the schema then
    // misses it too, and the value's own problem is the one to show for that field.
    const explained = new Set(built.problems.map((p) => p.field));
    const schemaErrors = schemaFieldErrors(def, problems, bills, explained).filter((e) => !explained.has(e.field));
    const errors = [...built.problems, ...schemaErrors];
    throw BizError.fields(schemaMessage(errors), errors);
  }
  return { guid, messageType: message.type, xml: built.xml };
}

/** Writes the message to the outbox (customs_messages, status 'pending') in the caller's transaction. */
export async function enqueueDeclaration(
  trx: Kysely<Database>,
  args: { companyId: number; billId: number; declaration: Declaration },
): Promise<void> {
  await enqueueDeclarations(trx, [args]);
}

/** Several messages to the outbox in one statement (a batch declaration), in the caller's transaction. */
export async function enqueueDeclarations(
  trx: Kysely<Database>,
  items: readonly { companyId: number; billId: number; declaration: Declaration }[],
): Promise<void> {
  if (items.length === 0) return;
  await trx.insertInto('customs_messages').values(items.map(({ companyId, billId, declaration }) => ({
    guid: declaration.guid,
    company_id: companyId,
    bill_id: billId,
    message_type: declaration.messageType,
    status: 'pending',
    xml: declaration.xml,
    // next_attempt_at defaults to the database's now(): due at once, on the clock the worker reads
  }))).execute();
}
