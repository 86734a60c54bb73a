// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramFiles } from './diagrams-content.ts';

const dir = join(import.meta.dirname, '..', 'diagrams');

describe('diagrams/', () => {
  it('is exactly what the registered machines produce (run `npm run diagrams`)', () => {
    const expected = diagramFiles();
    const actual = existsSync(dir) ? readdirSync(dir).sort() : [];
    expect(actual).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) {
      expect(readFileSync(join(dir, name), 'utf8'), `diagrams/${name} is stale: run npm run diagrams`).toBe(content);
    }
  });
});
