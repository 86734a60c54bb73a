/**
 * Reads the customs-issued messages that are not simple returns (CEB792 汇总结果单, CEB816 电子税单,
 * CEB818 电子税单状态, CEB900 报文格式校验回执) into plain typed records, pure and as tolerant as
 * the receipt reader: fields by local name, a field the XSD marks mandatory must be there (the
 * catalogue marks the one the official CEB792 sample lacks, gseqno, as optional), 1..100 elements
 * per file, times normalised to yyyyMMddHHmmssSSS.
 */
import { customsText } from '../../../domain/texts/customs.ts';
import { receiptText } from '../../../domain/texts/receipts.ts';
import { childList, childNode, fieldsOf, XmlReadError, type XmlDocumentData, type XmlNodeData, type XmlValue } from '../xml/read.ts';
import { findIssuedType, type IssuedType, type ReceiptField } from './catalogue.ts';
import { MAX_RETURNS, normaliseReturnTime } from './read.ts';

/** One element of a customs-issued message, generic (what the store needs). */
export interface IssuedItem {
  /** the head's guid (upper case), the root's when the head has none */
  guid: string;
  /** the head fields present, by name, in catalogue order */
  fields: Record<string, string>;
  /** the list fields of each line */
  lines: Record<string, string>[];
  /** decState / status / returnStatus */
  status: string;
  /** opDate / returnTime, yyyyMMddHHmmssSSS */
  time: string;
  /** note / returnInfo, '' when none */
  info: string;
  /** the element as read, to store it as a document of its own */
  node: XmlNodeData;
}

export interface IssuedFile {
  type: IssuedType;
  /** the root's guid attribute ('' when missing) */
  guid: string;
  items: IssuedItem[];
}

// ── typed views ─────────────────────────────────────────────────────────────────────────────

export interface SummaryResultHead {
  guid: string; customsCode: string; sumNo: string; opDate: string; declSeqNo: string;
  decTmpNo?: string; decPreNo?: string; entryId?: string; decState: string;
  agentCode: string; agentName: string; ebcCode: string; ebcName: string; declAgentCode: string; declAgentName: string;
  grossWeight: string; netWeight: string; msgCount: string; msgSeqNo: string; note?: string;
}
export interface SummaryResultLine { invtNo: string; logisticsNo: string; gseqno?: string; gnum: string; gcode: string }
/** CEB792 SummaryResult */
export interface SummaryResult { head: SummaryResultHead; lines: SummaryResultLine[] }

export interface TaxHead {
  guid: string; returnTime: string; invtNo: string; taxNo: string;
  customsTax: string; valueAddedTax: string; consumptionTax: string; status: string;
  entDutyNo?: string; note?: string; assureCode?: string; ebcCode?: string; logisticsCode?: string; agentCode?: string; customsCode?: string;
  orderNo?: string; logisticNo?: string;
}
export interface TaxLine { gnum: string; gcode: string; taxPrice: string; customsTax: string; valueAddedTax: string; consumptionTax: string }
/** CEB816 Tax (TaxHeadRd + TaxListRd) */
export interface TaxBill { head: TaxHead; lines: TaxLine[] }

/** CEB818 Tax › TaxHeadStatus */
export interface TaxStatus {
  guid: string; returnTime: string; invtNo: string; taxNo: string; status: string; entDutyNo?: string; assureCode?: string;
}

/** CEB900 MessageReturn */
export interface FormatFailure {
  guid: string; returnStatus: string; returnInfo: string; returnTime: string;
  /** CopMsgId of the refused DXP envelope = customs_messages.guid */
  oriCopMsgId: string;
  /** CEB311Message … or Unknown */
  oriMessageType: string;
  oriBizMessage?: string;
}

// The catalogue's field lists and these interfaces name the same fields; the casts below rely on
// the reader having checked every mandatory one (tests/customs/receipts-issued.test.ts reads each).
const withGuid = <T>(item: IssuedItem): T => ({ guid: item.guid, ...item.fields }) as T;
export const summaryResultOf = (item: IssuedItem): SummaryResult =>
  ({ head: withGuid<SummaryResultHead>(item), lines: item.lines as unknown as SummaryResultLine[] });
export const taxBillOf = (item: IssuedItem): TaxBill => ({ head: withGuid<TaxHead>(item), lines: item.lines as unknown as TaxLine[] });
export const taxStatusOf = (item: IssuedItem): TaxStatus => withGuid<TaxStatus>(item);
/** Empty returnInfo, oriCopMsgId and oriMessageType (the XSD allows them empty) read as ''. */
export function formatFailureOf(item: IssuedItem): FormatFailure {
  const f = withGuid<Partial<FormatFailure> & { guid: string; returnStatus: string; returnTime: string }>(item);
  return { ...f, returnInfo: f.returnInfo ?? '', oriCopMsgId: f.oriCopMsgId ?? '', oriMessageType: f.oriMessageType ?? '' };
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────

const asNode = (v: XmlValue | undefined): XmlNodeData | undefined =>
  v === '' ? {} : v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;

/** The catalogue fields of a node, checking the mandatory ones. */
function pick(node: XmlNodeData | undefined, list: readonly ReceiptField[], missing: (name: string) => never): Record<string, string> {
  const all = fieldsOf(node);
  const out: Record<string, string> = {};
  for (const f of list) {
    const v = all[f.name];
    if (v !== undefined) out[f.name] = v;
    else if (!f.optional) missing(f.name);
  }
  return out;
}

/** The customs-issued message in an already read document; undefined when the root is not one. */
export function issuedFileOf({ rootName, root }: XmlDocumentData): IssuedFile | undefined {
  const type = findIssuedType(rootName);
  if (!type) return undefined;
  const rootGuid = typeof root['@guid'] === 'string' ? root['@guid'].trim() : '';
  const elements = childList(root, type.element);
  if (elements.length === 0) throw new XmlReadError(customsText.receiptNoReturns(type.element));
  if (elements.length > MAX_RETURNS) throw new XmlReadError(customsText.receiptTooMany(elements.length, MAX_RETURNS));

  const items = elements.map((value, i): IssuedItem => {
    const n = i + 1;
    const missing = (name: string): never => { throw new XmlReadError(receiptText.issuedMissing(type.label, n, name)); };
    const node = asNode(value) ?? {};
    const headNode = type.head ? childNode(node, type.head) : node;
    if (!headNode) missing(type.head!);
    const fields = pick(headNode, type.fields, missing);
    const lines = type.line && type.lineFields
      ? childList(node, type.line).map((l) => pick(asNode(l), type.lineFields!, missing))
      : [];
    const rawTime = fields[type.time]!;
    const time = normaliseReturnTime(rawTime);
    if (time === undefined) throw new XmlReadError(receiptText.issuedBadTime(type.label, n, rawTime));
    fields[type.time] = time;
    const guid = fieldsOf(headNode).guid ?? rootGuid;
    if (!guid) missing('guid');
    return { guid: guid.toUpperCase(), fields, lines, status: fields[type.status]!, time, info: type.info ? fields[type.info] ?? '' : '', node };
  });
  return { type, guid: rootGuid, items };
}
