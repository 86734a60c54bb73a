/**
 * The customs exchange of the server: compiles the message schemas (so buildDeclaration can run
 * synchronously), starts the outbox worker with the configured transport, registers the receipt
 * lookup route, and on close stops the worker and lets the transport finish (the simulator keeps
 * the receipts it still owes in the database and sends them after the next start).
 *
 * app.customs.wake()   after committing a declaration: deliver now instead of at the next poll
 * app.customs.drain()  tests: deliver everything due and wait for the receipts
 * app.customs.ingestReceiptXml(xml)  the receipt pipeline, for transports that receive files
 *
 * CUSTOMS_TRANSPORT=folder exchanges files with the Single Window client instead of simulating:
 * declarations go to CUSTOMS_OUTBOX_DIR, receipts are read from CUSTOMS_INBOX_DIR (polled once the
 * server is ready).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RETRY, type RetryPolicy } from '../customs/delivery-failure.ts';
import customsRoutes from '../customs/routes.ts';
import { ingestCustomsFile, ingestReceiptXml, type IngestOptions, type IngestResult } from '../customs/receipts/ingest.ts';
import { initCustomsSchemas } from '../customs/schemas.ts';
import { createSimulatorTransport } from '../customs/simulator/index.ts';
import { envelopeOf } from '../customs/transport/envelope.ts';
import { createFolderTransport, type FolderTransport } from '../customs/transport/folder.ts';
import { createInboxClaims } from '../customs/transport/inbox-claims.ts';
import type { OutboundMessage, Transport } from '../customs/transport/types.ts';
import { createSoftwareSigner, holdUnsigned, signDeclaration } from '../customs/sign/index.ts';
import { createOutboxWorker, type OutboxWorker } from '../customs/worker.ts';

export interface CustomsService {
  wake(): void;
  drain(): Promise<void>;
  ingestReceiptXml(xml: string | Uint8Array, options?: IngestOptions): Promise<IngestResult>;
  readonly worker: OutboxWorker;
  readonly transport: Transport;
}

declare module 'fastify' {
  interface FastifyInstance {
    customs: CustomsService;
  }
}

export default fp(async function customsPlugin(app: FastifyInstance) {
  // Loading the wasm module and compiling the schemas takes 0.5–1 s: it runs after start-up, and the
  // first declaration awaits it (server/bills/declare.ts), so the console answers at once.
  setImmediate(() => { initCustomsSchemas().catch((err) => app.log.error({ err }, 'customs schemas failed to compile')); });
  const { config, db } = app;
  const log = app.log.child({ module: 'customs' });
  // a transfer receipt (DxpRep) reporting a failed delivery is retried as the worker retries one
  const retry: RetryPolicy = { ...DEFAULT_RETRY, maxAttempts: config.customsMaxAttempts, retryBaseMs: config.customsRetryBaseMs };
  const ingest = (xml: string | Uint8Array, options: IngestOptions = {}) => ingestReceiptXml(db, xml, { retry, ...options });

  const folder: FolderTransport | undefined = config.customsTransport === 'folder'
    ? createFolderTransport({
      outboxDir: config.customsOutboxDir,
      inboxDir: config.customsInboxDir,
      doneDir: config.customsDoneDir,
      errorDir: config.customsErrorDir,
      // never throws: an unusable file answers {ok: false, retry: false}, a storage failure retry: true
      sink: (xml, meta) => ingestCustomsFile(db, xml, { retry, ...meta }),
      log,
      wrap: envelopeOf,
      pollMs: config.customsInboxPollMs,
      settleMs: config.customsInboxSettleMs,
      // several app servers may watch the same inbox: each file is read by the one that claims it
      claims: createInboxClaims(db, { soleOwner: config.databaseUrl === undefined }),
    })
    : undefined;
  const transport: Transport = folder ?? createSimulatorTransport({
    db, log,
    sink: (xml, meta) => ingest(xml, meta),
    delayMs: config.simulatorDelayMs,
    rejectRate: config.simulatorRejectRate,
  });
  // SIGN_MODE=software: the installation's key signs in the worker; external: messages wait as sign
  // records for the UKey client (server/customs/sign/records.ts) and reach the worker signed.
  // SIGN_ALGORITHM: the software key's algorithm; in external mode the data a sign record offers first.
  const signer = config.signMode === 'software' ? createSoftwareSigner(config.dataDir, config.signAlgorithm) : undefined;
  const worker = createOutboxWorker({
    db, transport, log,
    ...(signer
      ? { sign: (m: OutboundMessage) => signDeclaration(signer, m) }
      : { holdForSignature: (trx: Parameters<typeof holdUnsigned>[0], m: OutboundMessage) => holdUnsigned(trx, m, config.signAlgorithm) }),
    pollMs: config.customsPollMs,
    concurrency: config.customsOutboxConcurrency,
    // the embedded database is one process's: what it left 'sending' when it died is due at start
    soleOwner: config.databaseUrl === undefined,
    maxAttempts: config.customsMaxAttempts,
    retryBaseMs: config.customsRetryBaseMs,
  });

  app.decorate('customs', {
    wake: () => worker.wake(),
    drain: () => worker.drain(),
    ingestReceiptXml: ingest,
    worker,
    transport,
  } satisfies CustomsService);

  await app.register(customsRoutes);

  app.addHook('onReady', async () => {
    worker.start();
    transport.start?.();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
    await transport.close?.();
  });
}, { name: 'customs', dependencies: ['db', 'auth'] });
