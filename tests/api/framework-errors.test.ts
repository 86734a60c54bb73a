/**
 * Issue 29 item 7: what the framework and Node answer before a route runs — a bad percent-encoding,
 * an unknown path or method, an oversized body, a query string past the header limit, broken HTTP
 * framing — is the Chinese envelope {code, message, data} with the security headers, like every
 * other answer. Sent over a real socket: Node's parser answers some of them before Fastify sees a
 * request. (The answers during shutdown are engineer "shutdown"'s, server/ops.)
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { serverText } from '../../domain/texts/server.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  port = Number(new URL(t.url).port);
}, 120_000);
afterAll(() => t?.close());

interface Raw { status: number; headers: Record<string, string>; body: string }

/** Writes bytes as they are (no client library tidies them) and reads the one answer. */
function rawRequest(bytes: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => { socket.destroy(); reject(new Error('no answer in 5 s')); }, 5_000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) { const i = l.indexOf(':'); if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim(); }
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(bytes);
    // ask the server to close after its answer, so 'close' marks the end of it
  });
}

const request = (method: string, path: string, extra = '', body = '') =>
  rawRequest(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}${body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body}`);

function expectEnvelope(r: Raw, status: number, message?: string) {
  expect(r.status, r.body).toBe(status);
  const body = JSON.parse(r.body) as { code: number; message: string; data: unknown };
  expect(body.code).toBe(EnvelopeCode.error);
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  if (message) expect(body.message).toContain(message);
  expect(body).toHaveProperty('data', null);
  expect(r.headers['x-content-type-options'], 'security headers').toBe('nosniff');
  expect(r.headers['content-security-policy']).toBeDefined();
  expect(r.headers['content-type']).toMatch(/application\/json/);
}

describe('framework-level errors are the Chinese envelope with the security headers', () => {
  it('a path with bad percent-encoding', async () => {
    expectEnvelope(await request('POST', '/api/enterprise/invt/order/%ff%fe', '', '{"data":{}}'), 400, serverText.badUrl);
  });

  it('an unknown /api path and a wrong method', async () => {
    expectEnvelope(await request('POST', '/api/no/such/route', '', '{"data":{}}'), 404, serverText.notFound);
    expectEnvelope(await request('GET', '/api/enterprise/user/pageList'), 405, serverText.methodNotAllowed('POST'));
    expect((await request('GET', '/api/enterprise/user/pageList')).headers.allow).toBe('POST');
  });

  it('a body past the limit and a body that is not JSON', async () => {
    expectEnvelope(await request('POST', '/api/auth/public_key', '', `{"data":"${'x'.repeat(t.config.bodyLimit + 10)}"}`), 413, serverText.bodyTooLarge);
    expectEnvelope(await request('POST', '/api/auth/public_key', '', '{"data":'), 400, serverText.badJson);
  });

  it('a query string past the header limit (Node answers it before Fastify)', async () => {
    expectEnvelope(await request('GET', `/api/enterprise/user/pageList?q=${'a'.repeat(20_000)}`), 431, serverText.headersTooLarge);
  });

  it('broken framing', async () => {
    expectEnvelope(await rawRequest('POST /api/auth/public_key HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello'), 400, serverText.badRequest);
    expectEnvelope(await rawRequest('this is not http\r\n\r\n'), 400, serverText.badRequest);
  });
});
