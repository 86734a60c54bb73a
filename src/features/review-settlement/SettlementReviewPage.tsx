/**
 * /review/settlement 结汇审核 (issue 20): every company's settlement applications — 申报中 and 审核中
 * at first — filtered by state, company, application time and 申报编号; 查看 opens the detail (head,
 * amounts, inventories, verification applications). The bank's answer (受理 / 不受理) and the
 * audit's decision (审核通过 / 审核不通过) are the operator's actions: the page's actor
 * (machines/workflow-page.ts with settlementReviewActions) offers and accepts each only where
 * machines/settlement.ts allows it, and a refusal needs the reason the enterprise reads.
 */
import type { Http } from '../../lib/http.ts';
import { ReviewQueuePage } from './queue/ReviewQueuePage.tsx';
import { settlementQueue } from './queue/settlement.tsx';

export default function SettlementReviewPage({ client }: { client?: Http }) {
  return <ReviewQueuePage client={client} definition={settlementQueue} />;
}
