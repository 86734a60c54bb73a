/** 审批记录 (§3 approvalRecordVos): newest first. */
import { ApprovalHistoryTable } from '../../../components/ApprovalHistoryTable.tsx';
import { enterpriseText as t } from '../../../../domain/texts/enterprise.ts';

export interface ApprovalVo { id: number; operationTime: string; userName: string; state: number; stateName: string; opinion: string | null; note: string | null }

const labels = { title: t.historySection, operationTime: t.operationTime, userName: t.userName, state: t.stateName, opinion: t.opinion, note: t.note };

export function ApprovalHistory({ records }: { records: ApprovalVo[] }) {
  return <ApprovalHistoryTable records={records} labels={labels} />;
}
