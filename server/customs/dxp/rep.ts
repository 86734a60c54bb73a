/**
 * The exchange's own documents, pure: the transfer receipt DxpRep (交换平台响应报文, dxp-terminal.xsd)
 * the DXP platform answers every delivered envelope with, and any other document of the DXP
 * namespace the console has no reader for (kept and listed, never refused).
 *
 * DxpRep (element names as the XSD spells them, RecevierId included): RecevierId, AdNodeId?,
 * Response+ (NodeId?, ResponseCode, ResponseInfo?, Results? → Result+ (RecId, Code, Info?, Note?),
 * NoticeTime (xs:date), Note?, OriHead = the TransInfo of the envelope it answers: CopMsgId is the
 * console's message guid). Read as tolerantly as the CEB documents (prefix or default namespace).
 *
 * Success and failure codes: domain/customs/dxp-codes.ts.
 */
import { isDxpSuccessCode } from '../../../domain/customs/dxp-codes.ts';
import { customsText } from '../../../domain/texts/customs.ts';
import { childList, childNode, fieldsOf, textOf, XmlReadError, type XmlDocumentData, type XmlNodeData } from '../xml/read.ts';
import { isDxpRoot } from './unwrap.ts';

export const DXP_NAMESPACE = 'http://www.chinaport.gov.cn/dxp';

export interface DxpResult {
  recId: string;
  code: string;
  info: string;
  note: string;
}

export interface DxpResponse {
  nodeId: string;
  code: string;
  info: string;
  results: DxpResult[];
  /** as written (xs:date, sometimes a dateTime) */
  noticeTime: string;
  note: string;
  /** OriHead: the envelope answered */
  copMsgId: string;
  senderId: string;
  receiverIds: string[];
  msgType: string;
}

export interface DxpRep {
  receiverId: string;
  responses: DxpResponse[];
}

/** The most Response elements one DxpRep may carry here (the XSD sets no bound). */
export const MAX_DXP_RESPONSES = 100;

/** Whether the response says the envelope went through: its code and every receiver's. */
export const dxpResponseOk = (r: Pick<DxpResponse, 'code' | 'results'>): boolean =>
  isDxpSuccessCode(r.code) && r.results.every((x) => isDxpSuccessCode(x.code));

/** The code that failed: the response's own, else the first failing receiver's. */
export const dxpFailureCode = (r: Pick<DxpResponse, 'code' | 'results'>): string =>
  isDxpSuccessCode(r.code) ? (r.results.find((x) => !isDxpSuccessCode(x.code))?.code ?? r.code) : r.code;

/** The response's text: ResponseInfo, then each receiver's Info and the Note, as written. */
export function dxpResponseText(r: DxpResponse): string {
  const parts = [r.info, ...r.results.flatMap((x) => [x.info, x.note]), r.note].map((s) => s.trim()).filter((s) => s !== '');
  return [...new Set(parts)].join('；');
}

/** Whether the first start tag of the text declares the DXP namespace (the reader drops prefixes and xmlns). */
function declaresDxpNamespace(text: string): boolean {
  const start = /<(?![?!])[^>]*>/.exec(text)?.[0] ?? '';
  return start.includes(DXP_NAMESPACE);
}

/** A DXP document that is neither an envelope (DxpMsg, DxpMsgSv) nor a DxpRep. */
export function isOtherDxpDocument(doc: XmlDocumentData): boolean {
  if (isDxpRoot(doc.rootName) || doc.rootName === 'DxpRep') return false;
  return /^Dxp/i.test(doc.rootName) || declaresDxpNamespace(doc.text);
}

const text = (node: XmlNodeData | undefined, name: string) => textOf(childList(node, name)[0]) ?? '';

function responseOf(node: XmlNodeData, n: number): DxpResponse {
  const f = fieldsOf(node);
  if (f.ResponseCode === undefined) throw new XmlReadError(customsText.dxpRepMissing(n, 'ResponseCode'));
  const head = childNode(node, 'OriHead');
  const copMsgId = text(head, 'CopMsgId');
  if (!copMsgId) throw new XmlReadError(customsText.dxpRepMissing(n, 'OriHead/CopMsgId'));
  const results = childList(childNode(node, 'Results'), 'Result').map((v) => {
    const r = typeof v === 'object' && !Array.isArray(v) ? v : undefined;
    return { recId: text(r, 'RecId'), code: text(r, 'Code'), info: text(r, 'Info'), note: text(r, 'Note') };
  });
  return {
    nodeId: f.NodeId ?? '', code: f.ResponseCode, info: f.ResponseInfo ?? '', results,
    noticeTime: f.NoticeTime ?? '', note: f.Note ?? '',
    copMsgId, senderId: text(head, 'SenderId'),
    receiverIds: childList(childNode(head, 'ReceiverIds'), 'ReceiverId').map((v) => textOf(v)).filter((v): v is string => v !== undefined),
    msgType: text(head, 'MsgType'),
  };
}

/** The DxpRep of an already read document; undefined when the root is not DxpRep. */
export function dxpRepOf(doc: XmlDocumentData): DxpRep | undefined {
  if (doc.rootName !== 'DxpRep') return undefined;
  const nodes = childList(doc.root, 'Response');
  if (nodes.length === 0) throw new XmlReadError(customsText.dxpRepNoResponse);
  if (nodes.length > MAX_DXP_RESPONSES) throw new XmlReadError(customsText.receiptTooMany(nodes.length, MAX_DXP_RESPONSES));
  const responses = nodes.map((v, i) => responseOf(typeof v === 'object' && !Array.isArray(v) ? v : {}, i + 1));
  return { receiverId: text(doc.root, 'RecevierId') || text(doc.root, 'ReceiverId'), responses };
}

/** Every short text of a document (DXP ids, codes), for finding whose it is. */
export function shortTextsOf(node: XmlNodeData | undefined, max = 200): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (out.size >= max) return;
    if (typeof v === 'string') {
      const t = v.trim();
      if (t && t.length <= 30) out.add(t);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => { if (!k.startsWith('@')) walk(x); });
  };
  walk(node);
  return [...out];
}
