/**
 * Whether the built console (dist/) and the server bundle (build/server/server.mjs) are older than
 * what they are made of. `npm start` builds only what is stale, so a restart with nothing changed
 * answers in about a second instead of rebuilding for fifteen; the e2e harness asks the same question.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');

/** What the console's build reads (vite's entry, the shared code, its config and the package set). */
export const WEB_SOURCES = ['src', 'domain', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json'];
/** What the server bundle is made of. */
export const SERVER_SOURCES = ['server', 'domain', 'machines', 'package.json', 'scripts/build-server.ts'];

export const webBuildMarker = (root: string) => join(root, 'dist', 'index.html');
export const serverBuildMarker = (root: string) => join(root, 'build', 'server', 'server.mjs');

/** The newest modification time of a file, or of any file below a folder (0 when it does not exist). */
export function newestSource(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestSource(join(path, entry)));
  return newest;
}

/** True when the build marker is missing or older than any of the sources. */
export function isStale(root: string, sources: string[], marker: string): boolean {
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return sources.some((source) => newestSource(join(root, source)) > built);
}

export function staleBuilds(root = repoRoot): { web: boolean; server: boolean } {
  return {
    web: isStale(root, WEB_SOURCES, webBuildMarker(root)),
    server: isStale(root, SERVER_SOURCES, serverBuildMarker(root)),
  };
}
