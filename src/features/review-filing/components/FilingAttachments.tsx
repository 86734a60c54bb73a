/**
 * The filing's attachments for the reviewer: 打开 shows the image in place, 下载 saves it, both
 * through the enterprise page's own capability links; attachments added since the last approved
 * version are marked 新增, and the ones removed since are listed.
 */
import { Anchor, Badge, Card, Group, Image, Modal, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FilingAttachment } from '../../../../domain/enterprise/filing-diff.ts';
import { attachmentTypeName } from '../../../../domain/enterprise/attachments.ts';
import { enterpriseText } from '../../../../domain/texts/enterprise.ts';
import { reviewFilingText as t } from '../../../../domain/texts/review-filing.ts';
import type { FileVo } from '../api.ts';

export function FilingAttachments({ files, addedIds, removed }: { files: FileVo[]; addedIds: readonly number[]; removed: readonly FilingAttachment[] }) {
  const [open, setOpen] = useState<FileVo | null>(null);
  const added = new Set(addedIds);
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">{enterpriseText.attachmentsSection}</Title>
      <Table striped withTableBorder aria-label={enterpriseText.attachmentsSection}>
        <Table.Thead>
          <Table.Tr><Table.Th>{enterpriseText.fileTypeName}</Table.Th><Table.Th>{enterpriseText.fileName}</Table.Th><Table.Th>{enterpriseText.operation}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((f) => (
            <Table.Tr key={f.id} data-changed={added.has(f.id) ? 'true' : undefined} style={added.has(f.id) ? { background: 'var(--mantine-color-yellow-1)' } : undefined}>
              <Table.Td>{f.fileTypeName}</Table.Td>
              <Table.Td><Group gap="xs">{f.fileName}{added.has(f.id) && <Badge color="yellow" variant="light">{t.added}</Badge>}</Group></Table.Td>
              <Table.Td>
                <Group gap="sm">
                  <Anchor component="button" type="button" size="sm" onClick={() => setOpen(f)}>{t.open}</Anchor>
                  <Anchor href={f.attachment.downloadUri} download={f.fileName} size="sm">{t.download}</Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {removed.length > 0 && (
        <Text size="sm" mt="sm" c="red">
          {`${t.removedFiles}: ${removed.map((f) => `${attachmentTypeName(f.fileType) ?? f.fileType} ${f.fileName}`).join('、')}`}
        </Text>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? `${t.preview}: ${open.fileName}` : t.preview} size="xl" centered>
        {open && <Image src={open.attachment.displayUri} alt={open.fileName} fit="contain" />}
      </Modal>
    </Card>
  );
}
