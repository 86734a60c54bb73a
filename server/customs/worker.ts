/**
 * The outbox worker: delivers due customs_messages through the Transport.
 *
 * - Sign: with `sign` (SIGN_MODE=software) a message is signed before its first delivery and the
 *   signed XML stored, so every redelivery sends the same bytes. With `holdForSignature`
 *   (SIGN_MODE=external) an unsigned message waits as a sign record for the company's UKey client
 *   and comes back due, signed, when the client posts its signature.
 * - Claim: in a short transaction, `SELECT … FOR UPDATE SKIP LOCKED` a small batch of due pending
 *   rows and mark them 'sending' with a lease (next_attempt_at = now + lease). Several servers on
 *   one PostgreSQL never take the same row. Delivery happens outside any transaction (a network
 *   call must not hold row locks, and PGlite has a single session the receipts need too).
 * - Outcome, each in its own transaction: sent → status 'sent' and the bill gets transport.sent
 *   (state stays DECLARING); failure → back to 'pending' with exponential backoff, or after
 *   maxAttempts (or at once for a TransportRejection) 'failed' and the bill gets transport.failed
 *   → SEND_FAILED with return_info saying why (delivery-failure.ts, which the exchange's transfer
 *   receipt DxpRep reporting a failure goes through as well).
 * - In parallel: `concurrency` messages of a claimed batch are delivered at once (the messages of
 *   one bill one after the other, in claim order); what they write at about the same time — the
 *   signed XML, the 'sent' outcomes — goes to the database together (group-commit.ts), so the
 *   round trips, not the messages, set the pace (issue 28; docs/decisions/outbox-parallel-deliveries.md).
 * - A server that dies while sending leaves rows 'sending'; when their lease runs out they are put
 *   back to 'pending' (checked at start and every few minutes) and sent again — at-least-once
 *   delivery, with the guid as the id the other side dedupes on.
 * - Timing: a poll every pollMs (cheap: the partial index customs_messages_due), wake() for an
 *   immediate pass after a declaration commits, drain() for tests. Ticks never overlap, and no
 *   error escapes: it is logged and the next poll tries again.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { customsText } from '../../domain/texts/customs.ts';
import type { Database } from '../db/schema.ts';
import { applyBillEvent, lockBill } from './bill-events.ts';
import { DEFAULT_RETRY, recordDeliveryFailure, type RetryPolicy } from './delivery-failure.ts';
import { LocalWriteFailure, waitForLocalDisk } from './transport/local-failure.ts';
import { unrecordedClaims } from './unrecorded-claims.ts';
import { groupCommit } from './group-commit.ts';
import { productCounters } from '../ops/counters.ts';
import { TransportRejection, type OutboundMessage, type Transport } from './transport/types.ts';

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerOptions {
  db: Kysely<Database>;
  transport: Transport;
  log: WorkerLog;
  /** background poll interval; 0 = no background polling (wake/tick/drain only) */
  pollMs?: number;
  /** messages claimed at once (default: four per concurrent delivery, at least 10) */
  batchSize?: number;
  /**
   * Deliveries in flight at once, each its own claim → sign → write → record of one message; the
   * messages of one bill in a batch still go one after the other, in claim order (default 8).
   */
  concurrency?: number;
  maxAttempts?: number;
  /** first retry delay; doubles per attempt up to retryMaxMs */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** how long a 'sending' row belongs to the server that claimed it (default: the batch's worst case) */
  leaseMs?: number;
  deliverTimeoutMs?: number;
  /**
   * Signs a message before its first delivery (SIGN_MODE=software); the signed XML is stored, so a
   * redelivery sends the same bytes. Answers the XML unchanged when it is already signed.
   */
  sign?: (message: OutboundMessage) => Promise<string>;
  /**
   * SIGN_MODE=external: an unsigned message is not delivered but put on hold for the company's
   * signing client, inside the given transaction (it leaves 'sending' for 'signing'); once the
   * signature is posted back it is due again, signed. Answers false when the message is signed.
   */
  holdForSignature?: (trx: Kysely<Database>, message: OutboundMessage) => Promise<boolean>;
  /**
   * The database is this process's alone (the embedded PGlite): at start every 'sending' row was
   * claimed by a process that died, so it is due at once instead of when its lease runs out.
   */
  soleOwner?: boolean;
}

export interface OutboxWorker {
  start(): void;
  /** Stops polling, lets the pass in progress finish the message it is sending and hand back the rest of its batch, and removes the heartbeat row. */
  stop(): Promise<void>;
  /** Runs a pass soon (after the current one), e.g. right after a declaration was committed. */
  wake(): void;
  /** One pass: claims and delivers at most one batch; the number of messages it handled. */
  tick(): Promise<number>;
  /** Passes until nothing is due and the transport has settled (tests). */
  drain(): Promise<void>;
  /** What the deliveries since the last call cost, step by step (the bench's "what limits it"). */
  takeStats(): OutboxStats;
}

export interface OutboxStats {
  messages: number;
  /** milliseconds summed over the messages (the claim's share per message) */
  ms: Record<OutboxStep, number>;
}
type OutboxStep = 'claim' | 'sign' | 'store' | 'write' | 'record';

const RECOVER_EVERY_MS = 10 * 1000;
/** how often a worker says it is alive, and after how long without a word it counts as dead */
const HEARTBEAT_MS = 5 * 1000;
const DEAD_AFTER_S = 30;
const MAX_ERROR_TEXT = 1000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, MAX_ERROR_TEXT);
const msInterval = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000}::double precision)`;

export function createOutboxWorker(options: WorkerOptions): OutboxWorker {
  const { db, transport, log } = options;
  const pollMs = options.pollMs ?? 500;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const batchSize = options.batchSize ?? Math.max(10, concurrency * 4);
  const policy: RetryPolicy = {
    maxAttempts: options.maxAttempts ?? DEFAULT_RETRY.maxAttempts,
    retryBaseMs: options.retryBaseMs ?? DEFAULT_RETRY.retryBaseMs,
    retryMaxMs: options.retryMaxMs ?? DEFAULT_RETRY.retryMaxMs,
  };
  const deliverTimeoutMs = options.deliverTimeoutMs ?? 60 * 1000;
  // A batch may be one bill's messages, delivered one after the other: the lease must outlast that.
  const leaseMs = options.leaseMs ?? Math.max(5 * 60 * 1000, batchSize * deliverTimeoutMs + 60 * 1000);

  let running = false;
  let stopped = false;
  /** stop() is waiting for the pass under way: that pass hands back what it has not started (a pass
   * asked for after the stop — a test's drain() — delivers as any other) */
  let stopping = false;
  /** a wake() arrived while a pass was running: poll again at once rather than after pollMs */
  let woken = false;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let lastRecovery = 0;
  // who claims: a message 'sending' under a worker that stopped beating (kill -9) is due again
  const workerId = randomUUID();
  const unrecorded = unrecordedClaims(db, workerId);
  let lastBeat = 0;
  let beating: NodeJS.Timeout | undefined;
  let stats = emptyStats();

  async function timed<T>(step: OutboxStep, work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      stats.ms[step] += performance.now() - t0;
    }
  }

  async function beat() {
    lastBeat = Date.now();
    await db.insertInto('outbox_workers').values({ id: workerId, seen_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: sql<Date>`now()` })).execute();
  }

  /**
   * 'sending' rows whose worker is gone — its lease ran out, or it stopped beating (killed) — are
   * due again; at start, with a database this process owns alone, every 'sending' row is.
   */
  async function recoverExpired() {
    const now = Date.now();
    if (now - lastBeat >= HEARTBEAT_MS) await beat();
    if (now - lastRecovery < RECOVER_EVERY_MS) return;
    const atStart = lastRecovery === 0;
    lastRecovery = now;
    let orphans = db.updateTable('customs_messages').set({ status: 'pending', next_attempt_at: sql<Date>`now()`, claimed_by: null }).where('status', '=', 'sending');
    if (!(atStart && options.soleOwner)) {
      orphans = orphans.where((eb) => eb.or([
        eb('next_attempt_at', '<=', sql<Date>`now()`),
        eb.and([
          eb('claimed_by', 'is not', null),
          eb('claimed_by', '!=', workerId),
          eb.not(eb.exists(eb.selectFrom('outbox_workers').select('id')
            .whereRef('outbox_workers.id', '=', 'customs_messages.claimed_by')
            .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${DEAD_AFTER_S})`))),
        ]),
      ]));
    }
    const r = await orphans.executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) log.warn({ count: Number(r.numUpdatedRows) }, 'customs outbox: sends of a stopped or expired worker requeued');
    // workers gone for a day are forgotten (their messages were requeued long before)
    if (atStart) await db.deleteFrom('outbox_workers').where('seen_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  }

  async function claim(): Promise<OutboundMessage[]> {
    return db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('customs_messages')
        .select(['id', 'guid', 'company_id', 'bill_id', 'message_type', 'xml', 'attempts'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at').orderBy('id')
        .limit(batchSize)
        .forUpdate().skipLocked()
        .execute();
      if (rows.length === 0) return [];
      await trx.updateTable('customs_messages')
        .set({ status: 'sending', attempts: sql<number>`attempts + 1`, next_attempt_at: msInterval(leaseMs), claimed_by: workerId })
        .where('id', 'in', rows.map((r) => r.id))
        .execute();
      return rows.map((r) => ({
        id: r.id, guid: r.guid, companyId: r.company_id, billId: r.bill_id,
        messageType: r.message_type, xml: r.xml, attempt: r.attempts + 1,
      }));
    });
  }

  async function markSent(m: OutboundMessage) {
    await db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('customs_messages')
        .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
        .where('company_id', '=', m.companyId).where('id', '=', m.id).where('status', '=', 'sending')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0 || m.billId === null) return;
      const bill = await lockBill(trx, m.companyId, m.billId);
      // Receipts may already have moved the bill on (a fast transport): then this changes nothing.
      if (bill) await applyBillEvent(trx, bill, { type: 'transport.sent' }, customsText.sent);
    });
  }

  /**
   * Several messages delivered at about the same time recorded in one transaction: their bills
   * locked first, in id order (as the receipt ingest locks them, so the two never deadlock), then
   * the messages still this worker's marked sent. Should the group fail, each is recorded alone.
   */
  async function markSentTogether(ms: OutboundMessage[]): Promise<(unknown | undefined)[]> {
    if (ms.length === 1) return [await markSent(ms[0]!).then(() => undefined, (e: unknown) => e)];
    try {
      await db.transaction().execute(async (trx) => {
        const billIds = [...new Set(ms.flatMap((m) => (m.billId === null ? [] : [m.billId])))];
        const companies = [...new Set(ms.map((m) => m.companyId))];
        const bills = billIds.length === 0 ? [] : await trx.selectFrom('bill_heads')
          .select(['id', 'company_id', 'bill_key', 'mode', 'state', 'return_status', 'return_time'])
          .where('company_id', 'in', companies).where('id', 'in', billIds)
          .orderBy('id').forUpdate().execute();
        const sent = await trx.updateTable('customs_messages')
          .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
          .where('company_id', 'in', companies).where('id', 'in', ms.map((m) => m.id)).where('status', '=', 'sending')
          .returning('bill_id').execute();
        const sentBills = new Set(sent.map((r) => r.bill_id));
        // receipts may already have moved a bill on (a fast transport): then this changes nothing
        for (const bill of bills) if (sentBills.has(bill.id)) await applyBillEvent(trx, bill, { type: 'transport.sent' }, customsText.sent);
      });
      return ms.map(() => undefined);
    } catch (e) {
      log.warn({ count: ms.length, err: errorText(e) }, 'customs outbox: recording sends together failed, recording each alone');
      return Promise.all(ms.map((m) => markSent(m).then(() => undefined, (err: unknown) => err)));
    }
  }
  const recordSent = groupCommit(markSentTogether);

  /** The signed XML of messages signed at about the same time, stored in one statement. */
  const storeSigned = groupCommit<{ id: number; xml: string }>(async (signed) => {
    await sql`update customs_messages c set xml = v.xml
      from unnest(${signed.map((x) => x.id)}::bigint[], ${signed.map((x) => x.xml)}::text[]) as v(id, xml)
      where c.id = v.id and c.status = 'sending'`.execute(db);
    return signed.map(() => undefined);
  });

  async function markFailed(m: OutboundMessage, error: unknown) {
    // our own disk, not customs: the message waits for it and keeps its attempts (local-failure.ts)
    if (error instanceof LocalWriteFailure) {
      log.error({ messageId: m.id, err: error.message }, 'customs outbox: send folder not writable, the message waits');
      await waitForLocalDisk(db, m, error, Math.min(policy.retryMaxMs, policy.retryBaseMs * 4));
      return;
    }
    const reason = errorText(error);
    const refused = error instanceof TransportRejection;
    const outcome = await db.transaction().execute((trx) =>
      recordDeliveryFailure(trx, { id: m.id, companyId: m.companyId, billId: m.billId, attempt: m.attempt }, reason, { refused, policy, from: ['sending'] }));
    const final = outcome === 'failed';
    productCounters.deliveries.inc({ transport: transport.name, outcome: final ? 'failed' : 'failed_attempt' });
    (final ? log.error : log.warn).call(log, { messageId: m.id, guid: m.guid, attempt: m.attempt, final, err: reason }, 'customs outbox: delivery failed');
  }

  /** Stopping (shutdown): the claimed messages not yet tried are due again at once, untried, for any server. */
  async function handBack(messages: OutboundMessage[]) {
    await db.updateTable('customs_messages')
      .set({ status: 'pending', next_attempt_at: sql<Date>`now()`, claimed_by: null, attempts: sql<number>`attempts - 1` })
      .where('id', 'in', messages.map((m) => m.id)).where('status', '=', 'sending').where('claimed_by', '=', workerId)
      .execute();
  }

  /** The message as it leaves: signed (and the signature kept) when the worker signs. */
  async function signed(m: OutboundMessage): Promise<OutboundMessage> {
    if (!options.sign) return m;
    const sign = options.sign;
    const xml = await timed('sign', () => sign(m));
    if (xml === m.xml) return m;
    await timed('store', () => storeSigned({ id: m.id, xml }));
    return { ...m, xml };
  }

  /** External signing: the message waits for the signing client instead of leaving now. */
  async function heldForSignature(m: OutboundMessage): Promise<boolean> {
    const hold = options.holdForSignature;
    if (!hold) return false;
    return db.transaction().execute(async (trx) => {
      const still = await trx.selectFrom('customs_messages').select('status').where('id', '=', m.id).forUpdate().executeTakeFirst();
      if (still?.status !== 'sending') return true; // someone else's now: not ours to deliver
      return hold(trx, m);
    });
  }

  async function deliver(claimed: OutboundMessage) {
    let timeout: NodeJS.Timeout | undefined;
    let m = claimed;
    try {
      if (await heldForSignature(claimed)) return;
      m = await signed(claimed);
      await timed('write', () => Promise.race([
        transport.deliver(m),
        new Promise<never>((_, reject) => { timeout = setTimeout(() => reject(new Error(customsText.deliveryTimeout(deliverTimeoutMs))), deliverTimeoutMs); }),
      ]));
    } catch (e) {
      await markFailed(m, e);
      return;
    } finally {
      clearTimeout(timeout);
    }
    await timed('record', () => recordSent(m));
    productCounters.deliveries.inc({ transport: transport.name, outcome: 'sent' });
  }

  /** Delivers one message; an outcome that cannot be written is logged, and the lease brings it back. */
  async function deliverLogged(m: OutboundMessage) {
    stats.messages++;
    try {
      await deliver(m);
    } catch (e) {
      // the outcome could not be written (database gone, its disk full): handed back at the next pass
      unrecorded.add(m.id);
      log.error({ messageId: m.id, err: errorText(e) }, 'customs outbox: recording the outcome failed');
    }
  }

  async function pass(): Promise<number> {
    woken = false;
    try {
      await unrecorded.release();
      await recoverExpired();
      const messages = await timed('claim', claim);
      const untried: OutboundMessage[] = [];
      await inParallel(byBill(messages), concurrency, async (ofOneBill) => {
        for (const [i, m] of ofOneBill.entries()) {
          // stopping: what this lane has not started goes back to the queue, due now (ops/shutdown.ts)
          if (stopping) { untried.push(...ofOneBill.slice(i)); return; }
          await deliverLogged(m);
        }
      });
      if (untried.length > 0) await handBack(untried);
      return messages.length;
    } catch (e) {
      log.error({ err: errorText(e) }, 'customs outbox: pass failed');
      return 0;
    }
  }

  /** Passes run one at a time: the background poll, wake() and drain() share one queue. */
  function tick(): Promise<number> {
    const next = chain.then(pass);
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule(ms: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void tick().then((n) => schedule(n >= batchSize || woken ? 0 : pollMs));
    }, ms);
    timer.unref?.();
  }

  return {
    start() {
      if (running || stopped || pollMs <= 0) return;
      running = true;
      // beats on its own timer too, so a long batch of slow deliveries never looks like a death
      beating = setInterval(() => { void beat().catch((e) => log.warn({ err: errorText(e) }, 'customs outbox: heartbeat failed')); }, HEARTBEAT_MS);
      beating.unref?.();
      schedule(0);
    },
    async stop() {
      running = false;
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      clearInterval(beating);
      timer = undefined;
      try { await chain; } finally { stopping = false; }
      await db.deleteFrom('outbox_workers').where('id', '=', workerId).execute().catch(() => undefined);
    },
    wake() {
      if (stopped) return;
      woken = true;
      if (running) schedule(0);
      else void tick();
    },
    tick,
    async drain() {
      for (;;) {
        const n = await tick();
        await transport.settle?.();
        if (n === 0) return;
      }
    },
    takeStats() {
      const taken = stats;
      stats = emptyStats();
      return taken;
    },
  };
}

const emptyStats = (): OutboxStats => ({ messages: 0, ms: { claim: 0, sign: 0, store: 0, write: 0, record: 0 } });

/**
 * The claimed messages as runs to deliver one after the other: those of one bill together, in
 * claim order (a split bill's parts, a declaration and its later change), every other its own run.
 */
function byBill(messages: OutboundMessage[]): OutboundMessage[][] {
  const runs = new Map<number | string, OutboundMessage[]>();
  for (const m of messages) {
    const key = m.billId ?? `m${m.id}`;
    const run = runs.get(key);
    if (run) run.push(m);
    else runs.set(key, [m]);
  }
  return [...runs.values()];
}

/** Runs `work` on every item, at most `limit` at once; resolves when all are done (none rejects). */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
