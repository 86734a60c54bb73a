/** 提示 / 确定 / 取消, opened by a workflow page's actor while it is confirming (machines/workflow-page.ts). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { commonText } from '../../domain/texts/web.ts';

export function ConfirmDialog({ opened, message, busy, onCancel, onConfirm }: {
  opened: boolean; message: string; busy: boolean; onCancel: () => void; onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={commonText.prompt} centered>
      <Text size="sm" mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>{commonText.cancel}</Button>
        <Button loading={busy} onClick={onConfirm}>{commonText.confirm}</Button>
      </Group>
    </Modal>
  );
}
