/**
 * /review/verification 核销审核 (issue 20): every company's verification applications — 审核中 at
 * first — filtered by state, company, application time and 核销编号; 查看 opens the detail (the
 * application, its settlement's amounts and inventories, the settlement's other applications).
 * 核销通过 / 核销不通过 (with the reason the enterprise reads) are the page actor's actions
 * (machines/workflow-page.ts with verificationReviewActions), offered only where
 * machines/settlement-verification.ts allows them.
 */
import { Badge, Button, Divider, Drawer, Group, Stack, Table, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BILL_PAGE_SIZE, type Term } from '../../../domain/query.ts';
import { verificationStateNames, VERIFICATION_STATES } from '../../../domain/settlement/states.ts';
import { reviewSettlementText as t } from '../../../domain/texts/review-settlement.ts';
import { settlementText } from '../../../domain/texts/settlement.ts';
import { opinionOf, verificationReviewActions as actions } from '../../../machines/review-actions.ts';
import { gateOpen } from '../../../machines/workflow-page.ts';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createReviewApi, type VerificationReviewDetail, type VerificationReviewRecord } from './api.ts';
import { DecisionDialog } from './components/DecisionDialog.tsx';
import { Fields } from './components/Fields.tsx';
import { Pager } from './components/Pager.tsx';
import { QueueFilters, queueTerms, waitingFilter, type QueueColumns } from './components/QueueFilters.tsx';
import { RowsTable } from './components/RowsTable.tsx';
import { usePaged } from './components/use-paged.ts';

const v = t.verification;
const lc = settlementText.lineColumns;
const WAITING = ['audit'];
const STATES = VERIFICATION_STATES.map((value) => ({ value, label: verificationStateNames[value] }));
const COLUMNS: QueueColumns = { time: 'app_time', number: { column: 'ver_no', termType: 'eq', label: v.number } };
type Decision = keyof typeof actions;
const LABELS: Record<Decision, string> = { approve: v.approve, reject: v.reject };
const stateColor = (state: string) => (state === 'approved' ? 'green' : state === 'audit' ? 'blue' : 'gray');

export default function VerificationReviewPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewApi(client));
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.verifications(pageIndex, pageSize, terms as Term[]),
    act: ({ action, ids, values }) => api.decideVerification(action.code as Decision, ids[0]!, opinionOf(values)),
  }, { pageSize: BILL_PAGE_SIZE, terms: queueTerms(waitingFilter(WAITING), COLUMNS) });
  const view = useWorkflowView<VerificationReviewRecord>(actor);
  const { rows, total, query } = view;
  const [openId, setOpenId] = useState<number | null>(null);
  const [detail, setDetail] = useState<VerificationReviewDetail | null>(null);
  useEffect(() => {
    if (openId === null) { setDetail(null); return; }
    let live = true;
    api.verification(openId).then((d) => { if (live) setDetail(d); }, (e: unknown) => { if (live) notifyError(e); });
    return () => { live = false; };
  }, [api, openId, view.done]);
  const settlementId = detail?.settlementId ?? null;
  const loadLines = useCallback((pageIndex: number, pageSize: number) => api.inventories(settlementId!, pageIndex, pageSize), [api, settlementId]);
  const lines = usePaged(settlementId === null ? null : loadLines, 10, view.done);

  const buttons = (r: { id: number; state: string }) => (['approve', 'reject'] as const).filter((code) => gateOpen(actions[code].gate, r)).map((code) => (
    <Button key={code} size="compact-sm" variant={code === 'reject' ? 'subtle' : 'light'} color={code === 'reject' ? 'red' : undefined}
      onClick={() => actor.send({ type: 'user.act', action: actions[code], ids: [r.id] })}>{LABELS[code]}</Button>
  ));
  const pendingCode = view.pending?.action.code as Decision | undefined;
  const pendingRow = useMemo(() => rows.find((r) => r.id === view.pending?.ids[0]), [rows, view.pending]);
  const c = v.columns;
  const head = detail?.settlement;

  return (
    <Stack gap="md">
      <Title order={4}>{t.verificationTitle}</Title>
      <QueueFilters stateOptions={STATES} waiting={WAITING} columns={COLUMNS} onSearch={(terms) => actor.send({ type: 'user.search', terms })} />
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Table.ScrollContainer minWidth={1300}>
        <Table striped highlightOnHover withTableBorder aria-label={t.verificationTitle}>
          <Table.Thead>
            <Table.Tr>
              {[c.verNo, c.declareNo, c.companyName, c.amount, c.totalAmount, c.verifiedAmount, c.currency, c.appTime, c.stateName, c.auditOpinion, t.operation]
                .map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.verNo}</Table.Td>
                <Table.Td>{r.declareNo}</Table.Td>
                <Table.Td>{r.companyName}</Table.Td>
                <Table.Td ta="right">{r.amount}</Table.Td>
                <Table.Td ta="right">{r.totalAmount}</Table.Td>
                <Table.Td ta="right">{r.verifiedAmount}</Table.Td>
                <Table.Td>{r.currencyName}</Table.Td>
                <Table.Td>{r.appTime}</Table.Td>
                <Table.Td><Badge variant="light" color={stateColor(r.state)}>{r.stateName}</Badge></Table.Td>
                <Table.Td>{r.auditOpinion ?? r.reason}</Table.Td>
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

      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="xl" title={`${v.headTitle} ${detail?.verNo ?? ''}`}>
        {detail && head && (
          <Stack gap="sm">
            <Group gap="xs"><Badge variant="light" color={stateColor(detail.state)}>{detail.stateName}</Badge>{buttons(detail)}</Group>
            <Fields items={[
              [c.verNo, detail.verNo], [c.companyName, detail.companyName], [c.amount, `${detail.amount} ${detail.currencyName}`], [c.appTime, detail.appTime],
              [c.auditOpinion, detail.auditOpinion],
            ]} />
            <Divider label={v.settlementTitle} labelPosition="left" />
            <Fields items={[
              [t.settlement.columns.declareNo, head.declareNo], [t.settlement.columns.bankName, head.bankName],
              [t.settlement.amounts.totalAmount, head.totalAmount], [t.settlement.amounts.verifiedAmount, head.verifiedAmount],
              [t.settlement.amounts.verifyingAmount, head.verifyingAmount], [t.settlement.amounts.remaining, head.remainingAmount],
              [t.settlement.columns.totalCount, head.totalCount], [t.settlement.columns.appTime, head.appTime],
            ]} />
            <Divider label={t.settlement.inventoriesTitle} labelPosition="left" />
            <RowsTable label={t.settlement.inventoriesTitle} rows={lines.page?.datas ?? []} keyOf={(l) => l.id} columns={[
              [lc.invtNo, (l) => l.invtNo], [lc.orderNo, (l) => l.orderNo], [lc.logisticsNo, (l) => l.logisticsNo], [lc.amount, (l) => l.amount],
              [lc.currency, (l) => l.currencyName], [lc.releaseTime, (l) => l.releaseTime],
            ]} />
            <Pager total={lines.page?.total ?? 0} pageIndex={lines.pageIndex} pageSize={lines.pageSize} onPage={lines.setPageIndex} />
            <Divider label={v.othersTitle} labelPosition="left" />
            <RowsTable label={v.othersTitle} rows={head.verifications} keyOf={(x) => x.id} columns={[
              [c.verNo, (x) => x.verNo], [c.amount, (x) => x.amount], [c.stateName, (x) => x.stateName], [c.appTime, (x) => x.appTime], [c.auditOpinion, (x) => x.auditOpinion ?? x.reason],
            ]} />
          </Stack>
        )}
      </Drawer>

      <DecisionDialog opened={pendingCode !== undefined} title={pendingCode ? LABELS[pendingCode] : ''}
        subject={pendingRow ? `${pendingRow.verNo} ${pendingRow.companyName} ${pendingRow.amount}` : ''} refusing={pendingCode === 'reject'}
        problem={view.problem} busy={view.submitting} onClose={() => actor.send({ type: 'user.cancel' })}
        onSubmit={(opinion) => actor.send({ type: 'user.submit', values: { opinion } })} />
    </Stack>
  );
}
