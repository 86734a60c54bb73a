/**
 * Which schema a signed declaration message belongs to (it decides where ds:Signature goes) and
 * its SignType name. The 19 signed declaration messages of ceb-messages §1, grouped import/export
 * as IEType.kt groups them; the names come from the SignType dictionary (domain/bill-states.ts).
 */
import { statesFor } from '../../../domain/bill-states.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import { msgTypeOf } from '../dxp/wrap.ts';
import type { SchemaName } from '../schemas.ts';

const IMPORT_CODES = new Set(['CEB311', 'CEB411', 'CEB511', 'CEB513', 'CEB621', 'CEB623', 'CEB625', 'CEB711']);
const signTypes = statesFor('EXPU', 'SignType') ?? [];

/** 'CEB303' or 'CEB303Message' → its schema; throws for a type that is no signed declaration. */
export function schemaOfMessageType(messageType: string): SchemaName {
  const root = msgTypeOf(messageType);
  if (!signTypes.some((t) => t.state === root)) throw new Error(signingText.unknownSchema(messageType));
  return IMPORT_CODES.has(root.replace(/Message$/, '')) ? 'import' : 'export';
}

/** SignType code (root name) → its Chinese name; the code itself when the dictionary lacks it. */
export function signTypeName(type: string): string {
  return signTypes.find((t) => t.state === type)?.stateName ?? type;
}
