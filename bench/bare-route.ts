/**
 * The floor under an API call: a bare node:http server on loopback that, for any request, replays
 * the given SQL and writes the given answer — no framework, no auth, no query building, no JSON.
 * What a real route costs beyond it is the app's own share.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompiledQuery } from 'kysely';

export interface BareAnswer {
  queries: CompiledQuery[];
  /** the answer's JSON text, written as it is */
  text: string;
}

export interface BareRoute {
  /** http://127.0.0.1:port */
  address: string;
  close(): Promise<void>;
}

export async function startBareRoute(replay: (queries: CompiledQuery[]) => Promise<void>, answer: () => BareAnswer): Promise<BareRoute> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { queries, text } = answer();
      void replay(queries).then(() => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
