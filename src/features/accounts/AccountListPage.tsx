/**
 * /account (accounts §2, §4, §6): the company's accounts (the main account's page, issue 17), 新建子账号,
 * 批量恢复 and 删除 of the selected sub-accounts, the 禁止登陆 switch, 权限 and 重置密码 per row. Buttons
 * follow the page's button codes (ADMIN only); the server checks the same.
 * A sub-account (USER) reaches this page from the header's 我的账号: the server answers it its own row
 * only (§6), and the page offers it nothing that manages accounts (no search, selection, 禁止登陆
 * switch nor row actions), since none of that is its to do.
 */
import { Badge, Button, Checkbox, Group, Modal, Pagination, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AccountState } from '../../../domain/enterprise/account-rules.ts';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS } from '../../../domain/query.ts';
import { accountText as t } from '../../../domain/texts/accounts.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { useButtonCodes } from '../../lib/permissions.ts';
import { useUserInfo } from '../../lib/auth-context.tsx';
import { createAccountApi, type AccountPage, type AccountRow } from './api.ts';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { GrantsDialog } from './GrantsDialog.tsx';
import { grantText } from '../../../domain/texts/api-keys.ts';

export default function AccountListPage({ client }: { client?: Http }) {
  const [api] = useState(() => createAccountApi(client));
  const navigate = useNavigate();
  const codes = useButtonCodes('/account');
  const manages = useUserInfo()?.userType !== 'USER';
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [data, setData] = useState<AccountPage>({ total: 0, datas: [] });
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [resetting, setResetting] = useState<AccountRow | null>(null);
  const [granting, setGranting] = useState<AccountRow | null>(null);
  const closeGrants = useCallback(() => setGranting(null), []);

  const latest = useLatest();
  const load = useCallback(async () => {
    try {
      const terms = query ? [{ column: 'login_name', termType: 'like' as const, value: query }] : [];
      const answer = await latest(api.list(page, pageSize, terms));
      if (!answer) return;
      setData(answer.value);
      setSelected([]);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, page, pageSize, query]);
  useEffect(() => { void load(); }, [load]);

  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notifySuccess(message);
    } catch (error) {
      notifyError(error);
    }
    await load();
  };
  const withSelection = (then: (ids: number[]) => void) => () => (selected.length === 0 ? notifyWarning(t.selectRows) : then(selected));
  const setState = (ids: number[], state: AccountState) => act(() => api.setState(ids, state), t.ok);
  const subAccounts = data.datas.filter((r) => r.userType !== 'ADMIN');

  return (
    <Stack gap="md">
      {manages && <Group justify="space-between">
        <Group gap="xs">
          <TextInput aria-label={t.loginName} placeholder={t.loginName} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <Button variant="default" onClick={() => { setPage(0); setQuery(search.trim()); }}>{t.search}</Button>
        </Group>
        <Group gap="xs">
          <PermissionButton code="add" permissionPath="/account" onClick={() => navigate('/account/add')}>{t.add}</PermissionButton>
          <PermissionButton code="recovery" permissionPath="/account" variant="default" onClick={withSelection((ids) => void setState(ids, 'EFFECTIVE'))}>{t.recovery}</PermissionButton>
          <PermissionButton code="delete" permissionPath="/account" color="red" variant="light" onClick={withSelection(setDeleting)}>{t.delete}</PermissionButton>
        </Group>
      </Group>}
      <Table striped withTableBorder aria-label={t.listTitle}>
        <Table.Thead>
          <Table.Tr>
            {manages && <Table.Th w={40}>
              <Checkbox aria-label="全选" disabled={subAccounts.length === 0} checked={subAccounts.length > 0 && selected.length === subAccounts.length}
                onChange={(e) => setSelected(e.currentTarget.checked ? subAccounts.map((r) => r.id) : [])} />
            </Table.Th>}
            <Table.Th>{t.loginName}</Table.Th><Table.Th>{t.username}</Table.Th><Table.Th>{t.userType}</Table.Th><Table.Th>{t.state}</Table.Th>
            <Table.Th>{t.companyName}</Table.Th><Table.Th>{t.createTime}</Table.Th>
            {manages && <><Table.Th>{t.prohibit}</Table.Th><Table.Th>{t.operation}</Table.Th></>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => {
            const sub = r.userType !== 'ADMIN';
            const frozen = r.state === 'INVALID';
            return (
              <Table.Tr key={r.id}>
                {manages && <Table.Td>
                  {sub && <Checkbox aria-label={r.loginName} checked={selected.includes(r.id)}
                    onChange={(e) => {
                      // read the event now: the updater runs later, when currentTarget is gone
                      const checked = e.currentTarget.checked;
                      setSelected((s) => (checked ? [...s, r.id] : s.filter((id) => id !== r.id)));
                    }} />}
                </Table.Td>}
                <Table.Td>{r.loginName}</Table.Td>
                <Table.Td>{r.username}</Table.Td>
                <Table.Td>{sub ? t.user : t.admin}</Table.Td>
                <Table.Td><Badge color={frozen ? 'red' : 'green'} variant="light">{frozen ? t.invalid : t.effective}</Badge></Table.Td>
                <Table.Td>{r.companyName}</Table.Td>
                <Table.Td>{r.createTime}</Table.Td>
                {manages && <Table.Td>
                  {sub && (
                    <Switch aria-label={`${t.prohibit} ${r.loginName}`} checked={frozen} label={frozen ? t.prohibit : t.allow}
                      disabled={!codes.has(frozen ? 'recovery' : 'prohibit')}
                      onChange={(e) => void setState([r.id], e.currentTarget.checked ? 'INVALID' : 'EFFECTIVE')} />
                  )}
                </Table.Td>}
                {manages && <Table.Td>
                  {sub && (
                    <Group gap="xs">
                      <PermissionButton code="grant" permissionPath="/account" size="compact-sm" variant="subtle" onClick={() => setGranting(r)}>{grantText.action}</PermissionButton>
                      <PermissionButton code="resetPassword" permissionPath="/account" size="compact-sm" variant="subtle" onClick={() => setResetting(r)}>{t.resetPassword}</PermissionButton>
                      <PermissionButton code="delete" permissionPath="/account" size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting([r.id])}>{t.delete}</PermissionButton>
                    </Group>
                  )}
                </Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{t.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)} onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={commonText.prompt} centered>
        <Text mb="md">{t.confirmDelete}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>{commonText.cancel}</Button>
          <Button color="red" onClick={() => { const ids = deleting ?? []; setDeleting(null); void act(() => api.remove(ids), t.deleted); }}>{commonText.confirm}</Button>
        </Group>
      </Modal>
      <ResetPasswordDialog row={resetting} api={api} onClose={() => setResetting(null)} />
      <GrantsDialog row={granting} api={api} onClose={closeGrants} />
    </Stack>
  );
}
