import { describe, expect, it } from 'vitest';
import { authEventOf } from './live-auth.ts';

describe('authEventOf', () => {
  it('turns grants changes, filing decisions and resyncs into auth machine events; nothing else', () => {
    expect(authEventOf({ type: 'grants', userId: 3 })).toEqual({ type: 'live.grantsChanged' });
    expect(authEventOf({ type: 'filing', approveState: 2 })).toEqual({ type: 'live.filingDecided' });
    expect(authEventOf({ type: 'filing', approveState: 3 })).toEqual({ type: 'live.filingDecided' });
    expect(authEventOf({ type: 'filing', approveState: 5 })).toBeUndefined();
    expect(authEventOf({ type: 'resync' })).toEqual({ type: 'live.resync' });
    expect(authEventOf({ type: 'notice', id: 1 })).toBeUndefined();
    expect(authEventOf({ type: 'counts', mode: 'export', key: 'order' })).toBeUndefined();
  });
});
