/**
 * /review/subsidy 补贴审核 (issue 20): every company's reward applications — 待核验 and 核验中 at
 * first — filtered by state, company, application time and 申请编号; 查看 opens the detail (the
 * application, its bound companies, the imported waybills, and the result rows once verified).
 * 开始核验 and 核验完成 (the result rows are written then) are the page actor's actions
 * (machines/workflow-page.ts with subsidyReviewActions), confirmed first and offered only where
 * machines/reward.ts allows them — the reward machine has no refusal, so neither has the page.
 */
import type { Http } from '../../lib/http.ts';
import { ReviewQueuePage } from './queue/ReviewQueuePage.tsx';
import { subsidyQueue } from './queue/subsidy.tsx';

export default function SubsidyReviewPage({ client }: { client?: Http }) {
  return <ReviewQueuePage client={client} definition={subsidyQueue} />;
}
