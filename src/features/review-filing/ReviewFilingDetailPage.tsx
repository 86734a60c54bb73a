/**
 * /review/filing/detail/:id 备案详情 (issue 20): the whole filing as the enterprise declared it, the
 * fields and attachments changed since its last approved version highlighted, its approval history,
 * and — while it is 审核中, as the filing machine says — 通过 and 退回.
 */
import { Alert, Badge, Button, Card, Group, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { FieldError } from '../../../domain/envelope.ts';
import { APPROVE_STATE } from '../../../domain/enterprise/approval.ts';
import { shownSections } from '../../../domain/enterprise/filing-diff.ts';
import { enterpriseText } from '../../../domain/texts/enterprise.ts';
import { reviewFilingText as t } from '../../../domain/texts/review-filing.ts';
import { filingAccepts } from '../../../machines/enterprise-filing.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Http } from '../../lib/http.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { ApprovalHistory } from './components/ApprovalHistory.tsx';
import { DecisionDialog, type DecisionKind } from './components/DecisionDialogs.tsx';
import { FilingAttachments } from './components/FilingAttachments.tsx';
import { FilingFields } from './components/FilingFields.tsx';
import { createReviewFilingApi, type FilingDetail } from './api.ts';

const fieldProblems = (error: unknown): Record<string, string> => {
  const errors = (error instanceof ApiError ? (error.body as { data?: { errors?: FieldError[] } } | undefined)?.data?.errors : undefined) ?? [];
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
};

export default function ReviewFilingDetailPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewFilingApi(client));
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [record, setRecord] = useState<FilingDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<DecisionKind | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    try {
      setRecord(await api.detail(id));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  }, [api, id]);
  useEffect(() => { void load(); }, [load]);

  const decide = async (input: { opinion: string; companyCode: string }) => {
    if (!deciding) return;
    setBusy(true);
    try {
      if (deciding === 'approve') await api.approve(id, input.opinion, input.companyCode);
      else await api.reject(id, input.opinion);
      notifySuccess(deciding === 'approve' ? t.approved : t.rejected);
      setDeciding(null);
      setProblems({});
      await load();
    } catch (error) {
      setProblems(fieldProblems(error));
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  if (loadError !== null) {
    return <Alert color="red" title={loadError}><Button mt="sm" variant="default" onClick={() => void load()}>{enterpriseText.retry}</Button></Alert>;
  }
  const state = record?.approveState ?? APPROVE_STATE.unfiled;
  // the type and the changes describe a declaration waiting for a decision; once decided, the
  // record is the approved (or returned) version itself
  const comparison = state === APPROVE_STATE.reviewing ? record?.comparison : undefined;
  const compared = comparison?.base === 'approved' ? comparison : null;
  const changes = compared?.fields ?? [];
  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={record === null} />
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={4}>{record?.companyName}</Title>
          {record && <Badge variant="light">{record.showApproveState}</Badge>}
          {comparison && record && <Badge variant="light" color={record.filingType === 'first' ? 'blue' : 'grape'}>{record.filingTypeName}</Badge>}
          {record?.applyTime && <Text size="sm" c="dimmed">{`${t.applyTime}: ${record.applyTime}`}</Text>}
        </Group>
        <Group gap="sm">
          {record && filingAccepts(state, { type: 'review.approve' }) && <Button onClick={() => { setProblems({}); setDeciding('approve'); }}>{t.approve}</Button>}
          {record && filingAccepts(state, { type: 'review.reject' }) && <Button color="red" variant="light" onClick={() => { setProblems({}); setDeciding('reject'); }}>{t.reject}</Button>}
          <Button variant="default" onClick={() => navigate('/review/filing')}>{t.title}</Button>
        </Group>
      </Group>
      {comparison && (
        <Card withBorder padding="xs" bg={changes.length > 0 ? 'yellow.0' : undefined}>
          <Text size="sm">
            {!compared ? (comparison.base === 'first' ? t.firstFiling : t.previousLost)
              : changes.length + compared.addedFileIds.length + compared.removedFiles.length === 0 ? t.noChanges
              : t.changedSince(compared.approvedAt ?? '')}
          </Text>
        </Card>
      )}
      {record && <FilingFields title={enterpriseText.companySection} fields={shownSections.company} record={record} changes={changes} />}
      {record && <FilingFields title={enterpriseText.filingSection} fields={shownSections.filing} record={record} changes={changes} />}
      {record && (
        <FilingAttachments files={record.companyFileVos} addedIds={compared?.addedFileIds ?? []} removed={compared?.removedFiles ?? []} />
      )}
      {record && <ApprovalHistory records={record.approvalRecordVos} />}
      <DecisionDialog kind={deciding} filedCode={record?.companyCode ?? null} registCode={record?.customsRegistCode ?? null} busy={busy}
        problems={problems} onClose={() => setDeciding(null)} onSubmit={(input) => void decide(input)} />
    </Stack>
  );
}
