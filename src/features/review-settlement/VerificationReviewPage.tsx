/**
 * /review/verification 核销审核 (issue 20): every company's verification applications — 审核中 at
 * first — filtered by state, company, application time and 核销编号; 查看 opens the detail (the
 * application, its settlement's amounts and inventories, the settlement's other applications).
 * 核销通过 / 核销不通过 (with the reason the enterprise reads) are the page actor's actions
 * (machines/workflow-page.ts with verificationReviewActions), offered only where
 * machines/settlement-verification.ts allows them.
 */
import type { Http } from '../../lib/http.ts';
import { ReviewQueuePage } from './queue/ReviewQueuePage.tsx';
import { verificationQueue } from './queue/verification.tsx';

export default function VerificationReviewPage({ client }: { client?: Http }) {
  return <ReviewQueuePage client={client} definition={verificationQueue} />;
}
