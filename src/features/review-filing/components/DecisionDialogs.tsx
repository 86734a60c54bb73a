/**
 * 通过 (the companyCode to assign — the registration code, editable for a first filing — or to
 * confirm, read-only once filed; an optional opinion) and 退回 (the opinion is required: it is what
 * the enterprise reads on its 企业备案 page). What was typed stays when the server refuses it.
 */
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { enterpriseText } from '../../../../domain/texts/enterprise.ts';
import { reviewFilingText as t } from '../../../../domain/texts/review-filing.ts';
import { commonText } from '../../../../domain/texts/web.ts';

export type DecisionKind = 'approve' | 'reject';

export function DecisionDialog({ kind, filedCode, registCode, busy, problems, onClose, onSubmit }: {
  kind: DecisionKind | null;
  /** the companyCode of a company filed before (confirmed, not changed) */
  filedCode: string | null;
  registCode: string | null;
  busy: boolean;
  problems: { opinion?: string; companyCode?: string };
  onClose: () => void;
  onSubmit: (input: { opinion: string; companyCode: string }) => void;
}) {
  const [opinion, setOpinion] = useState('');
  const [companyCode, setCompanyCode] = useState('');
  const [own, setOwn] = useState<{ opinion?: string; companyCode?: string }>({});
  useEffect(() => {
    if (kind === null) return;
    setOpinion(kind === 'approve' ? enterpriseText.defaultApproveOpinion : '');
    setCompanyCode(filedCode ?? registCode ?? '');
    setOwn({});
  }, [kind, filedCode, registCode]);
  const submit = () => {
    if (kind === 'reject' && !opinion.trim()) { setOwn({ opinion: enterpriseText.opinionRequired }); return; }
    if (kind === 'approve' && !companyCode.trim()) { setOwn({ companyCode: t.companyCodeRequired }); return; }
    onSubmit({ opinion, companyCode: companyCode.trim() });
  };
  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind === 'reject' ? t.rejectTitle : t.approveTitle} centered>
      <Stack>
        {kind === 'approve' && (
          <TextInput label={t.companyCode} description={t.companyCodeHint} required readOnly={filedCode !== null} maxLength={10}
            value={companyCode} error={own.companyCode ?? problems.companyCode}
            onChange={(e) => { setCompanyCode(e.currentTarget.value); setOwn({}); }} />
        )}
        <Textarea label={t.opinion} description={kind === 'reject' ? t.rejectReasonHint : undefined} required={kind === 'reject'} maxLength={500} rows={3}
          value={opinion} error={own.opinion ?? problems.opinion} onChange={(e) => { setOpinion(e.currentTarget.value); setOwn({}); }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{commonText.cancel}</Button>
          <Button loading={busy} color={kind === 'reject' ? 'red' : undefined} onClick={submit}>{kind === 'reject' ? t.reject : t.approve}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
