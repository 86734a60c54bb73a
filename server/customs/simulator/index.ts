/**
 * The embedded customs simulator (CUSTOMS_TRANSPORT=simulator, the default): a Transport that
 * plays the e-port and customs for demos, training and tests. It takes a message the way the
 * e-port does — schema check first (a refusal is final, like DXP 0002), a message received before
 * (same guid) is taken once — judges each document with rules.ts against what customs holds
 * (memory.ts: duplicates, 三单比对), and plans its answers: real receipt documents, one per step,
 * each SIMULATOR_DELAY_MS after the previous one, with increasing returnTimes and the numbers
 * customs issues (preNo, invtNo …), handed to the receipt pipeline.
 *
 * The planned answers are rows (customs_sim_replies), claimed with a lease and deleted once taken:
 * a restart — even a kill -9 — loses none, and a reply sent twice carries the same receipt guid,
 * which the receipt store takes once.
 */
import { sql, type Kysely } from 'kysely';
import { simulatorText } from '../../../domain/texts/customs.ts';
import type { Database } from '../../db/schema.ts';
import { newGuid } from '../declaration.ts';
import { verifySignature } from '../sign/verify.ts';
import { TransportRejection, type OutboundMessage, type ReceiptSink, type Transport } from '../transport/types.ts';
import type { WorkerLog } from '../worker.ts';
import { returnTimeOf } from '../xml/format.ts';
import { childList, childNode, fieldsOf, readXml, type XmlNodeData } from '../xml/read.ts';
import { businessKey, createCustomsMemory, type CustomsMemory, type StoredDocument } from './memory.ts';
import { matchQuery } from './matching.ts';
import { issueNumber } from './numbers.ts';
import { sharedNumbers, siblingKeys } from './split-parts.ts';
import { issueTaxBillAfter } from './tax-bill.ts';
import { issueSummaryResultAfter } from './summary-result.ts';
import { findCustomsDocType, formatProblems, judge, receiptsOf, receiptTypeOf, replyFieldNames, replyXml, type CustomsDocType, type Reply, type Verdict } from './rules.ts';
import type { IssuedNumber } from './doc-types.ts';

export interface SimulatorOptions {
  db: Kysely<Database>;
  sink: ReceiptSink;
  log: WorkerLog;
  delayMs: number;
  /** 0..1: share of otherwise good declarations customs refuses (demos) */
  rejectRate: number;
  random?: () => number;
  now?: () => Date;
  /** how often planned replies are looked for when none is known to be due (default 1 s) */
  pollMs?: number;
}

export interface SimulatorTransport extends Transport {
  start(): void;
  settle(): Promise<void>;
  close(): Promise<void>;
}

const LEASE_MS = 60_000;
const CLAIM_BATCH = 50;

const nodeOf = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as XmlNodeData) : undefined);

export function createSimulatorTransport(options: SimulatorOptions): SimulatorTransport {
  const { db, sink, log, delayMs, rejectRate } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const memory = createCustomsMemory(db);
  let lastMs = 0;
  let closed = false;
  let pumping: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** Customs' clock: China time, strictly increasing even within one millisecond. */
  const returnTime = () => {
    lastMs = Math.max(now().getTime(), lastMs + 1);
    return returnTimeOf(new Date(lastMs));
  };

  function documentsOf(type: CustomsDocType, xml: string) {
    const { root } = readXml(xml);
    // without a body element the root is the one document (a DecMessage: lines in DecLists, DecSign beside the head)
    return (type.body ? childList(root, type.body) : [root]).map((b) => {
      const node = nodeOf(b);
      const head = { ...fieldsOf(type.head ? childNode(node, type.head) : node), ...(type.block ? fieldsOf(childNode(node, type.block)) : {}) };
      const group = type.lineGroup ? childNode(node, type.lineGroup) : node;
      const lines = type.line ? childList(group, type.line).map((l) => fieldsOf(nodeOf(l))) : [];
      return { head, lines };
    });
  }

  /** Judges one document and writes what customs now holds; answers the replies it owes. */
  async function take(memory: CustomsMemory, type: CustomsDocType, companyId: number, head: Record<string, string>, lines: Record<string, string>[]) {
    const key = businessKey(type.key, head);
    const held = key ? await memory.find(type.type, key) : undefined;
    const matched = await Promise.all((type.matches ?? []).map((m) => {
      const q = matchQuery(m, head);
      return q ? memory.findBy(m.type, q) : undefined;
    }));
    const verdict: Verdict = judge(type, { head, lines }, { held, matched, rejectRate, random, now: now() });
    let doc: StoredDocument | undefined;
    if (verdict.kind === 'stored') {
      // a draft at the e-port: kept unless customs already holds a declared one under the key
      if (!held || held.status === '1') doc = await memory.store({ type: type.type, key: key ?? `guid:${head.guid}`, guid: head.guid ?? '', companyId, status: '1', head, lines });
    } else if (verdict.kind !== 'negative') {
      doc = await memory.store({ type: type.type, key: key ?? `guid:${head.guid}`, guid: head.guid ?? '', companyId, status: '2', head, lines });
    }
    return { replies: receiptsOf(type, verdict, head), doc };
  }

  async function plan(trx: Kysely<Database>, type: CustomsDocType, companyId: number, head: Record<string, string>, replies: Reply[], doc?: StoredDocument) {
    const receipt = receiptTypeOf(type);
    const fields = Object.fromEntries(replyFieldNames(type, receipt).filter((name) => head[name]).map((name) => [name, head[name]!]));
    const start = now().getTime();
    await trx.insertInto('customs_sim_replies').values(replies.map((r, i) => ({
      doc_id: doc?.id ?? null,
      company_id: companyId,
      message_type: type.type,
      receipt_guid: newGuid(),
      fields: JSON.stringify(fields),
      return_status: r.returnStatus,
      return_info: r.returnInfo,
      issues: JSON.stringify(r.issues),
      last_step: i === replies.length - 1,
      due_at: new Date(start + delayMs * (i + 1)),
    }))).execute();
  }

  type ReplyRow = {
    id: number; doc_id: number | null; company_id: number | null; message_type: string; receipt_guid: string;
    fields: unknown; return_status: string; return_info: string; issues: unknown; last_step: boolean;
  };
  const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

  /** Sends one planned reply: numbers issued now, the document's status moved, then the receipt. */
  async function send(row: ReplyRow) {
    const type = findCustomsDocType(row.message_type);
    if (!type) return;
    const fields = parsed<Record<string, string>>(row.fields);
    const issues = parsed<IssuedNumber[]>(row.issues);
    const time = returnTime();
    if (row.doc_id !== null) {
      const doc = await db.selectFrom('customs_sim_documents').select(['id', 'head', 'numbers']).where('id', '=', row.doc_id).executeTakeFirst();
      const head = doc ? parsed<Record<string, string>>(doc.head) : {};
      // the parts of a split declaration share what customs issues (one sumNo for one 汇总申请)
      const siblings = siblingKeys(type.key, head);
      const parts = siblings.length === 0 ? [] : (await db.selectFrom('customs_sim_documents').select(['id', 'numbers'])
        .where('message_type', '=', type.type).where('business_key', 'in', siblings).execute())
        .map((p) => ({ id: Number(p.id), numbers: parsed<Record<string, string>>(p.numbers) }));
      const own = { id: row.doc_id, numbers: doc ? parsed<Record<string, string>>(doc.numbers) : {} };
      const { held, serial } = sharedNumbers([own, ...parts], row.doc_id);
      const fresh: Record<string, string> = {};
      for (const kind of issues) {
        if (own.numbers[kind]) continue;
        fresh[kind] = held[kind] ?? issueNumber(kind, { serial, date: time.slice(0, 8), customsCode: head[type.customsField ?? 'customsCode'], ieFlag: type.schema === 'import' ? 'I' : 'E' });
      }
      Object.assign(fields, own.numbers, fresh);
      if (doc) {
        const deleted = row.last_step && head.appType === '3' && !row.return_status.startsWith('-') && row.return_status !== '100';
        await memory.setStatus(row.doc_id, deleted ? 'deleted' : row.return_status, fresh);
        if (row.last_step && type.settles && !deleted && !['100'].includes(row.return_status) && !row.return_status.startsWith('-')) {
          const q = matchQuery({ type: type.settles.type, by: type.settles.by, missing: 'inventory' }, head);
          const target = q ? await memory.findBy(type.settles.type, q) : undefined;
          if (target) await memory.setStatus(target.id, type.settles.status);
        }
      }
    }
    const receipt = receiptTypeOf(type);
    const xml = replyXml(type, receipt, row.receipt_guid, fields, row.return_status, time, row.return_info);
    try {
      await sink(xml, { companyId: row.company_id });
      // hook (issue 5): a released import inventory gets its CEB816 tax bill (tax-bill.ts)
      await issueTaxBillAfter(db, row, returnTime, sink);
      // hook (issue 5): a concluded summary application gets its CEB792 汇总结果单 (summary-result.ts)
      await issueSummaryResultAfter(db, row, returnTime, sink);
    } catch (e) {
      log.error({ err: e instanceof Error ? e.message : String(e), type: receipt.type }, 'customs simulator: receipt not taken');
    }
  }

  /** Claims due replies (a lease, SKIP LOCKED: servers sharing a database never send one twice at once). */
  async function claim(): Promise<ReplyRow[]> {
    const rows = await sql<ReplyRow>`
      UPDATE customs_sim_replies SET claimed_until = now() + make_interval(secs => ${LEASE_MS / 1000}::double precision)
      WHERE id IN (
        SELECT id FROM customs_sim_replies
        WHERE due_at <= ${now()} AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY due_at, id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, doc_id, company_id, message_type, receipt_guid, fields, return_status, return_info, issues, last_step`.execute(db);
    return rows.rows.map((r) => ({ ...r, id: Number(r.id), doc_id: r.doc_id === null ? null : Number(r.doc_id) }))
      .sort((a, b) => a.id - b.id);
  }

  async function pumpOnce() {
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return;
      for (const row of rows) {
        await send(row);
        await db.deleteFrom('customs_sim_replies').where('id', '=', row.id).execute();
      }
    }
  }

  /** Sends what is due; a call while sending runs one more pass after it. */
  function pump(): Promise<void> {
    if (pumping) { again = true; return pumping; }
    pumping = (async () => {
      try {
        do { again = false; await pumpOnce(); } while (again && !closed);
      } catch (e) {
        log.error({ err: e instanceof Error ? e.message : String(e) }, 'customs simulator: replies not sent');
      } finally {
        pumping = undefined;
      }
    })();
    return pumping;
  }

  /** The next pass: at the next due reply, or after pollMs. */
  async function schedule() {
    if (closed) return;
    clearTimeout(timer);
    const next = await db.selectFrom('customs_sim_replies').select('due_at').orderBy('due_at').limit(1).executeTakeFirst().catch(() => undefined);
    if (closed) return;
    const wait = next ? Math.max(0, new Date(next.due_at).getTime() - now().getTime()) : pollMs;
    timer = setTimeout(() => { void pump().then(schedule); }, Math.min(wait, pollMs));
    timer.unref?.();
  }

  return {
    name: 'simulator',
    start() {
      closed = false;
      void pump().then(schedule);
    },
    async deliver(message: OutboundMessage) {
      const type = findCustomsDocType(message.messageType);
      if (!type) throw new TransportRejection(simulatorText.unsupported(message.messageType));
      const problems = formatProblems(type, message.xml);
      if (problems.length > 0) throw new TransportRejection(simulatorText.schemaRefused(problems[0]!.message));
      // a declaration (appStatus 2) must be signed, and the signature must hold (DXP 1001/1004)
      // a 报关单 carries the 单一窗口 client's DecSign signature, not XML-DSig: nothing to verify here
      const signature = type.signedByClient ? { ok: true as const } : verifySignature(message.xml);
      if (!signature.ok) throw new TransportRejection(simulatorText.signatureRefused(signature.reason));
      const documents = documentsOf(type, message.xml);
      // Taking the message, judging it and planning the answers commit together: a crash leaves
      // either nothing (the outbox sends it again) or everything (the redelivery is ignored).
      const taken = await db.transaction().execute(async (trx) => {
        const memory = createCustomsMemory(trx);
        if (!(await memory.firstReceipt(message.guid, type.type))) return false;
        for (const { head, lines } of documents) {
          const { replies, doc } = await take(memory, type, message.companyId, head, lines);
          await plan(trx, type, message.companyId, head, replies, doc);
        }
        return true;
      });
      if (!taken) {
        log.info({ guid: message.guid }, simulatorText.redelivered(message.guid));
        return;
      }
      if (delayMs === 0) void pump();
      else void schedule();
    },
    async settle() {
      // every planned reply sent, waiting for the ones not yet due
      for (;;) {
        await pump();
        const next = await db.selectFrom('customs_sim_replies').select('due_at').orderBy('due_at').limit(1).executeTakeFirst();
        if (!next) return;
        const wait = new Date(next.due_at).getTime() - now().getTime();
        if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, 1000)));
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await pumping;
    },
  };
}
