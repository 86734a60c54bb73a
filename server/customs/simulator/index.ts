/**
 * The embedded customs simulator (CUSTOMS_TRANSPORT=simulator, the default): a Transport that
 * plays the e-port and customs for demos and tests. It takes a message the way the e-port does —
 * schema check first (a refusal is final, like DXP 0002) — judges it with rules.ts, and after
 * SIMULATOR_DELAY_MS answers with real receipt documents (CEB304/404/506), one file per receipt,
 * with increasing returnTimes, handed to the receipt pipeline: 2 申报中, then after the same delay
 * again 120 海关入库 (399 海关审结 for waybills) or 100 海关退单.
 *
 * Its memory of what customs has stored is the receipts table itself (a 120 receipt of the same
 * company and key), so it survives restarts. Receipts still pending at shutdown are sent at once.
 */
import { sql, type Kysely } from 'kysely';
import { simulatorText } from '../../../domain/texts/customs.ts';
import type { Database } from '../../db/schema.ts';
import { newGuid } from '../declaration.ts';
import { buildReceiptXml } from '../receipts/build.ts';
import { validateCebXml } from '../schemas.ts';
import { TransportRejection, type OutboundMessage, type ReceiptSink, type Transport } from '../transport/types.ts';
import type { WorkerLog } from '../worker.ts';
import { returnTimeOf } from '../xml/format.ts';
import { childList, childNode, fieldsOf, readXml, type XmlNodeData } from '../xml/read.ts';
import { findCustomsRule, judge, receiptsOf, type CustomsRule } from './rules.ts';

export interface SimulatorOptions {
  db: Kysely<Database>;
  sink: ReceiptSink;
  log: WorkerLog;
  delayMs: number;
  /** 0..1: share of otherwise good declarations customs refuses (demos) */
  rejectRate: number;
  random?: () => number;
  now?: () => Date;
}

export interface SimulatorTransport extends Transport {
  settle(): Promise<void>;
  close(): Promise<void>;
}

export function createSimulatorTransport(options: SimulatorOptions): SimulatorTransport {
  const { db, sink, log, delayMs, rejectRate } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const jobs = new Set<Promise<void>>();
  const sleepers = new Set<() => void>();
  let closing = false;
  let lastMs = 0;

  /** Customs' clock: China time, strictly increasing even within one millisecond. */
  const returnTime = () => {
    lastMs = Math.max(now().getTime(), lastMs + 1);
    return returnTimeOf(new Date(lastMs));
  };

  const sleep = (ms: number) => new Promise<void>((resolve) => {
    if (closing || ms <= 0) return resolve();
    const wake = () => { clearTimeout(t); sleepers.delete(wake); resolve(); };
    const t = setTimeout(wake, ms);
    sleepers.add(wake);
  });

  async function alreadyStored(rule: CustomsRule, head: Record<string, string>, companyId: number): Promise<boolean> {
    const keys = Object.fromEntries(rule.receipt.keys.map((k) => [k, head[k] ?? '']));
    const row = await db.selectFrom('customs_receipts').select('id')
      .where('message_type', '=', rule.receipt.type)
      .where('company_id', '=', companyId)
      .where('return_status', '=', rule.accepted.status)
      .where(sql<boolean>`keys @> ${JSON.stringify(keys)}::jsonb`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  function answer(rule: CustomsRule, companyId: number, head: Record<string, string>, replies: { returnStatus: string; returnInfo: string }[]) {
    const fields = Object.fromEntries(rule.receipt.fields.filter((f) => head[f.name]).map((f) => [f.name, head[f.name]!]));
    const job = (async () => {
      for (const reply of replies) {
        await sleep(delayMs);
        const xml = buildReceiptXml(rule.receipt, newGuid(), [{ guid: newGuid(), fields, returnTime: returnTime(), ...reply }]);
        try {
          await sink(xml, { companyId });
        } catch (e) {
          log.error({ err: e instanceof Error ? e.message : String(e), type: rule.receipt.type }, 'customs simulator: receipt not taken');
        }
      }
    })();
    jobs.add(job);
    void job.finally(() => jobs.delete(job));
  }

  return {
    name: 'simulator',
    async deliver(message: OutboundMessage) {
      const rule = findCustomsRule(message.messageType);
      if (!rule) throw new TransportRejection(simulatorText.unsupported(message.messageType));
      const problems = validateCebXml(rule.schema, message.xml);
      if (problems.length > 0) throw new TransportRejection(simulatorText.schemaRefused(problems[0]!.message));
      const { root } = readXml(message.xml);
      for (const body of childList(root, rule.body)) {
        const node = typeof body === 'object' && !Array.isArray(body) ? (body as XmlNodeData) : undefined;
        const head = fieldsOf(rule.head ? childNode(node, rule.head) : node);
        const lines = rule.line ? childList(node, rule.line).map((l) => fieldsOf(typeof l === 'object' && !Array.isArray(l) ? (l as XmlNodeData) : undefined)) : [];
        const stored = head.appType === '1' && head.appStatus !== '1' ? await alreadyStored(rule, head, message.companyId) : false;
        const verdict = judge(rule, { head, lines }, { alreadyStored: stored, rejectRate, random });
        answer(rule, message.companyId, head, receiptsOf(rule, verdict, head));
      }
    },
    async settle() {
      while (jobs.size > 0) await Promise.allSettled([...jobs]);
    },
    async close() {
      closing = true;
      for (const wake of [...sleepers]) wake();
      await this.settle();
    },
  };
}
