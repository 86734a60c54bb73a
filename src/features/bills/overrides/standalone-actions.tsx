/**
 * List actions that act on no selected rows, run beside the list machine (whose batch actions
 * always need a selection): 下载数据模板 (kind 'download': the template opens in a new window),
 * 上传Excel (kind 'upload': one .xlsx chosen, the session checked, uploaded, its path sent as
 * {filePath}; 上传数据成功), and a dialog action with needsSelection false (汇总 by condition: the
 * form dialog, its filter sent as terms). After a run that may have made bills the list reloads.
 */
import { Alert, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useState } from 'react';
import { EXCEL_ACCEPT } from '../../../../domain/excel-files.ts';
import type { ActionDef, BillDefinition } from '../../../../domain/bills/types.ts';
import { billActionText, billText } from '../../../../domain/texts/bills.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import type { Http } from '../../../lib/http.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { listActionKind } from '../list/action-kind.ts';
import { uploadFile } from '../list/api/query-import.ts';
import { openDownload } from '../list/open-download.ts';
import { queryFileProblem } from '../list/query-files.ts';
import { dialogOf, type ActionDialogs } from './action-dialogs.ts';
import { UploadRowErrors, uploadRowErrors } from './UploadRowErrors.tsx';
import type { UploadRowError } from '../../../../domain/bills/action-words.ts';
import { filterTerms } from './ActionFormDialog.tsx';

const ENTERPRISE = '/api/enterprise';

/** Whether the action runs without selected rows, outside the list machine. */
export function isStandalone(action: ActionDef): boolean {
  const kind = listActionKind(action);
  return kind === 'upload' || kind === 'download' || (kind === 'dialog' && action.needsSelection === false);
}

interface RunAnswer { failed?: { title?: string; message: string }[] }

function pathOf(definition: BillDefinition, action: ActionDef): string {
  const path = definition.api[action.api];
  if (!path) throw new Error(`${definition.label}: no api.${action.api}`);
  return `${ENTERPRISE}${path}`;
}

/** The toast after a run: the action's success text, or the refusals when some were refused. */
function report(action: ActionDef, answer: RunAnswer | null): void {
  const failed = answer?.failed ?? [];
  if (failed.length === 0) notifySuccess(action.success ?? billText.ok);
  else notifyWarning(failed.slice(0, 3).map((f) => (f.title ? `${f.title}：${f.message}` : f.message)).join('；'));
}

export interface UploadFormProps {
  /** rejects with the server's refusal: its refused rows stay in the dialog, any other error is a toast */
  onUpload: (file: File) => Promise<void>;
  onCancel: () => void;
}

/** 上传Excel: one file, checked by the server's rules (an .xlsx, not empty) before it is sent; any name is taken. */
export function UploadForm({ onUpload, onCancel }: UploadFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<UploadRowError[]>([]);
  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const p = queryFileProblem(chosen);
    setProblem(p ? `${chosen.name}：${p}` : null);
    setFile(p ? null : chosen);
    setRefused([]);
  };
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setRefused([]);
    try {
      await onUpload(file);
    } catch (error) {
      const rows = uploadRowErrors(error);
      if (rows.length > 0) setRefused(rows);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">{billActionText.uploadHint}</Text>
      <Group>
        <FileButton accept={EXCEL_ACCEPT} onChange={choose} disabled={busy}>
          {(props) => <Button variant="default" size="xs" {...props}>{billActionText.chooseFile}</Button>}
        </FileButton>
      </Group>
      {file && <List size="sm"><List.Item>{file.name}</List.Item></List>}
      {problem && <Alert color="red">{problem}</Alert>}
      {refused.length > 0 && <UploadRowErrors rows={refused} />}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={busy}>{commonText.cancel}</Button>
        <Button onClick={send} disabled={!file} loading={busy}>{billActionText.upload}</Button>
      </Group>
    </Stack>
  );
}

export interface StandaloneSetup {
  definition: BillDefinition;
  client: Http;
  dialogs: ActionDialogs;
  /** the list reloads (bills may have been made) */
  onDone: () => void;
}

/** Runs a standalone action; answers false for an action that is not one (the list machine's). */
export function useStandaloneActions({ definition, client, dialogs, onDone }: StandaloneSetup): (action: ActionDef) => boolean {
  return useCallback((action: ActionDef) => {
    if (!isStandalone(action)) return false;
    const kind = listActionKind(action);
    const path = pathOf(definition, action);
    if (kind === 'download') {
      client.post<{ downloadUri: string }>(path, {}, { long: true }).then((d) => openDownload(d.downloadUri, client), notifyError);
      return true;
    }
    if (kind === 'upload') {
      const id = modals.open({
        title: action.label,
        children: (
          <UploadForm
            onCancel={() => modals.close(id)}
            onUpload={async (file) => {
              const { uri } = await uploadFile(client, file);
              await client.post(path, { filePath: uri }, { long: true });
              modals.close(id);
              notifySuccess(action.success ?? billText.ok);
              onDone();
            }}
          />
        ),
      });
      return true;
    }
    const Dialog = dialogOf(dialogs, action);
    if (!Dialog) return true;
    const id = modals.open({
      title: action.label,
      size: 'lg',
      children: (
        <Dialog
          definition={definition}
          pending={{ action, rows: [], excluded: [] }}
          titleOf={(row) => String(row.id)}
          client={client}
          onCancel={() => modals.close(id)}
          onSubmit={(values) => {
            const filterNames = new Set((action.filter?.fields ?? []).map((f) => f.field.name));
            const answers = Object.fromEntries(Object.entries(values).filter(([k]) => !filterNames.has(k)));
            const body = { ...answers, ...(action.filter ? { terms: filterTerms(action, values) } : {}) };
            client.post<RunAnswer | null>(path, body, { long: true }).then((answer) => {
              modals.close(id);
              report(action, answer);
              onDone();
            }, notifyError);
          }}
        />
      ),
    });
    return true;
  }, [definition, client, dialogs, onDone]);
}
