import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-unavailable.ts';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows the ways node-postgres reports a database that went away or is not there', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08000', '08003', '08006']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(true);
    // as the background loops log it: the error's text
    expect(isDatabaseUnavailable('terminating connection due to administrator command')).toBe(true);
    expect(isDatabaseUnavailable('connect ECONNREFUSED 127.0.0.1:5432')).toBe(true);
  });

  it('leaves the request\'s and the code\'s own errors alone', () => {
    for (const error of [coded('23505', 'duplicate key'), coded('22P02'), coded('42P01', 'relation does not exist'), new TypeError('x is undefined'), 'bill 7 not found', null, undefined, 42]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe('isDatabaseError (the process-level guard)', async () => {
  const { isDatabaseError } = await import('../ops/db-error-guard.ts');
  it('takes the database\'s own errors and an unreachable database, nothing else', () => {
    expect(isDatabaseError(Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }))).toBe(true);
    expect(isDatabaseError(coded('57P01'))).toBe(true);
    expect(isDatabaseError(coded('ERR_INVALID_ARG_TYPE'))).toBe(false);
    expect(isDatabaseError(coded('ABCDE'))).toBe(false); // a code without the database's severity
    expect(isDatabaseError(new TypeError('x is undefined'))).toBe(false);
  });
});
