/**
 * One operator queue (issue 20), driven by its definition (definition.ts; settlement.tsx, verification.tsx, subsidy.tsx): the filters
 * (state — the waiting states at first —, company, application time, number), the table with 查看
 * and the decisions each row's machine allows (machines/workflow-page.ts with the queue's actions,
 * gated by the record's own machine), the detail drawer with the same decisions, and the dialog a
 * decision asks with (the reason of a refusal, or 是否…?). The queue follows the operators' live
 * stream: a company's new application, another operator's decision. The number column and 操作 stay
 * pinned while the table scrolls sideways.
 */
import { Button, Drawer, Group, Stack, Table, Title } from '@mantine/core';
import { StateBadge as WholeBadge } from '../../../components/StateBadge.tsx';
import { useEffect, useMemo, useState } from 'react';
import { BILL_PAGE_SIZE, type Term } from '../../../../domain/query.ts';
import { reviewSettlementText as t } from '../../../../domain/texts/review-settlement.ts';
import { gateOpen } from '../../../../machines/workflow-page.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { WorkflowFailed } from '../../../components/WorkflowFailed.tsx';
import type { Http } from '../../../lib/http.ts';
import { touchesQueue } from '../../../lib/live-events.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useWorkflowPage, useWorkflowView } from '../../../lib/workflow-page.ts';
import { createReviewApi } from '../api.ts';
import { DecisionDialog } from '../components/DecisionDialog.tsx';
import { Pager } from '../components/Pager.tsx';
import { QueueFilters, queueTerms, waitingFilter } from '../components/QueueFilters.tsx';
import type { QueueDefinition, QueueRecord } from './definition.ts';
import classes from './ReviewQueue.module.css';

export function ReviewQueuePage<Row extends QueueRecord, Detail extends QueueRecord>({ client, definition: d }: { client?: Http; definition: QueueDefinition<Row, Detail> }) {
  const [api] = useState(() => createReviewApi(client));
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => d.list(api, pageIndex, pageSize, terms as Term[]),
    act: ({ action, ids, values }) => d.decide(api, action.code, ids[0]!, values),
  }, { pageSize: BILL_PAGE_SIZE, terms: queueTerms(waitingFilter(d.waiting), d.filterColumns) }, (event) => touchesQueue(event, d.queue));
  const view = useWorkflowView<Row>(actor);
  const { rows, total, query } = view;
  const [openId, setOpenId] = useState<number | null>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  useEffect(() => {
    if (openId === null) { setDetail(null); return; }
    let live = true;
    d.detail(api, openId).then((x) => { if (live) setDetail(x); }, (e: unknown) => { if (live) notifyError(e); });
    return () => { live = false; };
  }, [api, d, openId, view.done]);

  const buttons = (r: QueueRecord) => d.decisions.filter((x) => gateOpen(x.action.gate, r)).map((x) => (
    <Button key={x.action.code} size="compact-sm" variant={x.refuses ? 'subtle' : 'light'} color={x.refuses ? 'red' : undefined}
      onClick={() => actor.send({ type: 'user.act', action: x.action, ids: [r.id] })}>{x.label}</Button>
  ));
  const pending = d.decisions.find((x) => x.action === view.pending?.action);
  const pendingRow = useMemo(() => rows.find((r) => r.id === view.pending?.ids[0]), [rows, view.pending]);
  const Detail = d.Detail;

  return (
    <Stack gap="md">
      <Title order={4}>{d.title}</Title>
      <QueueFilters stateOptions={d.states} waiting={d.waiting} columns={d.filterColumns} onSearch={(terms) => actor.send({ type: 'user.search', terms })} />
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Table.ScrollContainer minWidth={d.minWidth}>
        <Table striped highlightOnHover withTableBorder aria-label={d.title}>
          <Table.Thead>
            <Table.Tr>
              {d.columns.map((c, i) => <Table.Th key={c.label} className={i === 0 ? classes.pinnedStart : undefined}>{c.label}</Table.Th>)}
              <Table.Th className={classes.pinnedEnd}>{t.operation}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                {d.columns.map((c, i) => <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined} className={i === 0 ? classes.pinnedStart : undefined}>{c.cell(r)}</Table.Td>)}
                <Table.Td className={classes.pinnedEnd}>
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

      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="xl" title={d.drawerTitle(detail)}>
        {detail && (
          <Stack gap="sm">
            <Group gap="xs"><StateBadge record={detail} color={d.stateColor} />{buttons(detail)}</Group>
            <Detail api={api} detail={detail} version={view.done} />
          </Stack>
        )}
      </Drawer>

      <DecisionDialog opened={pending?.action.dialog === 'form'} title={pending?.label ?? ''}
        subject={pendingRow ? d.subject(pendingRow) : ''} refusing={pending?.refuses === true}
        problem={view.problem} busy={view.submitting} onClose={() => actor.send({ type: 'user.cancel' })}
        onSubmit={(opinion) => actor.send({ type: 'user.submit', values: { opinion } })} />
      <ConfirmDialog opened={pending?.action.dialog === 'confirm'} message={pending?.confirm ?? ''} busy={view.submitting}
        onCancel={() => actor.send({ type: 'user.cancel' })} onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
    </Stack>
  );
}

/** A record's state as every queue shows it (the definition's colour). */
export function StateBadge({ record, color }: { record: QueueRecord; color: (state: string) => string }) {
  return <WholeBadge name={record.stateName} color={color(record.state)} />;
}
