/**
 * Reads a receipt file (CEB304 … CEB712, every row of the catalogue) into plain records, pure and
 * tolerant (see xml/read.ts): 1..100 return elements, fields by local name (elements the XSD does
 * not know, like appSenderId in the official CEB214 sample, are left out), returnTime normalised
 * to yyyyMMddHHmmssSSS. A DXP envelope and the customs-issued messages are read by file.ts; a
 * receipt a definition describes (报关单's DecImportResponse, DEC_DATA) by format.ts.
 */
import { customsText } from '../../../domain/texts/customs.ts';
import { childList, fieldsOf, readXml, XmlReadError, type XmlDocumentData, type XmlNodeData } from '../xml/read.ts';
import { findReceiptType, type ReceiptType } from './catalogue.ts';
import { formatReturnsOf } from './format.ts';

export interface ReceiptRecord {
  guid: string;
  /** the business fields present (ebpCode, ebcCode, orderNo …) */
  fields: Record<string, string>;
  returnStatus: string;
  /** yyyyMMddHHmmssSSS */
  returnTime: string;
  returnInfo: string;
  /** false: the receipt is stored (its numbers recorded) but does not move its bill (format.ts) */
  moves?: false;
}

export interface ReceiptFile {
  type: ReceiptType;
  /** the root's guid attribute ('' when missing) */
  guid: string;
  returns: ReceiptRecord[];
}

export const MAX_RETURNS = 100;

/** 17 digits; a 14-digit time (seconds) gets 000; separators are dropped. Undefined otherwise. */
export function normaliseReturnTime(value: string): string | undefined {
  const digits = value.replace(/[\s\-:./T]/g, '');
  if (/^\d{17}$/.test(digits)) return digits;
  if (/^\d{14}$/.test(digits)) return `${digits}000`;
  return undefined;
}

export function readReceiptXml(input: string | Uint8Array, receivedAt?: Date): ReceiptFile {
  return receiptFileOf(readXml(input), receivedAt);
}

/**
 * The receipt in an already read document. `receivedAt` stamps a receipt that carries no time of
 * its own (a format receipt such as the 报关单 import response); the clock when absent.
 */
export function receiptFileOf({ rootName, root }: XmlDocumentData, receivedAt: Date = new Date()): ReceiptFile {
  const type = findReceiptType(rootName);
  if (!type) throw new XmlReadError(customsText.receiptUnknownRoot(rootName));
  const rootGuid = typeof root['@guid'] === 'string' ? root['@guid'].trim() : '';
  if (type.format) return { type, guid: rootGuid, returns: formatReturnsOf({ ...type, format: type.format }, rootName, root, receivedAt) };
  const elements = childList(root, type.element);
  if (elements.length === 0) throw new XmlReadError(customsText.receiptNoReturns(type.element));
  if (elements.length > MAX_RETURNS) throw new XmlReadError(customsText.receiptTooMany(elements.length, MAX_RETURNS));

  const returns = elements.map((el, i): ReceiptRecord => {
    const n = i + 1;
    const all = fieldsOf(typeof el === 'object' && !Array.isArray(el) ? (el as XmlNodeData) : undefined);
    const returnStatus = all.returnStatus;
    if (returnStatus === undefined) throw new XmlReadError(customsText.receiptMissing(n, 'returnStatus'));
    if (all.returnTime === undefined) throw new XmlReadError(customsText.receiptMissing(n, 'returnTime'));
    const returnTime = normaliseReturnTime(all.returnTime);
    if (returnTime === undefined) throw new XmlReadError(customsText.receiptBadTime(n, all.returnTime));
    const guid = all.guid ?? rootGuid;
    if (!guid) throw new XmlReadError(customsText.receiptMissing(n, 'guid'));
    const fields: Record<string, string> = {};
    for (const f of type.fields) if (all[f.name] !== undefined) fields[f.name] = all[f.name]!;
    return { guid: guid.toUpperCase(), fields, returnStatus, returnTime, returnInfo: all.returnInfo ?? '' };
  });
  return { type, guid: rootGuid, returns };
}
