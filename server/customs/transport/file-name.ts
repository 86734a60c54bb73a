/**
 * The name a declaration travels under as a file: `<MsgType>_<CopMsgId>.xml` (the DXP practice,
 * ceb-messages §7; AddInfo.FileName carries the same). MsgType is the root element's name
 * (CEB303Message), CopMsgId the message guid — so a redelivery keeps its name and replaces its
 * own file instead of adding a second one.
 */
import { billDefinitions } from '../../../domain/bills/index.ts';
import { transportText } from '../../../domain/texts/transport.ts';
import { TransportRejection } from './types.ts';

/** Only these characters reach the file system: no separators, no `..`, nothing a shell or Windows minds. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** 'CEB303' → 'CEB303Message' (the definition's root; every CEB root is the code + "Message"). */
export function msgTypeOf(messageType: string): string {
  const root = billDefinitions.find((d) => d.message?.type === messageType)?.message?.root;
  if (root) return root;
  return /Message$/.test(messageType) ? messageType : `${messageType}Message`;
}

/** The outbox file name of a message; refuses (for good) what could escape the folder. */
export function dxpFileNameOf(message: { messageType: string; guid: string }): string {
  const msgType = msgTypeOf(message.messageType);
  if (!SAFE_NAME.test(msgType) || !SAFE_NAME.test(message.guid)) {
    throw new TransportRejection(transportText.badFileName(`${msgType}_${message.guid}.xml`));
  }
  return `${msgType}_${message.guid}.xml`;
}
