/**
 * What a receipt means and, when the user has to act, why it happened and what to do
 * (domain/customs/return-codes.ts, answered by the server as `explain`). Cause and fix are set off
 * in a tinted box so they stand out beside the receipt's own text. Shared by the list's 回执 dialog
 * and the detail page's 回执记录.
 */
import { Box, Text } from '@mantine/core';
import { timelineText } from '../../../../../domain/texts/timeline.ts';

export interface Explanation { meaning: string; cause?: string; fix?: string }

export function ReceiptExplanationNote({ explain }: { explain: Explanation | undefined }) {
  if (!explain) return null;
  const advice = explain.cause !== undefined || explain.fix !== undefined;
  return (
    <Box>
      <Text size="xs" c="dimmed">{explain.meaning}</Text>
      {advice && (
        <Box mt={4} px={8} py={4} bg="var(--mantine-color-orange-light)" style={{ borderLeft: '3px solid var(--mantine-color-orange-filled)', borderRadius: 4 }}
          data-advice="">
          {explain.cause !== undefined && (
            <Text size="xs"><Text span fw={700} inherit>{timelineText.cause}：</Text>{explain.cause}</Text>
          )}
          {explain.fix !== undefined && (
            <Text size="xs"><Text span fw={700} inherit>{timelineText.fix}：</Text>{explain.fix}</Text>
          )}
        </Box>
      )}
    </Box>
  );
}
