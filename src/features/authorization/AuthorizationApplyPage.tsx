/**
 * /settlementAuthorization/apply (accounts §2, §6): the caller's authorization requests
 * (agentCode = its code), by state; 添加授权 picks an e-commerce company in a dialog searched by
 * name; 删除 removes the selected requests (not an approved one: machines/authorization.ts).
 */
import { Badge, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useState } from 'react';
import { BILL_PAGE_SIZE } from '../../../domain/query.ts';
import { authorizationText as t, settlementText } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { useUserInfo } from '../../lib/auth-context.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { createAuthorizationApi, type AuthorizationRecord, type Page } from './api.ts';
import { AuthorizationTable, StateFilter } from './AuthorizationTable.tsx';

const PAGE = '/settlementAuthorization/apply';

export default function AuthorizationApplyPage({ client }: { client?: Http }) {
  const [api] = useState(() => createAuthorizationApi(client));
  const code = useUserInfo()?.companyCode ?? '';
  const [states, setStates] = useState<string[]>([]);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<Page<AuthorizationRecord>>({ total: 0, datas: [] });
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);

  const load = useCallback(async () => {
    try { setData(await api.list('agentCode', code, states, page, pageSize)); setSelected([]); } catch (error) { notifyError(error); }
  }, [api, code, states, page, pageSize]);
  useEffect(() => { void load(); }, [load]);

  const remove = () => {
    if (selected.length === 0) { notifyWarning(t.selectRows); return; }
    modals.openConfirmModal({
      title: commonText.prompt, children: <Text size="sm">{settlementText.confirmDelete}</Text>, labels: { confirm: commonText.confirm, cancel: commonText.cancel },
      onConfirm: async () => { try { await api.remove(selected); notifySuccess(t.deleted); } catch (error) { notifyError(error); } await load(); },
    });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <StateFilter value={states} onChange={(v) => { setPage(0); setStates(v); }} />
        <Group gap="xs">
          <PermissionButton code="add" permissionPath={PAGE} onClick={() => setPicking(true)}>{t.add}</PermissionButton>
          <PermissionButton code="delete" permissionPath={PAGE} variant="default" color="red" onClick={remove}>{t.delete}</PermissionButton>
        </Group>
      </Group>
      <AuthorizationTable label={t.applyTitle} data={data} selected={selected} onSelect={setSelected} page={page} pageSize={pageSize} onPage={setPage} onPageSize={(n) => { setPage(0); setPageSize(n); }} columns={[
        { label: t.commerceName, value: (r) => r.commerceName },
        { label: t.commerceCode, value: (r) => r.commerceCode },
        { label: t.createTime, value: (r) => r.createTime },
        { label: t.state, value: (r) => <Badge variant="light">{r.stateName}</Badge> },
      ]} />
      <CompanyDialog opened={picking} onClose={() => setPicking(false)} find={api.findCompany}
        onPick={async (c) => {
          try { await api.request(c.companyCode, c.companyName); notifySuccess(t.created); await load(); return true; } catch (error) { notifyError(error); return false; }
        }} />
    </Stack>
  );
}

/** The company-selection dialog: search by companyName, choose one. */
function CompanyDialog({ opened, onClose, find, onPick }: {
  opened: boolean; onClose: () => void;
  find: (name: string) => Promise<{ companyCode: string; companyName: string }[]>;
  onPick: (c: { companyCode: string; companyName: string }) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<{ companyCode: string; companyName: string }[]>([]);
  const [chosen, setChosen] = useState<string>('');
  const search = useCallback(async () => { try { setRows(await find(name.trim())); setChosen(''); } catch (error) { notifyError(error); } }, [find, name]);
  useEffect(() => { if (opened) { setName(''); setChosen(''); find('').then(setRows, notifyError); } }, [opened, find]);
  const confirm = async () => {
    const c = rows.find((r) => r.companyCode === chosen);
    if (!c) { notifyWarning(t.companyRequired); return; }
    if (await onPick(c)) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t.chooseCompany} size="lg" centered>
      <Stack>
        <Group align="flex-end">
          <TextInput label={t.companyName} value={name} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') void search(); }} />
          <Button variant="default" onClick={() => void search()}>{t.search}</Button>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{commonText.cancel}</Button>
          <Button onClick={() => void confirm()}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
