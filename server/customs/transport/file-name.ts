/**
 * The name a declaration travels under as a file: `<MsgType>_<CopMsgId>.xml` (the DXP practice,
 * ceb-messages §7; AddInfo.FileName carries the same). MsgType is the root element's name
 * (CEB303Message, DecMessage), CopMsgId the message guid — so a redelivery keeps its name and replaces its
 * own file instead of adding a second one.
 */
import { msgTypeOf } from '../dxp/wrap.ts';
import { rootOfMessageType } from '../message-defs.ts';
import { transportText } from '../../../domain/texts/transport.ts';
import { TransportRejection } from './types.ts';

/** Only these characters reach the file system: no separators, no `..`, nothing a shell or Windows minds. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export { msgTypeOf };

/** The outbox file name of a message; refuses (for good) what could escape the folder. */
export function dxpFileNameOf(message: { messageType: string; guid: string }): string {
  // a type whose root is not code + "Message" (DEC → DecMessage) is named by its root
  const msgType = rootOfMessageType(message.messageType);
  if (!SAFE_NAME.test(msgType) || !SAFE_NAME.test(message.guid)) {
    throw new TransportRejection(transportText.badFileName(`${msgType}_${message.guid}.xml`));
  }
  return `${msgType}_${message.guid}.xml`;
}
