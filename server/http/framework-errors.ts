/**
 * Answers given before any route runs (issue 29): Node's HTTP parser on a broken request (framing,
 * headers or a query string past the limit, a timeout) and Fastify's router on a path it cannot
 * decode. Both bypass the error handler and the onRequest hooks, so each writes the Chinese
 * envelope and the /api security headers itself — no English, no bare answer.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { SecurityHeaders } from './security-headers.ts';

const envelope = (message: string) => JSON.stringify({ code: EnvelopeCode.error, message, data: null });

/** Node's clientError: what the socket sent is no request (its error code says why). */
function clientErrorOf(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: serverText.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: serverText.headersTooLarge };
  return { status: 400, message: serverText.badRequest };
}

/** Fastify's clientErrorHandler: the envelope written on the socket, then the socket closed (as Node does). */
export function clientErrorHandler(headers: SecurityHeaders) {
  const fixed = Object.entries({ ...headers.api, 'content-type': 'application/json; charset=utf-8', connection: 'close' })
    .map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // a reset or a socket already gone: nobody is left to answer
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorOf(error.code);
    const body = envelope(message);
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${fixed}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** Fastify's frameworkErrors: the router refused the path before any hook ran. */
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const answer = error.code === 'FST_ERR_BAD_URL' ? { status: 400, message: serverText.badUrl }
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? { status: 414, message: serverText.urlTooLong }
      : { status: 500, message: serverText.internal };
    if (answer.status === 500) request.log.error({ err: error }, 'router error');
    void reply.headers(request.url.startsWith('/api/') ? headers.api : headers.page)
      .status(answer.status).type('application/json; charset=utf-8').send(envelope(answer.message));
  };
}
