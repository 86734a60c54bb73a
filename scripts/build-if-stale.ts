/**
 * The first half of `npm start`: builds what is stale (the console in dist/, the server bundle),
 * nothing when both are current. A fresh clone builds both on its first start; a restart with
 * nothing changed goes straight on to `node build/server/server.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildServer } from './build-server.ts';
import { repoRoot, staleBuilds } from './build-state.ts';

const stale = staleBuilds();
if (stale.web) {
  console.log('building the console (dist/) …');
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
  execFileSync(process.execPath, ['--import', 'tsx', join('scripts', 'compress-dist.ts'), 'dist'], { cwd: repoRoot, stdio: 'inherit' });
}
if (stale.server) {
  const ms = await buildServer();
  console.log(`server bundle: build/server/server.mjs in ${Math.round(ms)} ms`);
}
