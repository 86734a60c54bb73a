/**
 * The operator's decision dialog: the opinion (审核意见, optional for an approval) or the reason
 * the enterprise will read (required for a refusal; the page's actor checks it and shows the
 * problem here, the server's refusal too). What was typed stays while the dialog is open.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { reviewSettlementText as t } from '../../../../domain/texts/review-settlement.ts';

export function DecisionDialog({ opened, title, subject, refusing, problem, busy, onClose, onSubmit }: {
  opened: boolean; title: string; subject: string; refusing: boolean; problem: string | null; busy: boolean; onClose: () => void; onSubmit: (opinion: string) => void;
}) {
  const [opinion, setOpinion] = useState('');
  useEffect(() => { if (opened) setOpinion(''); }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{subject}</Text>
        <Textarea label={refusing ? t.reason : t.opinion} placeholder={refusing ? t.reasonPlaceholder : t.opinionPlaceholder} required={refusing}
          maxLength={500} rows={3} value={opinion} error={problem} onChange={(e) => setOpinion(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{t.cancel}</Button>
          <Button color={refusing ? 'red' : undefined} loading={busy} onClick={() => onSubmit(opinion)}>{t.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
