/**
 * How a bill's lines are shared out over its messages (definition.message.split), pure: without
 * the word, one message with every line; with it, consecutive shares of at most linesPerMessage
 * lines in the bill's order, and one message for a bill without lines (the head still goes out).
 */
import type { MessageSplit } from '../../../domain/bills/types.ts';

export interface MessageShare<L> {
  /** the bill's index of this share's first line */
  offset: number;
  lines: readonly L[];
}

export function shareLines<L>(split: MessageSplit | undefined, lines: readonly L[]): MessageShare<L>[] {
  if (!split || lines.length <= split.linesPerMessage) return [{ offset: 0, lines }];
  const n = split.linesPerMessage;
  // a definition's mistake, not a user's: a limit below one would never end
  if (!Number.isInteger(n) || n < 1) throw new Error(`message.split.linesPerMessage must be a positive integer, not ${n}`);
  const shares: MessageShare<L>[] = [];
  for (let offset = 0; offset < lines.length; offset += n) shares.push({ offset, lines: lines.slice(offset, offset + n) });
  return shares;
}
