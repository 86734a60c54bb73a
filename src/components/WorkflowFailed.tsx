/** A workflow page whose list could not be read (machines/workflow-page.ts `failed`): why, and 刷新. */
import { Alert, Button } from '@mantine/core';
import { workflowText as t } from '../../domain/texts/settlement.ts';

export function WorkflowFailed({ problem, onRetry }: { problem: string | null; onRetry: () => void }) {
  if (problem === null) return null;
  return (
    <Alert color="red" title={t.loadFailed}>
      {problem}
      <Button display="block" mt="sm" size="xs" variant="default" onClick={onRetry}>{t.retry}</Button>
    </Alert>
  );
}
