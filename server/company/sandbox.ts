/**
 * The filing sandbox (non-production only, FILING_AUTO_APPROVE_MS > 0): a declared filing is
 * approved by "沙箱自动审核" that long after it was declared, through the same review path as the
 * review API (so the filing machine decides and the history shows it). Timers are only a wake-up:
 * what is due is read from the database (approve_state 5, applied_at), so a restart or a second
 * server loses nothing and two servers approving at once is refused by the machine for the second.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { APPROVE_STATE } from '../../domain/enterprise/approval.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { BizError } from '../http/errors.ts';
import { reviewFiling } from './review.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tell the sandbox a filing was declared (no-op when auto-approval is off). */
    filingDeclared(): void;
  }
}

export default fp(async function filingSandbox(app: FastifyInstance) {
  const delay = app.config.filingAutoApproveMs;
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  async function approveDue() {
    if (closing) return;
    const due = await app.db.selectFrom('companies').select(['id']).where('approve_state', '=', APPROVE_STATE.reviewing)
      .where('applied_at', '<=', new Date(Date.now() - delay)).execute();
    for (const { id } of due) {
      if (closing) return;
      try {
        await reviewFiling(app.db, { companyId: id, decision: 'approve', reviewer: enterpriseText.sandboxReviewer, note: enterpriseText.sandboxNote });
      } catch (error) {
        // another server (or the review API) decided first: the machine refused a second decision
        if (!(error instanceof BizError)) throw error;
      }
    }
  }

  function wakeIn(ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      approveDue().catch((error: unknown) => { if (!closing) app.log.warn({ err: error }, 'filing sandbox: approval failed'); });
    }, Math.max(0, ms));
    timer.unref();
    timers.add(timer);
  }

  app.decorate('filingDeclared', () => { if (delay > 0 && !closing) wakeIn(delay + 20); });

  if (delay > 0) {
    app.addHook('onReady', async () => {
      // filings declared before a restart: wake when each is due
      const pending = await app.db.selectFrom('companies').select(['applied_at']).where('approve_state', '=', APPROVE_STATE.reviewing).execute();
      for (const p of pending) wakeIn((p.applied_at ? new Date(p.applied_at).getTime() + delay : Date.now()) - Date.now() + 20);
    });
  }
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
  });
}, { name: 'filing-sandbox', dependencies: ['db'] });
