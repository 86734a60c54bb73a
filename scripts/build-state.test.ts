import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStale, newestSource } from './build-state.ts';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-state-'));
  dirs.push(root);
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  writeFileSync(join(root, 'src', 'deep', 'a.ts'), 'a');
  writeFileSync(join(root, 'index.html'), '<html>');
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), 'built');
  return root;
}
const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

describe('build state', () => {
  it('a build newer than every source is current; a missing one is stale', () => {
    const root = tree();
    at(join(root, 'src', 'deep', 'a.ts'), 1000);
    at(join(root, 'index.html'), 1000);
    at(join(root, 'dist', 'index.html'), 2000);
    expect(isStale(root, ['src', 'index.html', 'not-there'], join(root, 'dist', 'index.html'))).toBe(false);
    expect(isStale(root, ['src'], join(root, 'dist', 'missing.html'))).toBe(true);
  });

  it('a file changed deep in a source folder, or a single source file, makes it stale', () => {
    const root = tree();
    at(join(root, 'index.html'), 1000);
    at(join(root, 'dist', 'index.html'), 2000);
    at(join(root, 'src', 'deep', 'a.ts'), 3000);
    expect(isStale(root, ['src'], join(root, 'dist', 'index.html'))).toBe(true);
    at(join(root, 'src', 'deep', 'a.ts'), 1000);
    at(join(root, 'index.html'), 3000);
    expect(isStale(root, ['src', 'index.html'], join(root, 'dist', 'index.html'))).toBe(true);
    expect(newestSource(join(root, 'src'))).toBe(1000 * 1000);
  });
});
