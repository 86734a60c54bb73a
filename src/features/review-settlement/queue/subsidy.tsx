/** 补贴审核 as a queue definition (issue 20): 待核验 and 核验中 wait; 开始核验 / 核验完成, each confirmed. */
import { Divider, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { REWARD_STATES, rewardStateNames } from '../../../../domain/rewards/apply-types.ts';
import { rewardText } from '../../../../domain/texts/rewards.ts';
import { reviewSettlementText as t } from '../../../../domain/texts/review-settlement.ts';
import { subsidyReviewActions as actions } from '../../../../machines/review-actions.ts';
import type { SubsidyReviewDetail, SubsidyReviewRecord } from '../api.ts';
import { Fields } from '../components/Fields.tsx';
import { Pager } from '../components/Pager.tsx';
import { RowsTable } from '../components/RowsTable.tsx';
import { usePaged } from '../components/use-paged.ts';
import type { QueueDefinition, QueueDetailProps } from './definition.ts';
import { StateBadge } from './ReviewQueuePage.tsx';

const sb = t.subsidy;
const c = sb.columns;
const bc = rewardText.billColumns;
const stateColor = (state: string) => (state === 'approved' ? 'green' : 'blue');

function SubsidyDetail({ api, detail, version }: QueueDetailProps<SubsidyReviewDetail>) {
  const loadBills = useCallback((pageIndex: number, pageSize: number) => api.subsidyBills(detail.id, pageIndex, pageSize), [api, detail.id]);
  const bills = usePaged(loadBills, 10, version);
  const loadResults = useCallback((pageIndex: number, pageSize: number) => api.subsidyResults(detail.id, pageIndex, pageSize), [api, detail.id]);
  const results = usePaged(loadResults, 10, version);
  return (
    <Stack gap="sm">
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
  );
}

export const subsidyQueue: QueueDefinition<SubsidyReviewRecord, SubsidyReviewDetail> = {
  queue: 'subsidy',
  title: t.subsidyTitle,
  minWidth: 1200,
  waiting: ['wait_audit', 'audit'],
  states: REWARD_STATES.map((value) => ({ value, label: rewardStateNames[value] })),
  filterColumns: { time: 'apply_time', number: { column: 'id', termType: 'eq', label: sb.number } },
  columns: [
    { label: c.id, cell: (r) => r.id }, { label: c.companyName, cell: (r) => r.companyName }, { label: c.applyTypeName, cell: (r) => r.applyTypeName },
    { label: c.companyTypeName, cell: (r) => r.companyTypeName }, { label: c.ckTime, cell: (r) => r.ckTime },
    { label: c.billCount, cell: (r) => r.billCount, numeric: true }, { label: c.applyTime, cell: (r) => r.applyTime },
    { label: c.stateName, cell: (r) => <StateBadge record={r} color={stateColor} /> }, { label: c.auditTime, cell: (r) => r.auditTime },
  ],
  stateColor,
  decisions: [
    { action: actions.start, label: sb.start, confirm: sb.confirmStart },
    { action: actions.finish, label: sb.finish, confirm: sb.confirmFinish },
  ],
  list: (api, pageIndex, pageSize, terms) => api.subsidies(pageIndex, pageSize, terms),
  decide: (api, code, id) => api.decideSubsidy(code as keyof typeof actions, id),
  detail: (api, id) => api.subsidy(id),
  drawerTitle: (detail) => `${sb.headTitle} ${detail?.id ?? ''}`,
  subject: (r) => `${r.id} ${r.companyName}`,
  Detail: SubsidyDetail,
};
