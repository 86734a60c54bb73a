import type { FastifyError, FastifyInstance } from 'fastify';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { serverText } from '../../domain/texts/server.ts';
import { BizError, HttpError } from './errors.ts';
import { toFieldErrors } from './validation.ts';
import { databaseRefusal } from './db-errors.ts';
import { isDatabaseUnavailable } from './db-unavailable.ts';
import { operationsText } from '../../domain/texts/operations.ts';
import { storageRefusal } from './storage-errors.ts';

/** Fastify's own errors on a request's shape, translated for users (never a stack trace). */
const frameworkErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: serverText.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: serverText.missingData },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: serverText.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: serverText.badContentType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: serverText.badJson },
};

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | BizError, request, reply) => {
    if (error instanceof BizError) {
      if (error instanceof HttpError) for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.status(error.httpStatus).send({ code: error.code, message: error.message, data: error.data });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const schema = (request.routeOptions.schema as { body?: unknown } | undefined)?.body;
      const errors = toFieldErrors(fe.validation as never, fe.validationContext === 'body' ? schema : undefined);
      const missingData = fe.validationContext === 'body' && errors.some((e) => e.field === 'data' && /不能为空/.test(e.message));
      const message = missingData ? serverText.missingData : errors.map((e) => e.message).join('；') || serverText.invalidInput;
      return reply.status(400).send({ code: EnvelopeCode.error, message, data: { errors } });
    }
    const known = fe.code ? frameworkErrors[fe.code] : undefined;
    if (known) return reply.status(known.status).send({ code: EnvelopeCode.error, message: known.message, data: null });
    if (isDatabaseUnavailable(error)) {
      // the database is away (a restart, a failover): not this call's fault nor the code's; the
      // caller may repeat it, and /readyz says not-ready until the database answers again
      app.serverState.databaseFailed();
      request.log.warn({ err: error, route: request.routeOptions.url }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({ code: EnvelopeCode.error, message: operationsText.databaseUnavailable, data: null });
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      // the checks before the handler missed a value the database refused: a clear answer, and a
      // log line naming the route, so the check can be added where it belongs
      request.log.warn({ err: error, route: request.routeOptions.url, sqlState: refusal.sqlState }, 'database refused a request value');
      return reply.status(400).send({ code: EnvelopeCode.error, message: refusal.message, data: null });
    }
    const disk = storageRefusal(error);
    if (disk) return (request.log.error({ err: error, route: request.routeOptions.url }, 'storage refused a write'), reply.status(disk.status).send({ code: EnvelopeCode.error, message: disk.message, data: null }));
    if (error instanceof SyntaxError) return reply.status(400).send({ code: EnvelopeCode.error, message: serverText.badJson, data: null });
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    else request.log.warn({ err: error }, 'request refused');
    const message = status === 429 ? serverText.tooManyRequests : status === 500 ? serverText.internal : serverText.invalidInput;
    return reply.status(status).send({ code: EnvelopeCode.error, message, data: null });
  });
}
