/**
 * Reads any file customs sends the console, pure: a receipt (CEB304 … CEB712) or a customs-issued
 * message (CEB792, 816, 818, 900), bare or inside a DXP envelope (DxpMsg, or DxpMsgSv around it),
 * whose TransInfo comes back alongside. Throws XmlReadError with a Chinese reason for anything it
 * cannot use: DTDs and entities, oversized or malformed files, unknown roots, more than 100
 * elements, missing fields.
 */
import { unwrapDxpDocument, type TransInfo, type TransportNode } from '../dxp/unwrap.ts';
import { readXml } from '../xml/read.ts';
import { issuedFileOf, type IssuedFile } from './issued.ts';
import { receiptFileOf, type ReceiptFile } from './read.ts';

interface FileBase {
  /** the CEB document as text (the envelope's payload when wrapped) */
  text: string;
  /** the DXP envelope's TransInfo, when the file came wrapped */
  transInfo?: TransInfo;
  transport?: TransportNode;
}

export type CustomsFile =
  | (FileBase & { kind: 'receipt'; messageType: string; receipt: ReceiptFile })
  | (FileBase & { kind: 'issued'; messageType: string; issued: IssuedFile });

export function readCustomsXml(input: string | Uint8Array): CustomsFile {
  let doc = readXml(input);
  const envelope = unwrapDxpDocument(doc);
  const base: FileBase = { text: '' };
  if (envelope) {
    doc = readXml(envelope.data);
    base.transInfo = envelope.transInfo;
    if (envelope.transport) base.transport = envelope.transport;
  }
  base.text = doc.text;
  const issued = issuedFileOf(doc);
  if (issued) return { ...base, kind: 'issued', messageType: issued.type.type, issued };
  const receipt = receiptFileOf(doc);
  return { ...base, kind: 'receipt', messageType: receipt.type.type, receipt };
}
