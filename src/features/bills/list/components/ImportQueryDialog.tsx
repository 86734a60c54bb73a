/**
 * Excel导入 (bills §5): up to 3 .xlsx files checked here by the server's rules before any
 * upload; 导入 asks 导入数据可能会耗费较多时间, 请耐心等待, 是否导入? and hands the files to the list
 * machine (session check, upload, parse, `in` terms).
 */
import { Alert, Button, CloseButton, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useRef, useState } from 'react';
import { EXCEL_ACCEPT } from '../../../../../domain/excel-files.ts';
import { billListText, billText } from '../../../../../domain/texts/bills.ts';
import { commonText } from '../../../../../domain/texts/web.ts';
import { addQueryFiles } from '../query-files.ts';

export interface ImportQueryDialogProps {
  opened: boolean;
  importing: boolean;
  onImport: (files: File[]) => void;
  onClose: () => void;
}


export function ImportQueryDialog({ opened, importing, onImport, onClose }: ImportQueryDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={billListText.excelImport} closeOnClickOutside={!importing}>
      {opened && <ImportForm importing={importing} onImport={onImport} onClose={onClose} />}
    </Modal>
  );
}

function ImportForm({ importing, onImport, onClose }: Omit<ImportQueryDialogProps, 'opened'>) {
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const resetRef = useRef<() => void>(null);

  const choose = (chosen: File[]) => {
    const next = addQueryFiles(files, chosen);
    setFiles(next.files);
    setProblems(next.problems);
    resetRef.current?.(); // the same file may be chosen again after removing it
  };
  const start = () =>
    modals.openConfirmModal({
      title: commonText.prompt,
      children: <Text size="sm">{billText.confirmImport}</Text>,
      labels: { confirm: commonText.confirm, cancel: commonText.cancel },
      onConfirm: () => onImport(files),
    });

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">{billListText.importHint}</Text>
      <Group>
        <FileButton multiple accept={EXCEL_ACCEPT} onChange={choose} resetRef={resetRef} disabled={importing}>
          {(props) => <Button variant="default" size="xs" {...props}>{billListText.chooseFiles}</Button>}
        </FileButton>
      </Group>
      {files.length > 0 && (
        <List size="sm" spacing={2}>
          {files.map((f) => (
            <List.Item key={f.name}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{f.name}</Text>
                <CloseButton size="xs" aria-label={billListText.removeFile(f.name)} disabled={importing} onClick={() => setFiles(files.filter((x) => x !== f))} />
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {problems.length > 0 && (
        <Alert color="yellow" p="xs">
          {problems.map((p) => <Text key={p} size="sm">{p}</Text>)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={importing}>{commonText.cancel}</Button>
        <Button onClick={start} disabled={files.length === 0} loading={importing}>{billListText.importAction}</Button>
      </Group>
    </Stack>
  );
}
