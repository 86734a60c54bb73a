/**
 * Takes a CEB document out of its DXP envelope (ceb-messages §7), pure. What arrives from DXP is a
 * terminal-node DxpMsg (TransInfo, Data = base64 of the CEB XML, AddInfo?, Signature?), possibly
 * inside a transport-node DxpMsgSv (SvNo, DxpMsg). Read as tolerantly as the CEB documents
 * themselves (prefix or default namespace, BOM), through the same safe reader, so the envelope
 * cannot carry a DTD either; the payload is read again by the caller, with the same limits.
 */
import { receiptText } from '../../../domain/texts/receipts.ts';
import { childList, childNode, fieldsOf, readXml, textOf, XmlReadError, type XmlDocumentData, type XmlNodeData } from '../xml/read.ts';

export interface TransInfo {
  /** the sender's message id (for a receipt: customs' own id) */
  copMsgId: string;
  /** DXP id of the sender: DXPEDCCEB0000002 (import) / …0003 (export) for customs */
  senderId: string;
  /** DXP ids of the receivers: the enterprise's own DXP id */
  receiverIds: string[];
  /** xs:dateTime as written */
  createTime: string;
  /** CEB304Message … */
  msgType: string;
  /** AddInfo/FileName, when present */
  fileName?: string;
}

export interface TransportNode {
  msgId: string;
  sendTime: string;
  endNode: string;
  staNode: string;
}

export interface Unwrapped {
  transInfo: TransInfo;
  /** present when the envelope was a transport-node DxpMsgSv */
  transport?: TransportNode;
  /** the decoded Data: the CEB document's bytes */
  data: Uint8Array;
}

export const isDxpRoot = (rootName: string): boolean => rootName === 'DxpMsg' || rootName === 'DxpMsgSv';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (whitespace allowed between groups): Buffer.from would skip junk silently. */
function decodeBase64(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || compact.length % 4 !== 0 || !BASE64.test(compact)) throw new XmlReadError(receiptText.dxpBadBase64);
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

function transInfoOf(msg: XmlNodeData): TransInfo {
  const t = childNode(msg, 'TransInfo');
  const f = fieldsOf(t);
  const receivers = childList(childNode(t, 'ReceiverIds'), 'ReceiverId').map((v) => textOf(v)).filter((v): v is string => v !== undefined);
  const info: TransInfo = {
    copMsgId: f.CopMsgId ?? '', senderId: f.SenderId ?? '', receiverIds: receivers,
    createTime: f.CreatTime ?? f.CreateTime ?? '', msgType: f.MsgType ?? '',
  };
  const fileName = fieldsOf(childNode(msg, 'AddInfo')).FileName;
  if (fileName !== undefined) info.fileName = fileName;
  return info;
}

/** The envelope of an already read document; undefined when it is not a DXP envelope. */
export function unwrapDxpDocument(doc: XmlDocumentData): Unwrapped | undefined {
  if (!isDxpRoot(doc.rootName)) return undefined;
  let msg: XmlNodeData | undefined = doc.root;
  let transport: TransportNode | undefined;
  if (doc.rootName === 'DxpMsgSv') {
    const sv = fieldsOf(childNode(doc.root, 'SvNo'));
    transport = { msgId: sv.MsgId ?? '', sendTime: sv.SendTime ?? '', endNode: sv.EndNode ?? '', staNode: sv.StaNode ?? '' };
    msg = childNode(doc.root, 'DxpMsg');
    if (!msg) throw new XmlReadError(receiptText.dxpNoMsg);
  }
  const data = textOf(childList(msg, 'Data')[0]);
  if (data === undefined) throw new XmlReadError(receiptText.dxpNoData);
  const out: Unwrapped = { transInfo: transInfoOf(msg), data: decodeBase64(data) };
  if (transport) out.transport = transport;
  return out;
}

/** Reads a file and unwraps it; undefined when it is not a DXP envelope (a bare CEB document). */
export function unwrapDxp(input: string | Uint8Array): Unwrapped | undefined {
  return unwrapDxpDocument(readXml(input));
}
