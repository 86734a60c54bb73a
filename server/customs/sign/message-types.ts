/**
 * Which schema a signed declaration message belongs to (it decides where ds:Signature goes) and
 * its SignType name: the schema comes from the receipt catalogue (the receipt answering it), the names
 * from the SignType dictionary (domain/bill-states.ts).
 */
import { statesFor } from '../../../domain/bill-states.ts';
import { decText } from '../../../domain/texts/dec.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import { msgTypeOf } from '../dxp/wrap.ts';
import { messageBillLabel } from '../message-defs.ts';
import { declarationSchemaOf } from '../receipts/catalogue.ts';
import type { SchemaName } from '../schemas.ts';

const signTypes = statesFor('EXPU', 'SignType') ?? [];

/** 'CEB303' or 'CEB303Message' → its schema; throws for a type that is no signed declaration. */
export function schemaOfMessageType(messageType: string): SchemaName {
  const root = msgTypeOf(messageType);
  const schema = declarationSchemaOf(root);
  if (!schema || !signTypes.some((t) => t.state === root)) throw new Error(signingText.unknownSchema(messageType));
  return schema;
}

/**
 * SignType code (root name) → its Chinese name; a message the dictionary lacks (DecMessage, which
 * the console does not sign) by its bill (报关单报文); else the code itself.
 */
export function signTypeName(type: string): string {
  const label = messageBillLabel(type);
  return signTypes.find((t) => t.state === type)?.stateName ?? (label ? decText.messageOf(label) : type);
}
