/**
 * The console's declaration messages by type (customs_messages.message_type), read from the bill
 * definitions: what the outbox, the signer and the transports need to know of a message beyond its
 * XML — its root name, and whether the console signs it at all (a DecMessage is signed by the
 * 单一窗口 client, definition.message.dec.signedBy).
 */
import { billDefinitions } from '../../domain/bills/index.ts';
import type { CustomsMessageDef } from '../../domain/bills/types.ts';
import { msgTypeOf } from './dxp/wrap.ts';

const byType = new Map<string, { message: CustomsMessageDef; label: string }>();
for (const def of billDefinitions) {
  if (!def.message) continue;
  for (const key of [def.message.type, def.message.root]) if (!byType.has(key)) byType.set(key, { message: def.message, label: def.label });
}

/** By type ('CEB303', 'DEC') or root name ('CEB303Message', 'DecMessage'). */
export const messageDefOf = (messageType: string): CustomsMessageDef | undefined => byType.get(messageType.trim())?.message;

/** The root name of a message type: its definition's (DEC → DecMessage), else code + "Message". */
export const rootOfMessageType = (messageType: string): string => messageDefOf(messageType)?.root ?? msgTypeOf(messageType);

/** The label of the bill a message type declares (报关单), when a definition sends it. */
export const messageBillLabel = (messageType: string): string | undefined => byType.get(messageType.trim())?.label;

/** A message the console does not sign: the 单一窗口 client signs it when it takes the file (报关单). */
export const signedByClient = (messageType: string): boolean => messageDefOf(messageType)?.dec?.signedBy === 'client';
