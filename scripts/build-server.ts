/**
 * The server as one ES module for `npm start` (build/server/server.mjs): our TypeScript bundled by
 * esbuild, packages left to node_modules. Loading ~400 source files through tsx's loader thread
 * took about 2 s of every start; the bundle loads in a fraction of that. The XSDs the customs
 * schemas read at run time are copied beside it (schemas.ts finds them next to its module).
 * Worker threads' scripts are entry points of their own beside it (server/files/workbook-worker.ts
 * → workbook-worker.mjs, which worker-pool.ts's workerScript looks for next to the bundle).
 * `npm run dev` and the unit/api tests keep running the sources through tsx; the e2e harness runs
 * the bundle (rebuilt first when a source is newer), so CI starts the server the way users do.
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
export const serverBundle = join(root, 'build', 'server', 'server.mjs');
const SOURCES = ['server', 'domain', 'machines'];

export async function buildServer(): Promise<number> {
  const out = join(root, 'build', 'server');
  const t0 = performance.now();
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: { server: join(root, 'server', 'server.ts'), 'workbook-worker': join(root, 'server', 'files', 'workbook-worker.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(join(root, 'server', 'customs', 'xsd'), join(out, 'xsd'), { recursive: true });
  return performance.now() - t0;
}

export function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the bundle when it is missing or older than any source it is made of. */
export async function buildServerIfStale(): Promise<void> {
  const built = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
  if (SOURCES.some((dir) => newestSource(join(root, dir)) > built)) await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`server bundle: build/server/server.mjs in ${Math.round(ms)} ms`);
}
