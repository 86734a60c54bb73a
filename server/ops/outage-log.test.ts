import { describe, expect, it } from 'vitest';
import { outageLogFilter, QUIET_MS } from './outage-log.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('outageLogFilter', () => {
  it('writes a database-unavailable warning once per message per QUIET_MS, then says how many it left out', () => {
    let now = 0;
    const filter = outageLogFilter(() => now);
    expect(filter([{ err: refused }, 'customs outbox: pass failed'], 50)).toEqual({ write: true, left: 0 });
    now += 500;
    expect(filter([{ err: refused }, 'customs outbox: pass failed'], 50).write).toBe(false);
    expect(filter([{ err: 'Connection terminated unexpectedly' }, 'customs outbox: pass failed'], 50).write).toBe(false);
    // another loop's line is its own
    expect(filter([{ err: refused }, 'bill jobs: sweep failed'], 50).write).toBe(true);
    now += QUIET_MS;
    expect(filter([{ err: refused }, 'customs outbox: pass failed'], 50)).toEqual({ write: true, left: 2 });
  });

  it('leaves every other line alone', () => {
    const filter = outageLogFilter(() => 0);
    for (let i = 0; i < 3; i++) {
      expect(filter([{ err: new Error('duplicate key') }, 'customs outbox: pass failed'], 50).write).toBe(true);
      expect(filter([{ err: refused }, 'debug line'], 20).write).toBe(true);
      expect(filter(['plain text'], 40).write).toBe(true);
    }
  });
});
