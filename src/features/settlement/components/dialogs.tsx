/**
 * The settlement list's dialogs: the bank choice of 提交申请 (bank_code), the reason of 撤销申请
 * (申请撤销理由不能为空), and 查看历史撤销记录.
 */
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { settlementText as t } from '../../../../domain/texts/settlement.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import { getDictionary, type DictionaryItem } from '../../../lib/dictionaries.ts';
import type { Http } from '../../../lib/http.ts';
import { notifyError } from '../../../lib/notify.ts';

export function BankDialog({ opened, client, onClose, onSubmit }: { opened: boolean; client?: Http; onClose: () => void; onSubmit: (bankCode: string, note: string) => Promise<boolean> }) {
  const [banks, setBanks] = useState<DictionaryItem[]>([]);
  const [bank, setBank] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (opened) getDictionary('bank_code', client).then(setBanks, notifyError); }, [opened, client]);
  useEffect(() => { if (opened) { setBank(null); setNote(''); setError(null); } }, [opened]);
  const submit = async () => {
    if (!bank) { setError(t.bankRequired); return; }
    setBusy(true);
    const ok = await onSubmit(bank, note);
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t.chooseBank} centered>
      <Stack>
        <Select label={t.bank} required searchable data={banks.map((b) => ({ value: b.value, label: b.name }))} value={bank}
          onChange={(v) => { setBank(v); setError(null); }} error={error} comboboxProps={{ withinPortal: true }} />
        <Textarea label={t.note} maxLength={255} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{commonText.cancel}</Button>
          <Button loading={busy} onClick={() => void submit()}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ReasonDialog({ opened, title, required, onClose, onSubmit }: { opened: boolean; title: string; required: string; onClose: () => void; onSubmit: (reason: string) => Promise<boolean> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (opened) { setReason(''); setError(null); } }, [opened]);
  const submit = async () => {
    if (!reason.trim()) { setError(required); return; }
    setBusy(true);
    const ok = await onSubmit(reason.trim());
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Textarea label={t.revokeReason} required maxLength={255} autosize minRows={3} value={reason} error={error}
          onChange={(e) => { setReason(e.currentTarget.value); setError(null); }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{commonText.cancel}</Button>
          <Button loading={busy} onClick={() => void submit()}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export { RevocationHistoryDialog as HistoryDialog } from '../../../components/RevocationHistoryDialog.tsx';
