/**
 * The DXP terminal-node envelope (ceb-messages §7): a signed CEB message inside a DxpMsg, the form
 * an enterprise's own connection hands to the exchange platform. Pure: no clock, no I/O.
 *
 *   <DxpMsg ver="1.0" xmlns="http://www.chinaport.gov.cn/dxp">
 *     <TransInfo>
 *       <CopMsgId>message guid</CopMsgId>  <SenderId>company dxpId</SenderId>
 *       <ReceiverIds><ReceiverId>DXPEDCCEB0000003 (export) | DXPEDCCEB0000002 (import)</ReceiverId></ReceiverIds>
 *       <CreatTime>2026-03-18T10:24:36</CreatTime>  <MsgType>CEB303Message</MsgType>
 *     </TransInfo>
 *     <Data>base64 of the signed CEB document's UTF-8 bytes</Data>
 *     <AddInfo><FileName>CEB303Message_<guid>.xml</FileName></AddInfo>
 *   </DxpMsg>
 *
 * CreatTime is China wall time without a zone, as the integrations seen write it (xs:dateTime
 * allows both). The default namespace (no prefix) is what the platform's own samples use.
 * Checked against xsd/dxp-terminal.xsd by validateDxpXml (schemas.ts).
 */
import { create } from 'xmlbuilder2';
import { signingText } from '../../../domain/texts/signing.ts';
import { chinaDateTime } from '../../bills/time.ts';

export const DXP_NS = 'http://www.chinaport.gov.cn/dxp';
export const DXP_VERSION = '1.0';

/** Customs' DXP ids: the receiver of every declaration, the sender of every receipt. */
export const CUSTOMS_DXP_IDS = { import: 'DXPEDCCEB0000002', export: 'DXPEDCCEB0000003' } as const;

export type DxpMode = keyof typeof CUSTOMS_DXP_IDS;

export interface WrapInput {
  /** the complete signed CEB document */
  xml: string;
  /** 'CEB303' or the root name 'CEB303Message' */
  messageType: string;
  /** the message guid (the CEB root's guid): redelivery keeps it, so the platform can dedupe */
  copMsgId: string;
  /** the company's DXP id (BaseTransfer.dxpId) */
  senderId: string;
  mode: DxpMode;
  createTime: Date;
  /** AddInfo.FileName; default `<MsgType>_<CopMsgId>.xml` */
  fileName?: string;
}

/** 'CEB303' → 'CEB303Message' (every CEB root is the code + "Message"). */
export const msgTypeOf = (messageType: string): string => (messageType.endsWith('Message') ? messageType : `${messageType}Message`);

/** The file name a message travels under: `<MsgType>_<CopMsgId>.xml`. */
export const dxpFileName = (messageType: string, copMsgId: string): string => `${msgTypeOf(messageType)}_${copMsgId}.xml`;

export function wrapDxp(input: WrapInput): string {
  if (!input.senderId.trim()) throw new Error(signingText.noDxpId);
  const msgType = msgTypeOf(input.messageType);
  const created = chinaDateTime(input.createTime);
  if (!created) throw new Error(`wrapDxp: invalid createTime ${String(input.createTime)}`);
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(DXP_NS, 'DxpMsg', { ver: DXP_VERSION });
  const trans = root.ele(DXP_NS, 'TransInfo');
  trans.ele(DXP_NS, 'CopMsgId').txt(input.copMsgId);
  trans.ele(DXP_NS, 'SenderId').txt(input.senderId.trim());
  trans.ele(DXP_NS, 'ReceiverIds').ele(DXP_NS, 'ReceiverId').txt(CUSTOMS_DXP_IDS[input.mode]);
  trans.ele(DXP_NS, 'CreatTime').txt(created.replace(' ', 'T'));
  trans.ele(DXP_NS, 'MsgType').txt(msgType);
  root.ele(DXP_NS, 'Data').txt(Buffer.from(input.xml, 'utf8').toString('base64'));
  root.ele(DXP_NS, 'AddInfo').ele(DXP_NS, 'FileName').txt(input.fileName ?? dxpFileName(msgType, input.copMsgId));
  return doc.end({ prettyPrint: true, indent: '  ' });
}
