/**
 * The bill routes' entry to customs: build and check a declaration message, then put it in the
 * outbox inside the caller's transaction, so a bill is DECLARING exactly when its message is queued.
 * A bill whose definition splits large bills (message.split) may need several messages: they are
 * built, checked and queued together, so either all of them go out with the state change or none.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BillDefinition } from '../../domain/bills/types.ts';
import type { FieldError } from '../../domain/envelope.ts';
import { customsText } from '../../domain/texts/customs.ts';
import type { Database } from '../db/schema.ts';
import { BizError } from '../http/errors.ts';
import { validateCebXml } from './schemas.ts';
import { awaitsSignature, buildMessageXml, type MessageBill } from './xml/build.ts';
import { schemaFieldErrors, schemaMessage } from './xml/problems.ts';
import { shareLines } from './xml/split.ts';

/** One message of a declaration: its own guid (root, head and DXP CopMsgId) and XML. */
export interface DeclarationPart {
  guid: string;
  xml: string;
}

export interface Declaration {
  /** the first message's guid (36, upper case); also its outbox row's guid */
  guid: string;
  /** CEB303 … (definition.message.type) */
  messageType: string;
  /** the first message */
  xml: string;
  /** every message, in msgSeqNo order: one unless the definition splits a large bill */
  parts: readonly DeclarationPart[];
}

/** A new message guid: an upper-case UUID (ceb-messages §6). */
export const newGuid = (): string => randomUUID().toUpperCase();

/**
 * Builds and XSD-validates the message(s) (those with a schema: CEB); throws BizError.fields(...) with Chinese field labels
 * when the schema refuses one of them. Synchronous: the schemas are compiled at startup by
 * initCustomsSchemas() (the customs plugin); before that it throws an Error saying so.
 *
 * `head` and `lines` hold field values by field name as the bill stores them (numbers, 'YYYY-MM-DD',
 * 'YYYY-MM-DD HH:mm:ss' or Date, codes); appTime is the time the caller records as the declaration
 * time (the clock when left empty); `guid` (the first message's) defaults to a new one.
 *
 * With message.split, a bill of more lines than one message may carry goes out as k messages, each
 * with the whole head, its share of the lines, countField = k and seqField = 1..k; a bill that fits
 * is one message numbered 1 of 1 (the schema requires both elements).
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
  const now = new Date();
  const split = message.split;
  const shares = shareLines(split, lines);
  const errors: FieldError[] = [];
  const parts = shares.map((share, i): DeclarationPart => {
    const partGuid = i === 0 ? guid : newGuid();
    const partHead = split ? { ...head, [split.countField]: shares.length, [split.seqField]: i + 1 } : head;
    const bills: MessageBill[] = [{ guid: partGuid, head: partHead, lines: share.lines, lineOffset: share.offset }];
    const built = buildMessageXml(def, bills, { guid: partGuid, appStatus: options.appStatus, now });
    // Unsigned yet: the Signature some import messages require is added when the message is signed.
    // a message without an official schema (报关单) is checked by the definition's own rules, already run
    const problems = message.schema ? validateCebXml(message.schema, built.xml).filter((p) => !awaitsSignature(p)) : [];
    if (built.problems.length > 0 || problems.length > 0) {
      // A value that could not be written (not a number …) left its element out; the schema then
      // misses it too, and the value's own problem is the one to show for that field.
      const explained = new Set(built.problems.map((p) => p.field));
      const schemaErrors = schemaFieldErrors(def, problems, bills, explained).filter((e) => !explained.has(e.field));
      // every message repeats the head: its problem is told once
      for (const e of [...built.problems, ...schemaErrors]) {
        if (!errors.some((x) => x.field === e.field && x.message === e.message)) errors.push(e);
      }
    }
    return { guid: partGuid, xml: built.xml };
  });
  if (errors.length > 0) throw BizError.fields(schemaMessage(errors), errors);
  return { guid, messageType: message.type, xml: parts[0]!.xml, parts };
}

/** Writes the message to the outbox (customs_messages, status 'pending') in the caller's transaction. */
export async function enqueueDeclaration(
  trx: Kysely<Database>,
  args: { companyId: number; billId: number; declaration: Declaration },
): Promise<void> {
  await enqueueDeclarations(trx, [args]);
}

/** Outbox rows per insert statement (6 parameters each). */
const INSERT_CHUNK = 1000;

/**
 * Several declarations to the outbox (a batch declaration; every message of a split bill), one
 * statement per thousand messages, in the caller's transaction.
 */
export async function enqueueDeclarations(
  trx: Kysely<Database>,
  items: readonly { companyId: number; billId: number; declaration: Declaration }[],
): Promise<void> {
  const rows = items.flatMap(({ companyId, billId, declaration }) => declaration.parts.map((part) => ({
    guid: part.guid,
    company_id: companyId,
    bill_id: billId,
    message_type: declaration.messageType,
    status: 'pending',
    xml: part.xml,
    // next_attempt_at defaults to the database's now(): due at once, on the clock the worker reads
  })));
  // PostgreSQL takes at most 65,535 parameters a statement: split bills can make many rows
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx.insertInto('customs_messages').values(rows.slice(i, i + INSERT_CHUNK)).execute();
  }
}

