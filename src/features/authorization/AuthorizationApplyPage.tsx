/**
 * /settlementAuthorization/apply (accounts §2, §6): the caller's authorization requests
 * (agentCode = its code), by state; 添加授权 picks an e-commerce company in a dialog searched by
 * name; 删除 removes the selected requests (not an approved one: machines/authorization.ts).
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useState } from 'react';
import { BILL_PAGE_SIZE } from '../../../domain/query.ts';
import { authorizationText as t, settlementText } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { useUserInfo } from '../../lib/auth-context.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { createAuthorizationApi, type AuthorizationRecord, type Page } from './api.ts';
import { AuthorizationTable, StateFilter } from './AuthorizationTable.tsx';
import { CompanyDialog } from './CompanyDialog.tsx';

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

  const latest = useLatest();
  const load = useCallback(async () => {
    try {
      const answer = await latest(api.list('agentCode', code, states, page, pageSize));
      if (answer) { setData(answer.value); setSelected([]); }
    } catch (error) { notifyError(error); }
  }, [latest, api, code, states, page, pageSize]);
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
