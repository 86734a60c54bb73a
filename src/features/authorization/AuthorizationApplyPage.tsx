/**
 * /settlementAuthorization/apply (accounts §2, §6): the caller's authorization requests
 * (agentCode = its code), by state; 添加授权 picks an e-commerce company in a dialog searched by
 * name; 删除 removes the selected requests (not an approved one). The page's actor
 * (machines/workflow-page.ts with authorizationActions) loads the list and runs both actions as
 * machines/authorization.ts allows.
 */
import { Badge, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { BILL_PAGE_SIZE } from '../../../domain/query.ts';
import { authorizationText as t, settlementText } from '../../../domain/texts/settlement.ts';
import { authorizationActions as actions } from '../../../machines/workflow-actions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import { useUserInfo } from '../../lib/auth-context.tsx';
import type { Http } from '../../lib/http.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createAuthorizationApi, type AuthorizationRecord } from './api.ts';
import { AuthorizationTable, StateFilter } from './AuthorizationTable.tsx';
import { CompanyDialog } from './CompanyDialog.tsx';

const PAGE = '/settlementAuthorization/apply';

export default function AuthorizationApplyPage({ client }: { client?: Http }) {
  const [api] = useState(() => createAuthorizationApi(client));
  const code = useUserInfo()?.companyCode ?? '';
  const [states, setStates] = useState<string[]>([]);
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.list('agentCode', code, terms as string[], pageIndex, pageSize),
    act: ({ action, ids, values }) => (action === actions.request ? api.request(String(values.companyCode), String(values.companyName)) : api.remove(ids)),
  }, { pageSize: BILL_PAGE_SIZE, terms: [] });
  const view = useWorkflowView<AuthorizationRecord>(actor);
  const cancel = () => actor.send({ type: 'user.cancel' });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <StateFilter value={states} onChange={(v) => { setStates(v); actor.send({ type: 'user.search', terms: v }); }} />
        <Group gap="xs">
          <PermissionButton code="add" permissionPath={PAGE} onClick={() => actor.send({ type: 'user.act', action: actions.request, ids: [] })}>{t.add}</PermissionButton>
          <PermissionButton code="delete" permissionPath={PAGE} variant="default" color="red"
            onClick={() => actor.send({ type: 'user.act', action: actions.delete, ids: view.selected })}>{t.delete}</PermissionButton>
        </Group>
      </Group>
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <AuthorizationTable label={t.applyTitle} data={{ total: view.total, datas: view.rows }} selected={view.selected} onSelect={(ids) => actor.send({ type: 'user.select', ids })}
        page={view.query.pageIndex} pageSize={view.query.pageSize} onPage={(pageIndex) => actor.send({ type: 'user.page', pageIndex })}
        onPageSize={(pageSize) => actor.send({ type: 'user.pageSize', pageSize })} columns={[
          { label: t.commerceName, value: (r) => r.commerceName },
          { label: t.commerceCode, value: (r) => r.commerceCode },
          { label: t.createTime, value: (r) => r.createTime },
          { label: t.state, value: (r) => <Badge variant="light">{r.stateName}</Badge> },
        ]} />
      <CompanyDialog opened={view.dialogOf(actions.request) !== null} onClose={cancel} find={api.findCompany} problem={view.problem} busy={view.submitting}
        onPick={(c) => actor.send({ type: 'user.submit', values: { ...c } })} />
      <ConfirmDialog opened={view.dialogOf(actions.delete) !== null} message={settlementText.confirmDelete} busy={view.submitting} onCancel={cancel}
        onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
    </Stack>
  );
}
