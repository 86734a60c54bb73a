/**
 * /settlementAuthorization/confirm (accounts §2, §4, §6): the requests made to the caller
 * (commerceCode = its code), by state, with 同意 / 拒绝 (待审核) and 回收 (已授权, after
 * 确认回收企业授权?). The page's actor (machines/workflow-page.ts with authorizationActions) loads
 * the list and runs them, each offered and accepted only as machines/authorization.ts allows and
 * the buttons grant.
 */
import { Badge, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { BILL_PAGE_SIZE } from '../../../domain/query.ts';
import { authorizationText as t } from '../../../domain/texts/settlement.ts';
import { authorizationActions as actions } from '../../../machines/workflow-actions.ts';
import { gateOpen, type WorkflowAction } from '../../../machines/workflow-page.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import { useUserInfo } from '../../lib/auth-context.tsx';
import type { Http } from '../../lib/http.ts';
import { useButtonCodes } from '../../lib/permissions.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createAuthorizationApi, type AuthorizationRecord } from './api.ts';
import { AuthorizationTable, StateFilter } from './AuthorizationTable.tsx';

const PAGE = '/settlementAuthorization/confirm';

export default function AuthorizationConfirmPage({ client }: { client?: Http }) {
  const [api] = useState(() => createAuthorizationApi(client));
  const code = useUserInfo()?.companyCode ?? '';
  const codes = useButtonCodes(PAGE);
  const [states, setStates] = useState<string[]>([]);
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.list('commerceCode', code, terms as string[], pageIndex, pageSize),
    act: ({ action, ids }) => (action === actions.recall ? api.recall(ids) : api.audit(ids[0]!, action === actions.agree)),
  }, { pageSize: BILL_PAGE_SIZE, terms: [] });
  const view = useWorkflowView<AuthorizationRecord>(actor);
  const offered = (action: WorkflowAction, r: AuthorizationRecord) => codes.has(action.code) && gateOpen(action.gate, r);
  const act = (action: WorkflowAction, r: AuthorizationRecord) => actor.send({ type: 'user.act', action, ids: [r.id] });
  const busy = (action: WorkflowAction, r: AuthorizationRecord) => view.submitting && view.pending?.action === action && view.pending.ids[0] === r.id;

  return (
    <Stack gap="md">
      <StateFilter value={states} onChange={(v) => { setStates(v); actor.send({ type: 'user.search', terms: v }); }} />
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <AuthorizationTable label={t.confirmTitle} data={{ total: view.total, datas: view.rows }}
        page={view.query.pageIndex} pageSize={view.query.pageSize} onPage={(pageIndex) => actor.send({ type: 'user.page', pageIndex })}
        onPageSize={(pageSize) => actor.send({ type: 'user.pageSize', pageSize })} columns={[
          { label: t.agentName, value: (r) => r.agentName },
          { label: t.agentCode, value: (r) => r.agentCode },
          { label: t.createTime, value: (r) => r.createTime },
          { label: t.state, value: (r) => <Badge variant="light">{r.stateName}</Badge> },
        ]} actions={(r) => (
          <>
            {offered(actions.agree, r) && <Button size="compact-sm" variant="subtle" loading={busy(actions.agree, r)} onClick={() => act(actions.agree, r)}>{t.agree}</Button>}
            {offered(actions.refuse, r) && <Button size="compact-sm" variant="subtle" color="red" loading={busy(actions.refuse, r)} onClick={() => act(actions.refuse, r)}>{t.refuse}</Button>}
            {offered(actions.recall, r) && <Button size="compact-sm" variant="subtle" color="orange" onClick={() => act(actions.recall, r)}>{t.recall}</Button>}
          </>
        )} />
      <ConfirmDialog opened={view.dialogOf(actions.recall) !== null} message={t.confirmRecall} busy={view.submitting} onCancel={() => actor.send({ type: 'user.cancel' })}
        onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
    </Stack>
  );
}
