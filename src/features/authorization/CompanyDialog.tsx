/**
 * 添加授权's company-selection dialog: filed companies found by name (all of them on opening), one
 * chosen. Only the newest search's answer is shown, and a choice stays while that answer still
 * has the company.
 */
import { Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { authorizationText as t } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifyWarning } from '../../lib/notify.ts';

export interface Company { companyCode: string; companyName: string }

export function CompanyDialog({ opened, onClose, find, onPick, problem = null, busy = false }: {
  opened: boolean; onClose: () => void;
  find: (name: string) => Promise<Company[]>;
  /** the choice goes to the page's actor, which closes the dialog once the request is accepted */
  onPick: (c: Company) => void;
  /** the server's refusal of the request (the dialog stays open) */
  problem?: string | null;
  busy?: boolean;
}) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Company[]>([]);
  const [chosen, setChosen] = useState<string>('');
  const latest = useLatest();
  const show = useCallback(async (text: string) => {
    try {
      const answer = await latest(find(text));
      if (!answer) return;
      setRows(answer.value);
      setChosen((c) => (answer.value.some((r) => r.companyCode === c) ? c : ''));
    } catch (error) { notifyError(error); }
  }, [latest, find]);
  const search = () => void show(name.trim());
  useEffect(() => { if (opened) { setName(''); setChosen(''); void show(''); } }, [opened, show]);
  const confirm = () => {
    const c = rows.find((r) => r.companyCode === chosen);
    if (!c) { notifyWarning(t.companyRequired); return; }
    onPick(c);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t.chooseCompany} size="lg" centered>
      <Stack>
        <Group align="flex-end">
          <TextInput label={t.companyName} value={name} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') search(); }} />
          <Button variant="default" onClick={search}>{t.search}</Button>
        </Group>
        <Radio.Group value={chosen} onChange={setChosen}>
          <Table striped withTableBorder aria-label={t.chooseCompany}>
            <Table.Thead><Table.Tr><Table.Th w={40} /><Table.Th>{t.companyName}</Table.Th><Table.Th>{t.companyCode}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.companyCode}>
                  <Table.Td><Radio value={r.companyCode} aria-label={r.companyName} /></Table.Td><Table.Td>{r.companyName}</Table.Td><Table.Td>{r.companyCode}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>
        {problem && <Text c="red" size="sm">{problem}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{commonText.cancel}</Button>
          <Button loading={busy} onClick={confirm}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
