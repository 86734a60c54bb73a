/** A failed list load (the loader has ended): the reason and 重新加载. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { billListText } from '../../../../../domain/texts/bills.ts';

export function LoadError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <Alert color="red" p="xs">
      <Group justify="space-between">
        <Text size="sm">
          {billListText.loadFailed}
          {message ? `：${message}` : ''}
        </Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          {billListText.retry}
        </Button>
      </Group>
    </Alert>
  );
}
