/**
 * An HTTP client in its own thread, as a browser is its own process: the server's event loop then
 * carries only the server's work, and the client's request building and JSON parsing of the answer
 * run beside it. The time is taken inside the client thread, from sending the request to the last
 * byte of the answer (its JSON parsing is not counted).
 *
 * Two kinds. 'wire' writes a prepared HTTP/1.1 request on one keep-alive socket and frames the
 * answer by its content-length: the least a client can do, so what is measured is the server's.
 * 'node-http' is node:http's client (ClientRequest, an Agent), which costs this machine a few tenths
 * of a millisecond a call on its own; the benchmarks show it beside the other for reference.
 */
import { Worker } from 'node:worker_threads';

export type ClientKind = 'wire' | 'node-http';

export interface RemoteClient {
  /** POSTs `{data}` to `path` once; resolves with the milliseconds the client waited for the answer. */
  time(path: string, data: unknown): Promise<number>;
  close(): Promise<void>;
}

const nodeHttpSource = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const base = new URL(workerData.address);
parentPort.on('message', ({ path, body }) => {
  const t0 = performance.now();
  const req = http.request({ host: base.hostname, port: base.port, path, method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'x-authorization': 'Bearer ' + workerData.token } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      // the answer is complete here; reading it is the client's work, not the server's
      const ms = performance.now() - t0;
      const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      parentPort.postMessage(answer.code === 0 ? { ms } : { error: path + ': ' + answer.message });
    });
  });
  req.on('error', (e) => parentPort.postMessage({ error: String(e) }));
  req.end(body);
});`;

// One request at a time on one socket: an answer is complete once its head and content-length bytes are in.
const wireSource = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const base = new URL(workerData.address);
const socket = net.connect({ host: base.hostname, port: Number(base.port) });
socket.setNoDelay(true);
socket.on('error', (e) => parentPort.postMessage({ error: String(e) }));
let pending = null;
socket.on('data', (chunk) => {
  const p = pending;
  if (!p) return;
  p.chunks.push(chunk);
  p.size += chunk.length;
  if (p.bodyAt < 0) {
    const all = Buffer.concat(p.chunks);
    p.chunks = [all];
    const end = all.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const head = all.toString('latin1', 0, end);
    const length = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
    if (!length) { pending = null; parentPort.postMessage({ error: 'an answer without content-length: ' + head.slice(0, 200) }); return; }
    p.bodyAt = end + 4;
    p.length = Number(length[1]);
  }
  if (p.size < p.bodyAt + p.length) return;
  const ms = performance.now() - p.t0;
  pending = null;
  const answer = JSON.parse(Buffer.concat(p.chunks).toString('utf8', p.bodyAt, p.bodyAt + p.length));
  parentPort.postMessage(answer.code === 0 ? { ms } : { error: p.path + ': ' + answer.message });
});
parentPort.on('message', ({ path, body }) => {
  const head = 'POST ' + path + ' HTTP/1.1\\r\\nHost: ' + base.host + '\\r\\nContent-Type: application/json\\r\\n' +
    'X-Authorization: Bearer ' + workerData.token + '\\r\\nContent-Length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n';
  pending = { path, t0: performance.now(), chunks: [], size: 0, bodyAt: -1, length: 0 };
  socket.write(head + body);
});`;

export function startRemoteClient(address: string, token: string, kind: ClientKind = 'wire'): RemoteClient {
  const worker = new Worker(kind === 'wire' ? wireSource : nodeHttpSource, { eval: true, workerData: { address, token } });
  return {
    time: (path, data) => new Promise((resolve, reject) => {
      worker.once('message', (m: { ms?: number; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.ms!)));
      worker.postMessage({ path, body: JSON.stringify({ data }) });
    }),
    close: async () => { await worker.terminate(); },
  };
}
