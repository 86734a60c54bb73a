/**
 * An HTTP client in its own thread, as a browser is its own process: the server's event loop then
 * carries only the server's work, and the client's request building and JSON parsing of the answer
 * run beside it. The time is taken inside the client thread, from sending the request to the last
 * byte of the answer (its JSON parsing is not counted).
 */
import { Worker } from 'node:worker_threads';

export interface RemoteClient {
  /** POSTs `{data}` to `path` once; resolves with the milliseconds the client waited for the answer. */
  time(path: string, data: unknown): Promise<number>;
  close(): Promise<void>;
}

const workerSource = `
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

export function startRemoteClient(address: string, token: string): RemoteClient {
  const worker = new Worker(workerSource, { eval: true, workerData: { address, token } });
  return {
    time: (path, data) => new Promise((resolve, reject) => {
      worker.once('message', (m: { ms?: number; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.ms!)));
      worker.postMessage({ path, body: JSON.stringify({ data }) });
    }),
    close: async () => { await worker.terminate(); },
  };
}
