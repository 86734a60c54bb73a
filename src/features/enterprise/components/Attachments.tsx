/**
 * 附件信息 (§2, §5): the enterprise's files with download and delete (此操作将永久删除该文件, 是否继续?),
 * and the upload dialog: a file type and one jpeg or png of at most 500 KB, under any name (issue 31 item 3:
 * the server stores it under its own name and shows the one given).
 */
import { Anchor, Button, Card, FileInput, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ATTACHMENT_MAX_BYTES, attachmentFileTypes } from '../../../../domain/enterprise/attachments.ts';
import { enterpriseText as t } from '../../../../domain/texts/enterprise.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { EnterpriseApi } from '../api.ts';

export interface FileVo { id: number; fileTypeName: string; fileName: string; attachment: { downloadUri: string } }

export function AttachmentsTable({ files, canChange, api, onChanged }: { files: FileVo[]; canChange: boolean; api: EnterpriseApi; onChanged: () => void }) {
  const [deleting, setDeleting] = useState<FileVo | null>(null);
  const remove = async () => {
    const file = deleting;
    setDeleting(null);
    if (!file) return;
    try {
      await api.deleteFile(file.id);
      notifySuccess(t.deleted);
      onChanged();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">{t.attachmentsSection}</Title>
      <Table striped withTableBorder aria-label={t.attachmentsSection}>
        <Table.Thead>
          <Table.Tr><Table.Th>{t.fileTypeName}</Table.Th><Table.Th>{t.fileName}</Table.Th><Table.Th>{t.operation}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>{f.fileTypeName}</Table.Td>
              <Table.Td>{f.fileName}</Table.Td>
              <Table.Td>
                <Group gap="sm">
                  <Anchor href={f.attachment.downloadUri} target="_blank" rel="noopener" size="sm">{t.download}</Anchor>
                  {canChange && <Anchor component="button" type="button" c="red" size="sm" onClick={() => setDeleting(f)}>{t.delete}</Anchor>}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={commonText.prompt} centered>
        <Text mb="md">{t.confirmDeleteFile}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>{commonText.cancel}</Button>
          <Button color="red" onClick={remove}>{commonText.confirm}</Button>
        </Group>
      </Modal>
    </Card>
  );
}

/** The dialog's own checks (the server checks again, by the file's bytes). */
export function fileProblem(file: File | null): string | null {
  if (!file) return t.chooseFile;
  if (!['image/jpeg', 'image/png'].includes(file.type) || !/\.(jpe?g|png)$/i.test(file.name)) return t.fileTypeBad;
  if (file.size > ATTACHMENT_MAX_BYTES) return t.fileTooLarge;
  return null;
}

export function UploadDialog({ opened, onClose, api, companyId, onUploaded }: {
  opened: boolean; onClose: () => void; api: EnterpriseApi; companyId: number | string; onUploaded: () => void;
}) {
  const [fileType, setFileType] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ fileType?: string; file?: string }>({});
  const [busy, setBusy] = useState(false);
  const close = () => { setFileType(null); setFile(null); setErrors({}); onClose(); };
  const submit = async () => {
    const problems = { ...(fileType ? {} : { fileType: t.chooseFileType }), ...(fileProblem(file) ? { file: fileProblem(file)! } : {}) };
    setErrors(problems);
    if (problems.fileType || problems.file) return;
    setBusy(true);
    try {
      await api.attach(file!, fileType!, companyId);
      notifySuccess(t.uploaded);
      close();
      onUploaded();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t.upload} centered>
      <Stack gap="sm">
        <Select label={t.fileType} withAsterisk data={attachmentFileTypes.map((o) => ({ value: o.value, label: o.label }))} value={fileType}
          onChange={(v) => { setFileType(v); setErrors((e) => ({ ...e, fileType: undefined })); }} error={errors.fileType} />
        <FileInput label={t.file} withAsterisk accept="image/jpeg,image/png" clearable value={file} placeholder="jpeg / png ≤ 500KB"
          onChange={(f) => { setFile(f); setErrors((e) => ({ ...e, file: f ? fileProblem(f) ?? undefined : undefined })); }} error={errors.file} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{commonText.cancel}</Button>
          <Button loading={busy} onClick={submit}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
