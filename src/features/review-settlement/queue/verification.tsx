/** 核销审核 as a queue definition (issue 20): 审核中 waits; 核销通过 / 核销不通过, beside the settlement's amounts. */
import { Divider, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { amountText } from '../../../../domain/settlement/amounts.ts';
import { verificationStateNames, VERIFICATION_STATES } from '../../../../domain/settlement/states.ts';
import { reviewSettlementText as t } from '../../../../domain/texts/review-settlement.ts';
import { settlementText } from '../../../../domain/texts/settlement.ts';
import { opinionOf, verificationReviewActions as actions } from '../../../../machines/review-actions.ts';
import type { VerificationReviewDetail, VerificationReviewRecord } from '../api.ts';
import { Fields } from '../components/Fields.tsx';
import { Pager } from '../components/Pager.tsx';
import { RowsTable } from '../components/RowsTable.tsx';
import { usePaged } from '../components/use-paged.ts';
import type { QueueDefinition, QueueDetailProps } from './definition.ts';
import { StateBadge } from './ReviewQueuePage.tsx';

const v = t.verification;
const c = v.columns;
const lc = settlementText.lineColumns;
const stateColor = (state: string) => (state === 'approved' ? 'green' : state === 'audit' ? 'blue' : 'gray');

function VerificationDetail({ api, detail, version }: QueueDetailProps<VerificationReviewDetail>) {
  const head = detail.settlement;
  const loadLines = useCallback((pageIndex: number, pageSize: number) => api.inventories(detail.settlementId, pageIndex, pageSize), [api, detail.settlementId]);
  const lines = usePaged(loadLines, 10, version);
  return (
    <Stack gap="sm">
      <Fields items={[
        [c.verNo, detail.verNo], [c.companyName, detail.companyName], [c.amount, `${amountText(detail.amount)} ${detail.currencyName}`], [c.appTime, detail.appTime],
        [c.auditOpinion, detail.auditOpinion],
      ]} />
      <Divider label={v.settlementTitle} labelPosition="left" />
      <Fields items={[
        [t.settlement.columns.declareNo, head.declareNo], [t.settlement.columns.bankName, head.bankName],
        [t.settlement.amounts.totalAmount, amountText(head.totalAmount)], [t.settlement.amounts.verifiedAmount, amountText(head.verifiedAmount)],
        [t.settlement.amounts.verifyingAmount, amountText(head.verifyingAmount)], [t.settlement.amounts.remaining, amountText(head.remainingAmount)],
        [t.settlement.columns.totalCount, head.totalCount], [t.settlement.columns.appTime, head.appTime],
      ]} />
      <Divider label={t.settlement.inventoriesTitle} labelPosition="left" />
      <RowsTable label={t.settlement.inventoriesTitle} rows={lines.page?.datas ?? []} keyOf={(l) => l.id} columns={[
        [lc.invtNo, (l) => l.invtNo], [lc.orderNo, (l) => l.orderNo], [lc.logisticsNo, (l) => l.logisticsNo], [lc.amount, (l) => amountText(l.amount)],
        [lc.currency, (l) => l.currencyName], [lc.releaseTime, (l) => l.releaseTime],
      ]} />
      <Pager total={lines.page?.total ?? 0} pageIndex={lines.pageIndex} pageSize={lines.pageSize} onPage={lines.setPageIndex} />
      <Divider label={v.othersTitle} labelPosition="left" />
      <RowsTable label={v.othersTitle} rows={head.verifications} keyOf={(x) => x.id} columns={[
        [c.verNo, (x) => x.verNo], [c.amount, (x) => amountText(x.amount)], [c.stateName, (x) => x.stateName], [c.appTime, (x) => x.appTime], [c.auditOpinion, (x) => x.auditOpinion ?? x.reason],
      ]} />
    </Stack>
  );
}

export const verificationQueue: QueueDefinition<VerificationReviewRecord, VerificationReviewDetail> = {
  queue: 'verification',
  title: t.verificationTitle,
  minWidth: 1300,
  waiting: ['audit'],
  states: VERIFICATION_STATES.map((value) => ({ value, label: verificationStateNames[value] })),
  filterColumns: { time: 'app_time', number: { column: 'ver_no', termType: 'eq', label: v.number } },
  columns: [
    { label: c.verNo, cell: (r) => r.verNo }, { label: c.declareNo, cell: (r) => r.declareNo }, { label: c.companyName, cell: (r) => r.companyName },
    { label: c.amount, cell: (r) => amountText(r.amount), numeric: true }, { label: c.totalAmount, cell: (r) => amountText(r.totalAmount), numeric: true },
    { label: c.verifiedAmount, cell: (r) => amountText(r.verifiedAmount), numeric: true }, { label: c.currency, cell: (r) => r.currencyName },
    { label: c.appTime, cell: (r) => r.appTime }, { label: c.stateName, cell: (r) => <StateBadge record={r} color={stateColor} /> },
    { label: c.auditOpinion, cell: (r) => r.auditOpinion ?? r.reason },
  ],
  stateColor,
  decisions: [
    { action: actions.approve, label: v.approve },
    { action: actions.reject, label: v.reject, refuses: true },
  ],
  list: (api, pageIndex, pageSize, terms) => api.verifications(pageIndex, pageSize, terms),
  decide: (api, code, id, values) => api.decideVerification(code as keyof typeof actions, id, opinionOf(values)),
  detail: (api, id) => api.verification(id),
  drawerTitle: (detail) => `${v.headTitle} ${detail?.verNo ?? ''}`,
  subject: (r) => `${r.verNo} ${r.companyName} ${amountText(r.amount)}`,
  Detail: VerificationDetail,
};
