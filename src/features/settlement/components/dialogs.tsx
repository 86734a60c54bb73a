/**
 * The settlement list's dialogs: the bank choice of 提交申请 (bank_code; 请选择结算银行 and the
 * server's refusal come from the page's actor as `problem`), the reason of 撤销申请, and
 * 查看历史撤销记录.
 */
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { settlementText as t } from '../../../../domain/texts/settlement.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import { getDictionary, type DictionaryItem } from '../../../lib/dictionaries.ts';
import type { Http } from '../../../lib/http.ts';
import { notifyError } from '../../../lib/notify.ts';

export function BankDialog({ opened, client, problem, busy, onClose, onSubmit }: {
  opened: boolean; client?: Http; problem: string | null; busy: boolean; onClose: () => void; onSubmit: (bankCode: string, note: string) => void;
}) {
  const [banks, setBanks] = useState<DictionaryItem[]>([]);
  const [bank, setBank] = useState<string | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => { if (opened) getDictionary('bank_code', client).then(setBanks, notifyError); }, [opened, client]);
  useEffect(() => { if (opened) { setBank(null); setNote(''); } }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t.chooseBank} centered>
      <Stack>
        <Select label={t.bank} required searchable data={banks.map((b) => ({ value: b.value, label: b.name }))} value={bank}
          onChange={setBank} error={problem} comboboxProps={{ withinPortal: true }} />
        <Textarea label={t.note} maxLength={255} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{commonText.cancel}</Button>
          <Button loading={busy} onClick={() => onSubmit(bank ?? '', note)}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export { ReasonDialog } from '../../../components/ReasonDialog.tsx';
export { RevocationHistoryDialog as HistoryDialog } from '../../../components/RevocationHistoryDialog.tsx';
