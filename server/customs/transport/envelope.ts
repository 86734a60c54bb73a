/**
 * What a declaration file holds: the one place the folder transport's `wrap` comes from, so the
 * transport never builds envelopes itself. A terminal-node DxpMsg (dxp/wrap.ts, ceb-messages §7):
 * sender = the company's DXP id as the message's own BaseTransfer carries it, receiver = customs'
 * import or export id by the bill's mode, AddInfo.FileName = the file's own name.
 *
 * A DecMessage (报关单) is written bare, as the 单一窗口 client takes it from its import folder.
 *
 * Building it is deterministic, so a message that cannot be wrapped (no dxpId, a type the receipt
 * catalogue does not know) is refused for good rather than retried.
 */
import { transportText } from '../../../domain/texts/transport.ts';
import { wrapDxp } from '../dxp/wrap.ts';
import { messageDefOf } from '../message-defs.ts';
import { declarationSchemaOf } from '../receipts/catalogue.ts';
import { childNode, fieldsOf, readXml } from '../xml/read.ts';
import { dxpFileNameOf, msgTypeOf } from './file-name.ts';
import { TransportRejection, type OutboundMessage } from './types.ts';

export function envelopeOf(message: OutboundMessage, now: Date = new Date()): string {
  // A 报关单 goes to the 单一窗口 client as the DecMessage itself: the client signs its DecSign and
  // sends it on its own channel, so the file is the bare message, not a DxpMsg.
  if (messageDefOf(message.messageType)?.dec) return message.xml;
  try {
    const mode = declarationSchemaOf(message.messageType);
    if (!mode) throw new TransportRejection(transportText.unknownMessage(message.messageType));
    const { root } = readXml(message.xml);
    return wrapDxp({
      xml: message.xml,
      messageType: msgTypeOf(message.messageType),
      copMsgId: message.guid,
      senderId: fieldsOf(childNode(root, 'BaseTransfer')).dxpId ?? '',
      mode,
      createTime: now,
      fileName: dxpFileNameOf(message),
    });
  } catch (e) {
    if (e instanceof TransportRejection) throw e;
    throw new TransportRejection(e instanceof Error ? e.message : String(e));
  }
}
