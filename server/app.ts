import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { EnvelopeCode } from '../domain/envelope.ts';
import { serverText } from '../domain/texts/server.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Listen } from './db/listener.ts';
import { AccessLog } from './http/access-log.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installRouteTable } from './http/route.ts';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.ts';
import { installAllowedMethods } from './http/allowed-methods.ts';
import { lazyValidatorFactory } from './http/lazy-validation.ts';
import { installDrain } from './ops/drain.ts';
import { ServerState } from './ops/server-state.ts';
import { installMetrics, type PoolStats } from './ops/metrics.ts';
import { watchedListen } from './ops/listen-health.ts';
import healthRoutes from './ops/health.ts';
import { quietOutageLogs } from './ops/outage-log.ts';
import authPlugin from './plugins/auth.ts';
import customsPlugin from './plugins/customs.ts';
import dbPlugin from './plugins/db.ts';
import billRoutes from './bills/index.ts';
import fileRoutes from './files/index.ts';
import signRoutes from './customs/sign/routes.ts';
import authRoutes from './routes/auth.ts';
import sharedRoutes from './routes/shared.ts';
import filingSandbox from './company/sandbox.ts';
import companyRoutes from './routes/company.ts';
import registrationRoutes from './routes/registration.ts';
import accountRoutes from './routes/accounts.ts';
import apiKeyRoutes from './routes/api-keys.ts';
import reviewRoutes from './routes/review.ts';
import reviewEnterpriseRoutes from './routes/review-enterprise.ts';
import reviewFilingRoutes from './routes/review-filing.ts';
import settlementSandbox from './settlement/sandbox.ts';
import settlementRoutes from './routes/settlement.ts';
import verificationRoutes from './routes/verification.ts';
import authorizationRoutes from './routes/authorization.ts';
import rewardRoutes from './routes/rewards.ts';
import statisticsRoutes from './routes/statistics.ts';
import settlementReviewRoutes from './routes/settlement-review.ts';
import contentRoutes from './routes/content.ts';
import ticketRoutes from './routes/tickets.ts';
import ticketDeskRoutes from './routes/ticket-desk.ts';
import contentDeskRoutes from './routes/content-desk.ts';
import settingsRoutes from './routes/settings.ts';
import upgradeRoutes from './routes/upgrade.ts';
import archiveRoutes from './archive/routes.ts';
import eventsPlugin from './events/routes.ts';
import operationLogRoutes from './oplog/routes.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Clock for tokens; tests move it to expire a token server-side. */
  now?: () => number;
  /** The database's LISTEN (DatabaseHandle.listen): how a revocation made by another app server reaches this one. */
  listen?: Listen;
  logger?: FastifyServerOptions['logger'];
  /** This server's health (draining, database reachable); start() hands in the one its signals and pool share. */
  state?: ServerState;
  /** The PostgreSQL pool's numbers for /metrics (DatabaseHandle.poolStats). */
  poolStats?: () => PoolStats;
  /** Closes the database when the app closes, after every other close hook (the outbox worker, LISTEN …). */
  closeDatabase?: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's health as /readyz reports it (server/ops/server-state.ts). */
    serverState: ServerState;
  }
}

/** The Content-Security-Policy the console itself satisfies (Mantine and Mermaid set inline styles). */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers["x-authorization"]', 'req.headers["x-refresh-token"]', 'req.headers.cookie', 'res.headers.token'],
    serializers: {
      // Query strings are dropped: the login carries its (encrypted) password there.
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
    },
  };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const state = options.state ?? new ServerState();
  // every LISTEN the app makes reports whether it hears (/readyz)
  const listen = options.listen ? watchedListen(options.listen, state) : undefined;
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  const app = Fastify({
    // what Node's parser and the router answer on their own is the envelope too (issue 29)
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors: frameworkErrorHandler(headers),
    logger: quietOutageLogs(options.logger ?? loggerOptions(config)),
    logController: new AccessLog(),
    bodyLimit: config.bodyLimit,
    trustProxy: process.env.TRUST_PROXY === '1',
    ajv: { customOptions: { allErrors: true, coerceTypes: true, removeAdditional: false } },
    schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() as never } },
    routerOptions: { ignoreTrailingSlash: true },
    // a request during the close gets the drain's 503 envelope (server/ops/drain.ts), not Fastify's own body
    return503OnClosing: false,
  });
  // close hooks run last-registered first: registered before any other, the database closes last
  const { closeDatabase } = options;
  if (closeDatabase) app.addHook('onClose', async () => { await closeDatabase(); });

  app.decorate('serverState', state);
  installErrorHandling(app);
  await app.register(dbPlugin, { db: options.db, config, ...(listen ? { listen } : {}) });
  installMetrics(app, { token: config.metricsToken, poolStats: options.poolStats });
  installSecurityHeaders(app, headers);
  installDrain(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'cbec-console API 跨境电商通关企业端', version: '1.0.0', description: '所有接口以 POST {data} 调用，返回 {code, message, data}。' },
      components: {
        securitySchemes: {
          bearer: { type: 'apiKey', in: 'header', name: 'X-Authorization', description: 'Bearer <token>' },
          // issue 17: a route whose security lists apiKey may be called by a machine client (docs/integration.md)
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: '接口密钥 (企业管理 / 接口密钥)；在密钥的权限范围内调用' },
          // issue 20: an operator route ('operator' access) takes a PLATFORM login's bearer or this shared secret
          reviewToken: { type: 'apiKey', in: 'header', name: 'X-Review-Token', description: '审核接口凭证 (REVIEW_TOKEN)，供脚本调用审核接口' },
        },
      },
    },
  });
  // before any plugin that registers routes (the customs plugin's /api/receipter/*): the table and
  // the permission sweep over it must see every route (issue 29)
  installRouteTable(app);
  const allowedMethods = installAllowedMethods(app);
  await app.register(authPlugin, { ...(options.now ? { now: options.now } : {}), ...(listen ? { listen } : {}) });
  await app.register(customsPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(sharedRoutes);
  await app.register(billRoutes);
  await app.register(fileRoutes);
  await app.register(signRoutes);
  await app.register(filingSandbox);
  await app.register(companyRoutes);
  await app.register(registrationRoutes);
  await app.register(accountRoutes);
  await app.register(apiKeyRoutes);
  await app.register(reviewRoutes);
  await app.register(reviewEnterpriseRoutes);
  await app.register(reviewFilingRoutes);
  await app.register(settlementSandbox);
  await app.register(settlementRoutes);
  await app.register(verificationRoutes);
  await app.register(authorizationRoutes);
  await app.register(rewardRoutes);
  await app.register(statisticsRoutes);
  await app.register(settlementReviewRoutes);
  await app.register(contentRoutes);
  await app.register(ticketRoutes);
  await app.register(ticketDeskRoutes);
  await app.register(contentDeskRoutes);
  await app.register(settingsRoutes);
  await app.register(upgradeRoutes);
  await app.register(archiveRoutes);
  await app.register(operationLogRoutes);
  await app.register(eventsPlugin, listen ? { listen } : {});

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const indexHtml = join(config.webDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      // One wildcard route, not a route per file: startup does not walk dist/ (hundreds of lazy chunks).
      // A missing file falls through to the not-found handler below (the SPA fallback).
      wildcard: true,
      index: false,
      preCompressed: true,
      // Built assets carry a content hash in their names, so browsers may keep them for good.
      setHeaders: (reply, path) => {
        if (path.startsWith(join(config.webDir, 'assets'))) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // '/' is the console too (the wildcard static route would answer the folder itself: 403).
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/')) {
      const allow = allowedMethods(path);
      if (allow.length > 0) {
        return reply.status(405).header('allow', allow.join(', '))
          .send({ code: EnvelopeCode.error, message: serverText.methodNotAllowed(allow.join('、')), data: null });
      }
      return reply.status(404).send({ code: EnvelopeCode.error, message: `${serverText.notFound} ${path}`, data: null });
    }
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path)) {
      // The console's history routes (/home, /bill/export/order …) all load the one page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send(serverText.notFound);
  });

  return app;
}
