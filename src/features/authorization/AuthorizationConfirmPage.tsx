/**
 * /settlementAuthorization/confirm (accounts §2, §4, §6): the requests made to the caller
 * (commerceCode = its code), by state, with 同意 / 拒绝 (待审核) and 回收 (已授权, after
 * 确认回收企业授权?), each offered as machines/authorization.ts allows and the buttons grant.
 */
import { Badge, Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useState } from 'react';
import { BILL_PAGE_SIZE } from '../../../domain/query.ts';
import { authorizationText as t } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { authorizationAccepts } from '../../../machines/authorization.ts';
import { useUserInfo } from '../../lib/auth-context.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useButtonCodes } from '../../lib/permissions.ts';
import { createAuthorizationApi, type AuthorizationRecord, type Page } from './api.ts';
import { AuthorizationTable, StateFilter } from './AuthorizationTable.tsx';

const PAGE = '/settlementAuthorization/confirm';

export default function AuthorizationConfirmPage({ client }: { client?: Http }) {
  const [api] = useState(() => createAuthorizationApi(client));
  const code = useUserInfo()?.companyCode ?? '';
  const codes = useButtonCodes(PAGE);
  const [states, setStates] = useState<string[]>([]);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<Page<AuthorizationRecord>>({ total: 0, datas: [] });

  const latest = useLatest();
  const load = useCallback(async () => {
    try { const answer = await latest(api.list('commerceCode', code, states, page, pageSize)); if (answer) setData(answer.value); } catch (error) { notifyError(error); }
  }, [latest, api, code, states, page, pageSize]);
  useEffect(() => { void load(); }, [load]);

  const act = async (work: () => Promise<unknown>, message: string) => {
    try { await work(); notifySuccess(message); } catch (error) { notifyError(error); }
    await load();
  };
  const recall = (r: AuthorizationRecord) => modals.openConfirmModal({
    title: commonText.prompt, children: <Text size="sm">{t.confirmRecall}</Text>, labels: { confirm: commonText.confirm, cancel: commonText.cancel },
    onConfirm: () => void act(() => api.recall([r.id]), t.recalled),
  });
  return (
    <Stack gap="md">
      <StateFilter value={states} onChange={(v) => { setPage(0); setStates(v); }} />
      <AuthorizationTable label={t.confirmTitle} data={data} page={page} pageSize={pageSize} onPage={setPage} onPageSize={(n) => { setPage(0); setPageSize(n); }} columns={[
        { label: t.agentName, value: (r) => r.agentName },
        { label: t.agentCode, value: (r) => r.agentCode },
        { label: t.createTime, value: (r) => r.createTime },
        { label: t.state, value: (r) => <Badge variant="light">{r.stateName}</Badge> },
      ]} actions={(r) => (
        <>
          {codes.has('agree') && authorizationAccepts(r.state, { type: 'commerce.agree' }) && <Button size="compact-sm" variant="subtle" onClick={() => void act(() => api.audit(r.id, true), t.agreed)}>{t.agree}</Button>}
          {codes.has('refuse') && authorizationAccepts(r.state, { type: 'commerce.refuse' }) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void act(() => api.audit(r.id, false), t.refused)}>{t.refuse}</Button>}
          {codes.has('recall') && authorizationAccepts(r.state, { type: 'commerce.recall' }) && <Button size="compact-sm" variant="subtle" color="orange" onClick={() => recall(r)}>{t.recall}</Button>}
        </>
      )} />
    </Stack>
  );
}
