/**
 * The stash warning (bills §4, §8: one of the confirmations): open exactly while the machine is in
 * `stashing`. 确定 keeps the whole bill, temp rows included, in this page only.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { billText } from '../../../../domain/texts/bills.ts';
import { commonText } from '../../../../domain/texts/web.ts';

export function StashDialog({ opened, onConfirm, onCancel }: { opened: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal opened={opened} onClose={onCancel} title={commonText.prompt} centered>
      <Text size="sm">{billText.stashWarning}</Text>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" onClick={onCancel}>{commonText.cancel}</Button>
        <Button onClick={onConfirm}>{commonText.confirm}</Button>
      </Group>
    </Modal>
  );
}
