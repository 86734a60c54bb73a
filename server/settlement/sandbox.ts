/**
 * The bank's and customs' sandbox for settlement, verification and rewards (non-production only,
 * SANDBOX_ADVANCE_MS > 0), so a person trying the console sees every state: SANDBOX_ADVANCE_MS after
 * its last change a record moves on through the same functions as the review API (so the machines
 * decide):
 *   settlement  申报中 → 审核中 (the bank accepts) → 审核通过; a note containing 退回 makes the bank
 *               refuse it, one containing 不通过 makes the audit refuse it (审核不通过)
 *   核销        审核中 → 核销成功
 *   reward      待核验 → 核验中 → 核验完成 (the result rows are computed from the bills)
 * Timers are only a wake-up: what is due is read from the database (state, state_time), so a
 * restart or a second server loses nothing, and a second decision is refused by the machine.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { settlementText } from '../../domain/texts/settlement.ts';
import { BizError } from '../http/errors.ts';
import { reviewSubsidy } from '../rewards/review.ts';
import { reviewSettlement, reviewVerification, type BankVerb } from './review.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tell the sandbox a settlement, verification or reward changed (no-op when it is off). */
    settlementSandboxWake(): void;
  }
}

export default fp(async function settlementSandbox(app: FastifyInstance) {
  const delay = app.config.sandboxAdvanceMs;
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  let running = false;

  const tolerate = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      // the review API (or another server) decided first: the machine refused a second decision
      if (!(error instanceof BizError)) throw error;
    }
  };

  /** One pass over everything due; answers whether anything moved (its next step is then due later). */
  async function advanceDue(): Promise<boolean> {
    const due = new Date(Date.now() - delay);
    const { db } = app;
    let moved = false;
    const settlements = await db.selectFrom('settlements').select(['id', 'state', 'note']).where('state', 'in', ['declare', 'audit'])
      .where('state_time', '<=', due).orderBy('id').limit(200).execute();
    for (const s of settlements) {
      if (closing) return moved;
      const note = s.note ?? '';
      const verb: BankVerb = s.state === 'declare' ? (note.includes('退回') ? 'refuse' : 'accept') : note.includes('不通过') ? 'reject' : 'approve';
      const opinion = verb === 'refuse' ? settlementText.bankRefused : verb === 'reject' ? `${settlementText.rejectedOpinion}（${settlementText.sandboxReviewer}）` : null;
      await tolerate(() => reviewSettlement(db, Number(s.id), verb, opinion));
      moved = true;
    }
    const verifications = await db.selectFrom('settlement_verifications').select('id').where('state', '=', 'audit').where('state_time', '<=', due).orderBy('id').limit(200).execute();
    for (const v of verifications) {
      if (closing) return moved;
      await tolerate(() => reviewVerification(db, Number(v.id), 'approve'));
      moved = true;
    }
    const subsidies = await db.selectFrom('subsidies').select(['id', 'state']).where('state', 'in', ['wait_audit', 'audit']).where('state_time', '<=', due).orderBy('id').limit(50).execute();
    for (const s of subsidies) {
      if (closing) return moved;
      await tolerate(() => reviewSubsidy(db, Number(s.id), s.state === 'wait_audit' ? 'start' : 'finish'));
      moved = true;
    }
    return moved;
  }

  function wakeIn(ms: number) {
    if (closing) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (running) { wakeIn(delay); return; }
      running = true;
      advanceDue()
        .then((moved) => { if (moved) wakeIn(delay + 20); })
        .catch((error: unknown) => { if (!closing) app.log.warn({ err: error }, 'settlement sandbox: advance failed'); })
        .finally(() => { running = false; });
    }, Math.max(0, ms));
    timer.unref();
    timers.add(timer);
  }

  app.decorate('settlementSandboxWake', () => { if (delay > 0) wakeIn(delay + 20); });

  if (delay > 0) {
    // records left waiting by a restart: a pass right after start moves what is due, then each step schedules the next
    app.addHook('onReady', async () => { wakeIn(0); wakeIn(delay + 20); });
  }
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
  });
}, { name: 'settlement-sandbox', dependencies: ['db'] });
