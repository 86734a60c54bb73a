/**
 * The server as one ES module for `npm start` (build/server/server.mjs): our TypeScript bundled by
 * esbuild, packages left to node_modules. Loading ~400 source files through tsx's loader thread
 * took about 2 s of every start; the bundle loads in a fraction of that. The XSDs the customs
 * schemas read at run time are copied beside it (schemas.ts finds them next to its module).
 * Worker threads' scripts are entry points of their own beside it (server/files/workbook-worker.ts
 * → workbook-worker.mjs, server/bills/export-worker.ts → export-worker.mjs, which worker-pool.ts's
 * workerScript looks for next to the bundle).
 * `npm run dev` and the unit/api tests keep running the sources through tsx; the e2e harness runs
 * the bundle (rebuilt first when a source is newer), so CI starts the server the way users do.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { isStale, repoRoot, serverBuildMarker, SERVER_SOURCES } from './build-state.ts';

const root = repoRoot;
export const serverBundle = serverBuildMarker(root);

export async function buildServer(): Promise<number> {
  const out = join(root, 'build', 'server');
  const t0 = performance.now();
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: join(root, 'server', 'server.ts'),
      'workbook-worker': join(root, 'server', 'files', 'workbook-worker.ts'),
      'export-worker': join(root, 'server', 'bills', 'export-worker.ts'),
    },
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

/** Builds the bundle when it is missing or older than any source it is made of. */
export async function buildServerIfStale(): Promise<void> {
  if (isStale(root, SERVER_SOURCES, serverBundle)) await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`server bundle: build/server/server.mjs in ${Math.round(ms)} ms`);
}
