import { describe, expect, it } from 'vitest';
import { billKeys } from './bill-keys.ts';
import { billDefinitions } from './index.ts';

describe('the bill keys of each mode', () => {
  it('are exactly the registry’s', () => {
    for (const mode of ['export', 'import'] as const) {
      expect([...billKeys[mode]].sort()).toEqual(billDefinitions.filter((d) => d.mode === mode).map((d) => d.key).sort());
    }
  });
});
