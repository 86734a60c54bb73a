/** 结汇审核 as a queue definition (issue 20): 申报中 and 审核中 wait; the bank's 受理 / 不受理, then 审核通过 / 审核不通过. */
import { Divider, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { amountText } from '../../../../domain/settlement/amounts.ts';
import { settlementStateNames, SETTLEMENT_STATES } from '../../../../domain/settlement/states.ts';
import { reviewSettlementText as t } from '../../../../domain/texts/review-settlement.ts';
import { settlementText } from '../../../../domain/texts/settlement.ts';
import { opinionOf, settlementReviewActions as actions } from '../../../../machines/review-actions.ts';
import type { SettlementDecision, SettlementReviewDetail, SettlementReviewRecord } from '../api.ts';
import { Fields } from '../components/Fields.tsx';
import { Pager } from '../components/Pager.tsx';
import { RowsTable } from '../components/RowsTable.tsx';
import { usePaged } from '../components/use-paged.ts';
import type { QueueDefinition, QueueDetailProps } from './definition.ts';
import { StateBadge } from './ReviewQueuePage.tsx';

const s = t.settlement;
const c = s.columns;
const lc = settlementText.lineColumns;
const stateColor = (state: string) => (state === 'approved' ? 'green' : state === 'not_approved' || state === 'revoke' ? 'gray' : 'blue');

function SettlementDetail({ api, detail, version }: QueueDetailProps<SettlementReviewDetail>) {
  const loadLines = useCallback((pageIndex: number, pageSize: number) => api.inventories(detail.id, pageIndex, pageSize), [api, detail.id]);
  const lines = usePaged(loadLines, 10, version);
  return (
    <Stack gap="sm">
      <Fields items={[
        [c.declareNo, detail.declareNo], [c.companyName, detail.companyName], [c.companyCode, detail.companyCode], [c.businessType, detail.businessType],
        [c.bankName, detail.bankName], [c.ebcName, detail.ebcName], [s.amounts.totalAmount, `${amountText(detail.totalAmount)} ${detail.currencyName}`],
        [c.totalCount, detail.totalCount], [s.amounts.verifiedAmount, amountText(detail.verifiedAmount)], [s.amounts.verifyingAmount, amountText(detail.verifyingAmount)],
        [s.amounts.remaining, amountText(detail.remainingAmount)], [c.appTime, detail.appTime], [c.auditOpinion, detail.auditOpinion], [s.note, detail.note],
      ]} />
      <Divider label={s.inventoriesTitle} labelPosition="left" />
      <RowsTable label={s.inventoriesTitle} rows={lines.page?.datas ?? []} keyOf={(l) => l.id} columns={[
        [lc.invtNo, (l) => l.invtNo], [lc.orderNo, (l) => l.orderNo], [lc.logisticsNo, (l) => l.logisticsNo], [lc.tradeMode, (l) => l.tradeMode],
        [lc.amount, (l) => amountText(l.amount)], [lc.currency, (l) => l.currencyName], [lc.releaseTime, (l) => l.releaseTime],
      ]} />
      <Pager total={lines.page?.total ?? 0} pageIndex={lines.pageIndex} pageSize={lines.pageSize} onPage={lines.setPageIndex} />
      <Divider label={s.verificationsTitle} labelPosition="left" />
      {detail.verifications.length === 0 ? <Text size="sm" c="dimmed">—</Text> : (
        <RowsTable label={s.verificationsTitle} rows={detail.verifications} keyOf={(v) => v.id} columns={[
          [t.verification.columns.verNo, (v) => v.verNo], [t.verification.columns.amount, (v) => amountText(v.amount)], [t.verification.columns.stateName, (v) => v.stateName],
          [t.verification.columns.appTime, (v) => v.appTime], [t.verification.columns.auditOpinion, (v) => v.auditOpinion],
        ]} />
      )}
    </Stack>
  );
}

export const settlementQueue: QueueDefinition<SettlementReviewRecord, SettlementReviewDetail> = {
  queue: 'settlement',
  title: t.settlementTitle,
  minWidth: 1300,
  waiting: ['declare', 'audit'],
  states: SETTLEMENT_STATES.filter((x) => x !== 'to_declare').map((value) => ({ value, label: settlementStateNames[value] })),
  filterColumns: { time: 'app_time', number: { column: 'declare_no', termType: 'eq', label: s.number } },
  columns: [
    { label: c.declareNo, cell: (r) => r.declareNo }, { label: c.companyName, cell: (r) => r.companyName },
    { label: c.businessType, cell: (r) => r.businessType }, { label: c.bankName, cell: (r) => r.bankName },
    { label: c.totalAmount, cell: (r) => amountText(r.totalAmount), numeric: true }, { label: c.currency, cell: (r) => r.currencyName },
    { label: c.totalCount, cell: (r) => r.totalCount, numeric: true }, { label: c.appTime, cell: (r) => r.appTime },
    { label: c.stateName, cell: (r) => <StateBadge record={r} color={stateColor} /> }, { label: c.auditOpinion, cell: (r) => r.auditOpinion },
  ],
  stateColor,
  decisions: [
    { action: actions.accept, label: s.accept },
    { action: actions.refuse, label: s.refuse, refuses: true },
    { action: actions.approve, label: s.approve },
    { action: actions.reject, label: s.reject, refuses: true },
  ],
  list: (api, pageIndex, pageSize, terms) => api.settlements(pageIndex, pageSize, terms),
  decide: (api, code, id, values) => api.decideSettlement(code as SettlementDecision, id, opinionOf(values)),
  detail: (api, id) => api.settlement(id),
  drawerTitle: (detail) => `${s.headTitle} ${detail?.declareNo ?? ''}`,
  subject: (r) => `${r.declareNo ?? ''} ${r.companyName}`,
  Detail: SettlementDetail,
};
