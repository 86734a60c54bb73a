/**
 * The folder transport (CUSTOMS_TRANSPORT=folder): declarations and receipts travel as files, the
 * way enterprises exchange them with the Single Window client, which watches a send folder and
 * drops what customs answers into a receive folder.
 *
 * Out: one DxpMsg per file, `<MsgType>_<CopMsgId>.xml` (file-name.ts); a 报关单 as the bare
 * DecMessage, `DecMessage_<guid>.xml`, which the client signs and sends itself. The content comes from
 * the injected `wrap` (transport/envelope.ts); this file only moves bytes. A file appears whole or not at all: written under a
 * dot-name the client ignores, fsynced, then renamed — and a redelivery renames onto the same
 * name, so the client never sees two files for one message. A missing folder is recreated; any
 * other failure throws in Chinese, and the worker retries and finally fails the bill with it.
 *
 * In: every pollMs the inbox is listed. Only regular `*.xml` files count (no dot/temp files, no
 * symlinks), and only once complete: the same size, mtime and inode for settleMs by this server's
 * clock (a writer still appending changes them; a sender's clock can be wrong). The bytes go to
 * the receipt pipeline; then the file moves to done, or to error with `<name>.error.txt` saying
 * why. Moves never overwrite (link/copy exclusive, `.2`, `.3` … on a clash) and never leave a file
 * in both places. Nothing is lost to a passing fault: when the pipeline fails for a reason other
 * than the file (the database is away) the file stays and is retried with backoff; a missing
 * inbox is logged once and recreated. Scans run one at a time, so no file is handled twice at once.
 * Several app servers watching one inbox: before reading a file each claims it (`claims`,
 * inbox-claims.ts); only the one whose claim went in reads it, and its claim goes once the file moved.
 */
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { transportText } from '../../../domain/texts/transport.ts';
import type { WorkerLog } from '../worker.ts';
import { MAX_XML_BYTES, XmlReadError } from '../xml/read.ts';
import { dxpFileNameOf } from './file-name.ts';
import { codeOf, moveUnique, writeAtomically } from './files.ts';
import { removeStaleTemps } from './local-failure.ts';
import type { InboxClaims } from './inbox-claims.ts';
import type { OutboundMessage, ReceiptSink, Transport } from './types.ts';

export interface FolderTransportOptions {
  /** where declarations are written (the client's send folder) */
  outboxDir: string;
  /** where the client drops receipts */
  inboxDir: string;
  /** handled receipt files; default `done` beside the inbox */
  doneDir?: string;
  /** refused receipt files with their `.error.txt`; default `error` beside the inbox */
  errorDir?: string;
  sink: ReceiptSink;
  log: WorkerLog;
  /** the message as the file's content (the DxpMsg envelope) */
  wrap: (message: OutboundMessage) => string | Promise<string>;
  /** inbox listing interval (ms); 0 = only scan() */
  pollMs: number;
  /** how long a file must stay unchanged before it is read (ms) */
  settleMs: number;
  now?: () => number;
  /** Several app servers on one inbox: a file is read by the server that claims it. Omitted: this server is alone. */
  claims?: InboxClaims;
}

export interface ScanResult {
  /** files moved to done */
  done: number;
  /** files moved to error */
  failed: number;
}

export interface FolderTransport extends Transport {
  readonly dirs: { outbox: string; inbox: string; done: string; error: string };
  /** Starts polling the inbox (the plugin calls it once the server is ready). */
  start(): void;
  /** One inbox scan, after the one in progress. */
  scan(): Promise<ScanResult>;
  settle(): Promise<void>;
  close(): Promise<void>;
}

type Outcome = { to: 'done' } | { to: 'error'; reason: string };

/** What the last scans saw of an inbox file. */
interface Seen {
  size: number;
  mtimeMs: number;
  ino: number;
  /** when this size/mtime/inode was first seen (our clock) */
  since: number;
  /** decided, but the move failed: only the move is retried, the file is not read again */
  pending?: Outcome;
  /** this server's claim on the file is in (InboxClaims) */
  claimed?: boolean;
  /** failed tries (pipeline not reached, or move), for the backoff */
  failures: number;
  retryAt: number;
}

/** A DxpMsg carries the CEB document base64 (4/3) plus its head; beyond this the reader refuses anyway. */
const MAX_FILE_BYTES = 2 * MAX_XML_BYTES;
const MAX_RETRY_MS = 5 * 60 * 1000;
const RECEIPT_FILE = /^[^.].*\.xml$/i;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * How the pipeline answered a file. ingestCustomsFile (what the server passes) never throws:
 * {ok: true, …counts} (unmatched receipts are stored, not refused), {ok: false, retry: false,
 * error} for a file that cannot be used, {ok: false, retry: true, error} when storing failed.
 * ingestReceiptXml resolves with counts and throws XmlReadError for an unusable file; any other
 * throw is taken as "storing failed". An answer {error: '…'} counts as a refusal.
 */
type Verdict = { kind: 'done' } | { kind: 'refused'; reason: string } | { kind: 'retry'; reason: string };

function verdictOf(result: unknown): Verdict {
  if (typeof result !== 'object' || result === null) return { kind: 'done' };
  const r = result as Record<string, unknown>;
  const text = [r.error, r.reason].map((v) => (v instanceof Error ? v.message : v)).find((v): v is string => typeof v === 'string' && v !== '');
  if (r.ok === false) {
    const reason = text ?? transportText.receiptRefused(JSON.stringify(result).slice(0, 300));
    return r.retry === true ? { kind: 'retry', reason } : { kind: 'refused', reason };
  }
  return text !== undefined && r.ok !== true ? { kind: 'refused', reason: text } : { kind: 'done' };
}

const verdictOfThrown = (e: unknown): Verdict =>
  e instanceof XmlReadError ? { kind: 'refused', reason: e.message } : { kind: 'retry', reason: errorText(e) };

export function createFolderTransport(options: FolderTransportOptions): FolderTransport {
  const { sink, log, wrap, pollMs, settleMs } = options;
  const outboxDir = resolve(options.outboxDir);
  const inboxDir = resolve(options.inboxDir);
  const doneDir = resolve(options.doneDir ?? join(dirname(inboxDir), 'done'));
  const errorDir = resolve(options.errorDir ?? join(dirname(inboxDir), 'error'));
  const now = options.now ?? Date.now;
  // what a writer killed mid-file (kill -9, power cut) left in the send folder
  void removeStaleTemps(outboxDir).then(
    (n) => { if (n > 0) log.warn({ dir: outboxDir, count: n }, 'customs outbox: stale temporary files removed'); },
    () => undefined,
  );

  const seen = new Map<string, Seen>();
  /** the error code of the inbox problem already logged; cleared when the inbox can be read again */
  let inboxProblem: string | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let closed = false;

  const backoff = (state: Seen) => Math.min(MAX_RETRY_MS, Math.max(pollMs, 100) * 2 ** (state.failures - 1));

  async function listInbox(): Promise<string[] | undefined> {
    try {
      const names = await readdir(inboxDir);
      if (inboxProblem) log.info({ dir: inboxDir }, 'customs inbox: folder readable again');
      inboxProblem = undefined;
      return names;
    } catch (e) {
      const code = codeOf(e);
      // logged once per problem, not every poll; the next successful listing says it is over
      const first = inboxProblem !== code;
      inboxProblem = code;
      if (first && code === 'ENOENT') log.warn({ dir: inboxDir }, 'customs inbox: folder missing, recreating it');
      else if (first) log.error({ dir: inboxDir, code, err: errorText(e) }, 'customs inbox: folder cannot be read');
      if (code === 'ENOENT') {
        await mkdir(inboxDir, { recursive: true }).catch((err: unknown) => {
          if (first) log.error({ dir: inboxDir, err: errorText(err) }, 'customs inbox: folder cannot be created');
        });
      }
      return undefined;
    }
  }

  /**
   * Reads the file and hands it to the pipeline. 'retry': it stays (this server's, if claimed) for a
   * later try; 'gone': it vanished or changed while read, the next scans look at it afresh.
   */
  async function ingest(name: string, path: string, state: Seen): Promise<Outcome | 'retry' | 'gone'> {
    if (state.size > MAX_FILE_BYTES) return { to: 'error', reason: transportText.receiptTooLarge(state.size, MAX_FILE_BYTES) };
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (e) {
      if (codeOf(e) === 'ENOENT') return 'gone';
      state.failures++;
      state.retryAt = now() + backoff(state);
      log.error({ file: name, attempt: state.failures, err: errorText(e) }, 'customs inbox: file cannot be read, retrying');
      return 'retry';
    }
    const after = await lstat(path).catch(() => undefined);
    // written to while being read: the next scans see the new size/mtime and wait again
    if (!after || bytes.length !== state.size || after.size !== state.size || after.mtimeMs !== state.mtimeMs) return 'gone';
    // the receiver is not known from a folder: the pipeline takes it from the DXP envelope
    const verdict = await sink(bytes, { companyId: null }).then(verdictOf, verdictOfThrown);
    if (verdict.kind === 'done') return { to: 'done' };
    if (verdict.kind === 'refused') return { to: 'error', reason: verdict.reason };
    // not the file's fault (database away): it stays where it is and is offered again later
    state.failures++;
    state.retryAt = now() + backoff(state);
    log.error({ file: name, attempt: state.failures, err: verdict.reason }, 'customs inbox: receipt pipeline failed, file kept for a retry');
    return 'retry';
  }

  async function moveOut(name: string, path: string, outcome: Outcome): Promise<void> {
    if (outcome.to === 'done') {
      const dest = await moveUnique(path, doneDir, name);
      log.info({ file: name, movedTo: dest }, 'customs inbox: receipt file handled');
      return;
    }
    const dest = await moveUnique(path, errorDir, name);
    const text = `${transportText.errorFileHead(name, new Date(now()).toISOString())}\n${outcome.reason}\n`;
    await writeFile(`${dest}.error.txt`, text, 'utf8')
      .catch((e: unknown) => log.error({ file: dest, err: errorText(e) }, 'customs inbox: error note cannot be written'));
    log.warn({ file: name, movedTo: dest, reason: outcome.reason }, 'customs inbox: receipt file refused');
  }

  /** Whether this server may read the file: alone, or its claim went in (another server's file is left alone). */
  async function claimed(name: string, state: Seen): Promise<boolean> {
    if (!options.claims || state.claimed) return true;
    try {
      state.claimed = await options.claims.take(name, state.size);
    } catch (e) {
      state.failures++;
      state.retryAt = now() + backoff(state);
      log.error({ file: name, attempt: state.failures, err: errorText(e) }, 'customs inbox: file cannot be claimed, retrying');
      return false;
    }
    return state.claimed;
  }

  async function unclaim(name: string, state: Seen): Promise<void> {
    if (!options.claims || !state.claimed) return;
    state.claimed = false;
    // a claim left behind only holds a later file of the same name and size until it is stale
    await options.claims.release(name, state.size)
      .catch((e: unknown) => log.warn({ file: name, err: errorText(e) }, 'customs inbox: claim cannot be released'));
  }

  async function handle(name: string, path: string, state: Seen): Promise<Outcome | undefined> {
    if (!await claimed(name, state)) return undefined;
    const outcome = state.pending ?? await ingest(name, path, state);
    if (outcome === 'retry') return undefined;
    if (outcome === 'gone') {
      await unclaim(name, state);
      return undefined;
    }
    try {
      await moveOut(name, path, outcome);
      seen.delete(name);
      await unclaim(name, state);
      return outcome;
    } catch (e) {
      state.pending = outcome;
      state.failures++;
      state.retryAt = now() + backoff(state);
      log.error({ file: name, to: outcome.to, err: errorText(e) }, 'customs inbox: handled file cannot be moved, retrying');
      return undefined;
    }
  }

  async function scanOnce(): Promise<ScanResult> {
    const result: ScanResult = { done: 0, failed: 0 };
    const names = await listInbox();
    if (!names) return result;
    const present = new Set<string>();
    for (const name of names.sort()) {
      if (!RECEIPT_FILE.test(name)) continue;
      const path = join(inboxDir, name);
      const st = await lstat(path).catch(() => undefined);
      if (!st?.isFile()) continue;
      present.add(name);
      const t = now();
      const prev = seen.get(name);
      if (!prev || prev.size !== st.size || prev.mtimeMs !== st.mtimeMs || prev.ino !== st.ino) {
        if (prev) await unclaim(name, prev);
        seen.set(name, { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, since: t, failures: 0, retryAt: 0 });
        continue;
      }
      if (t - prev.since < settleMs || t < prev.retryAt) continue;
      const outcome = await handle(name, path, prev);
      if (outcome?.to === 'done') result.done++;
      else if (outcome?.to === 'error') result.failed++;
    }
    for (const [name, state] of seen) {
      if (present.has(name)) continue;
      seen.delete(name);
      await unclaim(name, state);
    }
    return result;
  }

  /** Scans run one after the other: the poll and scan() share one queue. No error escapes. */
  function scan(): Promise<ScanResult> {
    const next = chain.then(scanOnce).catch((e: unknown) => {
      log.error({ err: errorText(e) }, 'customs inbox: scan failed');
      return { done: 0, failed: 0 };
    });
    chain = next;
    return next;
  }

  function schedule(ms: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      void scan().then(() => schedule(pollMs));
    }, ms);
    timer.unref?.();
  }

  return {
    name: 'folder',
    dirs: { outbox: outboxDir, inbox: inboxDir, done: doneDir, error: errorDir },
    async deliver(message: OutboundMessage) {
      const name = dxpFileNameOf(message);
      await writeAtomically(outboxDir, name, await wrap(message));
    },
    start() {
      if (running || closed || pollMs <= 0) return;
      running = true;
      schedule(0);
    },
    scan,
    async settle() {
      await chain;
    },
    async close() {
      closed = true;
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await chain;
      // files kept for a retry: another server may take them now rather than when the claims are stale
      for (const [name, state] of seen) await unclaim(name, state);
    },
  };
}
