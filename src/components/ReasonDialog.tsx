/**
 * The reason of 撤销申请 (结汇, 核销): a required text. Its check and the server's refusal come from
 * the page's actor (machines/workflow-page.ts) as `problem`; what was typed stays while the dialog
 * is open, a refused reason included.
 */
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { settlementText } from '../../domain/texts/settlement.ts';
import { commonText } from '../../domain/texts/web.ts';

export function ReasonDialog({ opened, title, problem, busy, onClose, onSubmit }: {
  opened: boolean; title: string; problem: string | null; busy: boolean; onClose: () => void; onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  useEffect(() => { if (opened) setReason(''); }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Textarea label={settlementText.revokeReason} required maxLength={255} rows={3} value={reason} error={problem}
          onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{commonText.cancel}</Button>
          <Button loading={busy} onClick={() => onSubmit(reason)}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
