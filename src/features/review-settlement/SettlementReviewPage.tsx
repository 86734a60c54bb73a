/**
 * /review/settlement 结汇审核 (issue 20): every company's settlement applications — 申报中 and 审核中
 * at first — filtered by state, company, application time and 申报编号; 查看 opens the detail (head,
 * amounts, inventories, verification applications). The bank's answer (受理 / 不受理) and the
 * audit's decision (审核通过 / 审核不通过) are the operator's actions: the page's actor
 * (machines/workflow-page.ts with settlementReviewActions) offers and accepts each only where
 * machines/settlement.ts allows it, and a refusal needs the reason the enterprise reads.
 */
import { Badge, Button, Divider, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BILL_PAGE_SIZE, type Term } from '../../../domain/query.ts';
import { settlementStateNames, SETTLEMENT_STATES } from '../../../domain/settlement/states.ts';
import { reviewSettlementText as t } from '../../../domain/texts/review-settlement.ts';
import { settlementText } from '../../../domain/texts/settlement.ts';
import { opinionOf, settlementReviewActions as actions } from '../../../machines/review-actions.ts';
import { gateOpen, type WorkflowAction } from '../../../machines/workflow-page.ts';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createReviewApi, type SettlementDecision, type SettlementReviewDetail, type SettlementReviewRecord } from './api.ts';
import { DecisionDialog } from './components/DecisionDialog.tsx';
import { Fields } from './components/Fields.tsx';
import { Pager } from './components/Pager.tsx';
import { QueueFilters, queueTerms, waitingFilter, type QueueColumns } from './components/QueueFilters.tsx';
import { RowsTable } from './components/RowsTable.tsx';
import { usePaged } from './components/use-paged.ts';

const s = t.settlement;
const lc = settlementText.lineColumns;
const WAITING = ['declare', 'audit'];
const STATES = SETTLEMENT_STATES.filter((x) => x !== 'to_declare').map((value) => ({ value, label: settlementStateNames[value] }));
const COLUMNS: QueueColumns = { time: 'app_time', number: { column: 'declare_no', termType: 'eq', label: s.number } };
const LABELS: Record<SettlementDecision, string> = { accept: s.accept, refuse: s.refuse, approve: s.approve, reject: s.reject };
const ORDER: SettlementDecision[] = ['accept', 'refuse', 'approve', 'reject'];
const refusing = (code: string) => code === 'refuse' || code === 'reject';
const stateColor = (state: string) => (state === 'approved' ? 'green' : state === 'not_approved' || state === 'revoke' ? 'gray' : 'blue');

export default function SettlementReviewPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewApi(client));
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.settlements(pageIndex, pageSize, terms as Term[]),
    act: ({ action, ids, values }) => api.decideSettlement(action.code as SettlementDecision, ids[0]!, opinionOf(values)),
  }, { pageSize: BILL_PAGE_SIZE, terms: queueTerms(waitingFilter(WAITING), COLUMNS) });
  const view = useWorkflowView<SettlementReviewRecord>(actor);
  const { rows, total, query } = view;
  const [openId, setOpenId] = useState<number | null>(null);
  const [detail, setDetail] = useState<SettlementReviewDetail | null>(null);
  useEffect(() => {
    if (openId === null) { setDetail(null); return; }
    let live = true;
    api.settlement(openId).then((d) => { if (live) setDetail(d); }, (e: unknown) => { if (live) notifyError(e); });
    return () => { live = false; };
  }, [api, openId, view.done]);
  const loadLines = useCallback((pageIndex: number, pageSize: number) => api.inventories(openId!, pageIndex, pageSize), [api, openId]);
  const lines = usePaged(openId === null ? null : loadLines, 10, view.done);

  const act = (action: WorkflowAction, id: number) => actor.send({ type: 'user.act', action, ids: [id] });
  const buttons = (r: { id: number; state: string }) => ORDER.filter((code) => gateOpen(actions[code].gate, r)).map((code) => (
    <Button key={code} size="compact-sm" variant={refusing(code) ? 'subtle' : 'light'} color={refusing(code) ? 'red' : undefined} onClick={() => act(actions[code], r.id)}>
      {LABELS[code]}
    </Button>
  ));
  const pendingCode = view.pending?.action.code as SettlementDecision | undefined;
  const pendingRow = useMemo(() => rows.find((r) => r.id === view.pending?.ids[0]), [rows, view.pending]);
  const c = s.columns;

  return (
    <Stack gap="md">
      <Title order={4}>{t.settlementTitle}</Title>
      <QueueFilters stateOptions={STATES} waiting={WAITING} columns={COLUMNS} onSearch={(terms) => actor.send({ type: 'user.search', terms })} />
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Table.ScrollContainer minWidth={1300}>
        <Table striped highlightOnHover withTableBorder aria-label={t.settlementTitle}>
          <Table.Thead>
            <Table.Tr>
              {[c.declareNo, c.companyName, c.businessType, c.bankName, c.totalAmount, c.currency, c.totalCount, c.appTime, c.stateName, c.auditOpinion, t.operation]
                .map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.declareNo}</Table.Td>
                <Table.Td>{r.companyName}</Table.Td>
                <Table.Td>{r.businessType}</Table.Td>
                <Table.Td>{r.bankName}</Table.Td>
                <Table.Td ta="right">{r.totalAmount}</Table.Td>
                <Table.Td>{r.currencyName}</Table.Td>
                <Table.Td ta="right">{r.totalCount}</Table.Td>
                <Table.Td>{r.appTime}</Table.Td>
                <Table.Td><Badge variant="light" color={stateColor(r.state)}>{r.stateName}</Badge></Table.Td>
                <Table.Td>{r.auditOpinion}</Table.Td>
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

      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="xl" title={`${s.headTitle} ${detail?.declareNo ?? ''}`}>
        {detail && (
          <Stack gap="sm">
            <Group gap="xs"><Badge variant="light" color={stateColor(detail.state)}>{detail.stateName}</Badge>{buttons(detail)}</Group>
            <Fields items={[
              [c.declareNo, detail.declareNo], [c.companyName, detail.companyName], [c.companyCode, detail.companyCode], [c.businessType, detail.businessType],
              [c.bankName, detail.bankName], [c.ebcName, detail.ebcName], [s.amounts.totalAmount, `${detail.totalAmount} ${detail.currencyName}`],
              [c.totalCount, detail.totalCount], [s.amounts.verifiedAmount, detail.verifiedAmount], [s.amounts.verifyingAmount, detail.verifyingAmount],
              [s.amounts.remaining, detail.remainingAmount], [c.appTime, detail.appTime], [c.auditOpinion, detail.auditOpinion], [s.note, detail.note],
            ]} />
            <Divider label={s.inventoriesTitle} labelPosition="left" />
            <RowsTable label={s.inventoriesTitle} rows={lines.page?.datas ?? []} keyOf={(l) => l.id} columns={[
              [lc.invtNo, (l) => l.invtNo], [lc.orderNo, (l) => l.orderNo], [lc.logisticsNo, (l) => l.logisticsNo], [lc.tradeMode, (l) => l.tradeMode],
              [lc.amount, (l) => l.amount], [lc.currency, (l) => l.currencyName], [lc.releaseTime, (l) => l.releaseTime],
            ]} />
            <Pager total={lines.page?.total ?? 0} pageIndex={lines.pageIndex} pageSize={lines.pageSize} onPage={lines.setPageIndex} />
            <Divider label={s.verificationsTitle} labelPosition="left" />
            {detail.verifications.length === 0 ? <Text size="sm" c="dimmed">—</Text> : (
              <RowsTable label={s.verificationsTitle} rows={detail.verifications} keyOf={(v) => v.id} columns={[
                [t.verification.columns.verNo, (v) => v.verNo], [t.verification.columns.amount, (v) => v.amount], [t.verification.columns.stateName, (v) => v.stateName],
                [t.verification.columns.appTime, (v) => v.appTime], [t.verification.columns.auditOpinion, (v) => v.auditOpinion],
              ]} />
            )}
          </Stack>
        )}
      </Drawer>

      <DecisionDialog opened={pendingCode !== undefined && view.pending?.action.dialog === 'form'} title={pendingCode ? LABELS[pendingCode] : ''}
        subject={pendingRow ? `${pendingRow.declareNo ?? ''} ${pendingRow.companyName}` : ''} refusing={pendingCode !== undefined && refusing(pendingCode)}
        problem={view.problem} busy={view.submitting} onClose={() => actor.send({ type: 'user.cancel' })}
        onSubmit={(opinion) => actor.send({ type: 'user.submit', values: { opinion } })} />
    </Stack>
  );
}
