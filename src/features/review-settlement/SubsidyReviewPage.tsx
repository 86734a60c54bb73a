/**
 * /review/subsidy 补贴审核 (issue 20): every company's reward applications — 待核验 and 核验中 at
 * first — filtered by state, company, application time and 申请编号; 查看 opens the detail (the
 * application, its bound companies, the imported waybills, and the result rows once verified).
 * 开始核验 and 核验完成 (the result rows are written then) are the page actor's actions
 * (machines/workflow-page.ts with subsidyReviewActions), confirmed first and offered only where
 * machines/reward.ts allows them — the reward machine has no refusal, so neither has the page.
 */
import { Badge, Button, Divider, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { REWARD_STATES, rewardStateNames } from '../../../domain/rewards/apply-types.ts';
import { BILL_PAGE_SIZE, type Term } from '../../../domain/query.ts';
import { rewardText } from '../../../domain/texts/rewards.ts';
import { reviewSettlementText as t } from '../../../domain/texts/review-settlement.ts';
import { subsidyReviewActions as actions } from '../../../machines/review-actions.ts';
import { gateOpen } from '../../../machines/workflow-page.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createReviewApi, type SubsidyReviewDetail, type SubsidyReviewRecord } from './api.ts';
import { Fields } from './components/Fields.tsx';
import { Pager } from './components/Pager.tsx';
import { QueueFilters, queueTerms, waitingFilter, type QueueColumns } from './components/QueueFilters.tsx';
import { RowsTable } from './components/RowsTable.tsx';
import { usePaged } from './components/use-paged.ts';

const sb = t.subsidy;
const bc = rewardText.billColumns;
const WAITING = ['wait_audit', 'audit'];
const STATES = REWARD_STATES.map((value) => ({ value, label: rewardStateNames[value] }));
const COLUMNS: QueueColumns = { time: 'apply_time', number: { column: 'id', termType: 'eq', label: sb.number } };
type Decision = keyof typeof actions;
const LABELS: Record<Decision, string> = { start: sb.start, finish: sb.finish };
const CONFIRMS: Record<Decision, string> = { start: sb.confirmStart, finish: sb.confirmFinish };
const stateColor = (state: string) => (state === 'approved' ? 'green' : 'blue');

export default function SubsidyReviewPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewApi(client));
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.subsidies(pageIndex, pageSize, terms as Term[]),
    act: ({ action, ids }) => api.decideSubsidy(action.code as Decision, ids[0]!),
  }, { pageSize: BILL_PAGE_SIZE, terms: queueTerms(waitingFilter(WAITING), COLUMNS) });
  const view = useWorkflowView<SubsidyReviewRecord>(actor);
  const { rows, total, query } = view;
  const [openId, setOpenId] = useState<number | null>(null);
  const [detail, setDetail] = useState<SubsidyReviewDetail | null>(null);
  useEffect(() => {
    if (openId === null) { setDetail(null); return; }
    let live = true;
    api.subsidy(openId).then((d) => { if (live) setDetail(d); }, (e: unknown) => { if (live) notifyError(e); });
    return () => { live = false; };
  }, [api, openId, view.done]);
  const loadBills = useCallback((pageIndex: number, pageSize: number) => api.subsidyBills(openId!, pageIndex, pageSize), [api, openId]);
  const bills = usePaged(openId === null ? null : loadBills, 10, view.done);
  const loadResults = useCallback((pageIndex: number, pageSize: number) => api.subsidyResults(openId!, pageIndex, pageSize), [api, openId]);
  const results = usePaged(openId === null ? null : loadResults, 10, view.done);

  const buttons = (r: { id: number; state: string }) => (['start', 'finish'] as const).filter((code) => gateOpen(actions[code].gate, r)).map((code) => (
    <Button key={code} size="compact-sm" variant="light" onClick={() => actor.send({ type: 'user.act', action: actions[code], ids: [r.id] })}>{LABELS[code]}</Button>
  ));
  const pendingCode = view.pending?.action.code as Decision | undefined;
  const c = sb.columns;

  return (
    <Stack gap="md">
      <Title order={4}>{t.subsidyTitle}</Title>
      <QueueFilters stateOptions={STATES} waiting={WAITING} columns={COLUMNS} onSearch={(terms) => actor.send({ type: 'user.search', terms })} />
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Table.ScrollContainer minWidth={1200}>
        <Table striped highlightOnHover withTableBorder aria-label={t.subsidyTitle}>
          <Table.Thead>
            <Table.Tr>
              {[c.id, c.companyName, c.applyTypeName, c.companyTypeName, c.ckTime, c.billCount, c.applyTime, c.stateName, c.auditTime, t.operation]
                .map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.id}</Table.Td>
                <Table.Td>{r.companyName}</Table.Td>
                <Table.Td>{r.applyTypeName}</Table.Td>
                <Table.Td>{r.companyTypeName}</Table.Td>
                <Table.Td>{r.ckTime}</Table.Td>
                <Table.Td ta="right">{r.billCount}</Table.Td>
                <Table.Td>{r.applyTime}</Table.Td>
                <Table.Td><Badge variant="light" color={stateColor(r.state)}>{r.stateName}</Badge></Table.Td>
                <Table.Td>{r.auditTime}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" onClick={() => setOpenId(r.id)}>{t.view}</Button>
                    {buttons(r)}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager total={total} pageIndex={query.pageIndex} pageSize={query.pageSize} onPage={(pageIndex) => actor.send({ type: 'user.page', pageIndex })}
        onPageSize={(pageSize) => actor.send({ type: 'user.pageSize', pageSize })} />

      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="xl" title={`${sb.headTitle} ${detail?.id ?? ''}`}>
        {detail && (
          <Stack gap="sm">
            <Group gap="xs"><Badge variant="light" color={stateColor(detail.state)}>{detail.stateName}</Badge>{buttons(detail)}</Group>
            <Fields items={[
              [c.id, detail.id], [c.companyName, detail.companyName], [c.applyTypeName, detail.applyTypeName], [c.companyTypeName, detail.companyTypeName],
              [c.ckTime, detail.ckTime], [c.applyTime, detail.applyTime], [c.auditTime, detail.auditTime], [sb.note, detail.note],
            ]} />
            <Divider label={sb.companiesTitle} labelPosition="left" />
            <Text size="sm">{detail.recCompanyList.map((x) => `${x.recCompanyName}（${x.recCompanyCode}）`).join('，')}</Text>
            <Divider label={sb.billsTitle} labelPosition="left" />
            {detail.billCount === 0 ? <Text size="sm" c="dimmed">{sb.noBills}</Text> : (
              <>
                <RowsTable label={sb.billsTitle} rows={bills.page?.datas ?? []} keyOf={(b) => b.id} columns={[
                  [bc.rowNo, (b) => b.rowNo], [bc.billNo, (b) => b.billNo], [bc.payCompanyName, (b) => b.payCompanyName], [bc.recCompanyName, (b) => b.recCompanyName],
                  [bc.takeTime, (b) => b.takeTime], [bc.flightNo, (b) => b.flightNo], [bc.grossWeight, (b) => b.grossWeight],
                ]} />
                <Pager total={bills.page?.total ?? 0} pageIndex={bills.pageIndex} pageSize={bills.pageSize} onPage={bills.setPageIndex} />
              </>
            )}
            {detail.state === 'approved' && (
              <>
                <Divider label={sb.resultsTitle} labelPosition="left" />
                <RowsTable label={sb.resultsTitle} rows={results.page?.datas ?? []} keyOf={(_, i) => i}
                  columns={detail.resultColumns.map((col) => [col.label, (r: Record<string, unknown>) => (r[col.field] ?? '') as string])} />
                <Pager total={results.page?.total ?? 0} pageIndex={results.pageIndex} pageSize={results.pageSize} onPage={results.setPageIndex} />
              </>
            )}
          </Stack>
        )}
      </Drawer>

      <ConfirmDialog opened={pendingCode !== undefined} message={pendingCode ? CONFIRMS[pendingCode] : ''} busy={view.submitting}
        onCancel={() => actor.send({ type: 'user.cancel' })} onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
    </Stack>
  );
}
