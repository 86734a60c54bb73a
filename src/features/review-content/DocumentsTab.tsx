/**
 * 内容发布 › 知识库 (issue 20): the knowledge PDFs, drafts included; 上传文档 (one PDF up to 20 MB,
 * of the chosen type, saved unpublished), rename or retype, 发布 / 下线, 下载.
 */
import { Anchor, Badge, Button, FileButton, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { KNOWLEDGE_PDF_MAX_MB, knowledgeNameProblem } from '../../../domain/content/publishing.ts';
import { archiveTypes } from '../../../domain/texts/archive.ts';
import { reviewContentText as t } from '../../../domain/texts/review-content.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import type { DeskDocument, Page, ReviewContentApi } from './api.ts';

const PAGE_SIZE = 10;
const typeOptions = archiveTypes.map((a) => ({ value: a.value, label: a.name }));

export function DocumentsTab({ api }: { api: ReviewContentApi }) {
  const [page, setPage] = useState(0);
  const [data, setData] = useState<Page<DeskDocument>>({ total: 0, datas: [] });
  const [uploadType, setUploadType] = useState('other');
  const [editing, setEditing] = useState<DeskDocument | null>(null);
  const [name, setName] = useState('');
  const [type, setType] = useState('other');
  const latest = useLatest();

  const load = useCallback(async () => {
    try {
      const answer = await latest(api.documents(page, PAGE_SIZE));
      if (answer) setData(answer.value);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, page]);
  useEffect(() => { void load(); }, [load]);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!/\.pdf$/i.test(file.name)) { notifyWarning(t.notPdf); return; }
    if (file.size > KNOWLEDGE_PDF_MAX_MB * 1024 * 1024) { notifyWarning(t.pdfTooLarge(KNOWLEDGE_PDF_MAX_MB)); return; }
    try {
      await api.uploadDocument(file, uploadType);
      notifySuccess(t.uploaded);
      setPage(0);
      await load();
    } catch (error) {
      notifyError(error);
    }
  };
  const publish = async (d: DeskDocument) => {
    try {
      await api.publishDocument(d.id, !d.published);
      notifySuccess(d.published ? t.unpublishedOk : t.publishedOk);
      await load();
    } catch (error) {
      notifyError(error);
    }
  };
  const save = async () => {
    if (!editing) return;
    const problem = knowledgeNameProblem(name);
    if (problem) { notifyWarning(problem); return; }
    try {
      await api.saveDocument(editing.id, name, type);
      notifySuccess(t.saved);
      setEditing(null);
      await load();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select label={t.docType} data={typeOptions} value={uploadType} onChange={(v) => setUploadType(v ?? 'other')} w={140} allowDeselect={false} />
        <FileButton accept="application/pdf,.pdf" onChange={(f) => void upload(f)}>
          {(props) => <Button {...props}>{t.uploadPdf}</Button>}
        </FileButton>
        <Text size="xs" c="dimmed">{t.uploadPdfHint}</Text>
      </Group>
      <Table striped withTableBorder aria-label={t.knowledge}>
        <Table.Thead>
          <Table.Tr><Table.Th>{t.fileName}</Table.Th><Table.Th>{t.docType}</Table.Th><Table.Th>{t.updateTime}</Table.Th><Table.Th>{t.state}</Table.Th><Table.Th>{t.operation}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text size="sm" c="dimmed" ta="center">{t.empty}</Text></Table.Td></Table.Tr>}
          {data.datas.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{d.fileName}</Table.Td>
              <Table.Td>{d.typeName}</Table.Td>
              <Table.Td>{d.createTime}</Table.Td>
              <Table.Td><Badge variant="light" color={d.published ? 'green' : 'gray'}>{d.published ? t.published : t.draft}</Badge></Table.Td>
              <Table.Td>
                <Group gap="sm">
                  <Anchor href={d.downloadUri} target="_blank" rel="noopener" size="sm">{t.download}</Anchor>
                  <Anchor component="button" type="button" size="sm" onClick={() => { setEditing(d); setName(d.fileName); setType(d.type); }}>{t.edit}</Anchor>
                  <Anchor component="button" type="button" size="sm" c={d.published ? 'red' : undefined} onClick={() => void publish(d)} aria-label={`${d.published ? t.unpublish : t.publish} ${d.fileName}`}>
                    {d.published ? t.unpublish : t.publish}
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Pagination total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t.edit} centered>
        <Stack gap="sm">
          <TextInput label={t.fileName} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select label={t.docType} data={typeOptions} value={type} onChange={(v) => setType(v ?? 'other')} allowDeselect={false} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>{t.cancel}</Button>
            <Button onClick={() => void save()}>{t.save}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
