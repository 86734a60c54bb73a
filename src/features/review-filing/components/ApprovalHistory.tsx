/** The company's 审批记录 (its declarations and the decisions taken), newest first, each decision coloured. */
import { Badge } from '@mantine/core';
import { ApprovalHistoryTable } from '../../../components/ApprovalHistoryTable.tsx';
import { APPROVE_STATE } from '../../../../domain/enterprise/approval.ts';
import { reviewFilingText as t } from '../../../../domain/texts/review-filing.ts';
import type { ApprovalVo } from '../api.ts';

const color = (state: number) => (state === APPROVE_STATE.approved ? 'green' : state === APPROVE_STATE.rejected ? 'red' : 'blue');
const labels = { title: t.companyHistory, operationTime: t.operationTime, userName: t.reviewer, state: t.decision, opinion: t.opinion, note: t.note };

export function ApprovalHistory({ records }: { records: ApprovalVo[] }) {
  return <ApprovalHistoryTable records={records} labels={labels} stateCell={(r) => <Badge variant="light" color={color(r.state)}>{r.stateName}</Badge>} />;
}
