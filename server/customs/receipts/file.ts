/**
 * Reads any file customs sends the console, pure: a receipt (CEB304 … CEB712) or a customs-issued
 * message (CEB792, 816, 818, 900), bare or inside a DXP envelope (DxpMsg, or DxpMsgSv around it),
 * whose TransInfo comes back alongside; the exchange's transfer receipt (DxpRep, kind 'transfer');
 * any other document of the DXP namespace (kind 'dxpOther': kept and listed, not refused). Throws XmlReadError with a Chinese reason for anything it
 * cannot use: DTDs and entities, oversized or malformed files, unknown roots, more than 100
 * elements, missing fields.
 */
import { DXP_OTHER, DXP_REP } from '../../../domain/customs/dxp-codes.ts';
import { dxpRepOf, isOtherDxpDocument, type DxpRep } from '../dxp/rep.ts';
import { unwrapDxpDocument, type TransInfo, type TransportNode } from '../dxp/unwrap.ts';
import { readXml, type XmlNodeData } from '../xml/read.ts';
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
  | (FileBase & { kind: 'issued'; messageType: string; issued: IssuedFile })
  | (FileBase & { kind: 'transfer'; messageType: typeof DXP_REP; rep: DxpRep })
  | (FileBase & { kind: 'dxpOther'; messageType: typeof DXP_OTHER; rootName: string; root: XmlNodeData });

export { DXP_OTHER, DXP_REP };

export function readCustomsXml(input: string | Uint8Array): CustomsFile {
  let doc = readXml(input);
  const rep = dxpRepOf(doc);
  if (rep) return { text: doc.text, kind: 'transfer', messageType: DXP_REP, rep };
  if (isOtherDxpDocument(doc)) return { text: doc.text, kind: 'dxpOther', messageType: DXP_OTHER, rootName: doc.rootName, root: doc.root };
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
