/**
 * /rewardApplication (accounts §2, §4): the company's reward applications (applyTime, applyTypeName,
 * ckTime, note, stateName; newest first) with 新增申请 and 导出. 查看 opens the check detail only for
 * a verified application (machines/reward.ts); any other shows the Notice alert. The page's actor
 * (machines/workflow-page.ts with rewardActions) loads the list and decides 查看.
 */
import { Badge, Button, Group, Modal, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, type Term } from '../../../domain/query.ts';
import { applyTypes, REWARD_STATES, rewardStateNames } from '../../../domain/rewards/apply-types.ts';
import { rewardText as t } from '../../../domain/texts/rewards.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { rewardActions as actions } from '../../../machines/workflow-actions.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { touchesRecords } from '../../lib/live-events.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createRewardApi, openDownload, type Subsidy } from './api.ts';

const PAGE = '/rewardApplication';
type Range = [string | null, string | null];

function termsOf(applyType: string | null, state: string | null, range: Range): Term[] {
  const out: Term[] = [];
  if (applyType) out.push({ column: 'apply_type', termType: 'eq', type: 'and', value: applyType });
  if (state) out.push({ column: 'state', termType: 'eq', type: 'and', value: state });
  // §7: a ck_time range becomes ck_start_time gte and ck_end_time lte
  if (range[0] && range[1]) {
    out.push({ column: 'ck_start_time', termType: 'gte', type: 'and', value: range[0] });
    out.push({ column: 'ck_end_time', termType: 'lte', type: 'and', value: range[1] });
  }
  return out;
}

export default function RewardListPage({ client }: { client?: Http }) {
  const [api] = useState(() => createRewardApi(client));
  const navigate = useNavigate();
  const [applyType, setApplyType] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [range, setRange] = useState<Range>([null, null]);
  // the page's actor: machines/workflow-page.ts; 查看 (rewardActions.open) opens only a verified application
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.list(pageIndex, pageSize, terms as Term[]),
    act: async ({ ids }) => navigate(`/rewardApplication/apply/detail?id=${ids[0]}`),
  }, { pageSize: BILL_PAGE_SIZE, terms: [] }, (event) => touchesRecords(event, ['subsidy']));
  const view = useWorkflowView<Subsidy>(actor);
  const { query, total } = view;
  const exportList = async () => {
    try { await openDownload((await api.exportList(query.terms as Term[])).downloadUri, client); } catch (error) { notifyError(error); }
  };
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select label={t.applyType} data={applyTypes.map((a) => ({ value: a.value, label: a.label }))} value={applyType} onChange={setApplyType} clearable w={260} />
        <Select label={t.state} data={REWARD_STATES.map((s) => ({ value: s, label: rewardStateNames[s] }))} value={state} onChange={setState} clearable w={140} />
        <DatePickerInput type="range" label={t.ckTime} valueFormat="YYYY-MM-DD" value={range} onChange={(v) => setRange(v as Range)} w={240} clearable />
        <Button onClick={() => actor.send({ type: 'user.search', terms: termsOf(applyType, state, range) })}>{t.search}</Button>
      </Group>
      <Group gap="xs">
        <PermissionButton code="add" permissionPath={PAGE} onClick={() => navigate('/rewardApplication/apply/apply')}>{t.add}</PermissionButton>
        <PermissionButton code="export" permissionPath={PAGE} variant="default" onClick={() => void exportList()}>{t.export}</PermissionButton>
      </Group>
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Table striped highlightOnHover withTableBorder aria-label={t.listTitle}>
        <Table.Thead>
          <Table.Tr>{[t.applyTime, t.applyType, t.ckTime, t.note, t.state, t.operation].map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.applyTime}</Table.Td><Table.Td>{r.applyTypeName}</Table.Td><Table.Td>{r.ckTime}</Table.Td><Table.Td>{r.note}</Table.Td>
              <Table.Td><Badge variant="light" color={r.checkable ? 'green' : 'blue'}>{r.stateName}</Badge></Table.Td>
              <Table.Td><Button size="compact-sm" variant="subtle" onClick={() => actor.send({ type: 'user.act', action: actions.open, ids: [r.id] })}>{t.view}</Button></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{t.total(total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(query.pageSize)}
          onChange={(v) => actor.send({ type: 'user.pageSize', pageSize: Number(v ?? BILL_PAGE_SIZE) })} />
        <Pagination total={Math.max(1, Math.ceil(total / query.pageSize))} value={query.pageIndex + 1} onChange={(p) => actor.send({ type: 'user.page', pageIndex: p - 1 })} />
      </Group>
      <Modal opened={view.noticing} onClose={() => actor.send({ type: 'user.cancel' })} title={t.noticeTitle} centered>
        <Text size="sm" mb="md">{t.noticeMessage}</Text>
        <Group justify="flex-end"><Button onClick={() => actor.send({ type: 'user.cancel' })}>{commonText.confirm}</Button></Group>
      </Modal>
    </Stack>
  );
}
