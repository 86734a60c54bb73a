import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('SIGN_ALGORITHM', () => {
  it('is sm2 unless set to rsa, and refuses anything else with a clear message', () => {
    expect(loadConfig({}).signAlgorithm).toBe('sm2');
    expect(loadConfig({ SIGN_ALGORITHM: '' }).signAlgorithm).toBe('sm2');
    expect(loadConfig({ SIGN_ALGORITHM: 'rsa' }).signAlgorithm).toBe('rsa');
    expect(() => loadConfig({ SIGN_ALGORITHM: 'SM2' })).toThrow('SIGN_ALGORITHM 无效: SM2（可选 sm2, rsa）');
  });
});

describe('EXPORT_MAX_ROWS', () => {
  it('is a million rows by default, within one Excel sheet', () => {
    expect(loadConfig({}).exportMaxRows).toBe(1_000_000);
    expect(loadConfig({ EXPORT_MAX_ROWS: '5000' }).exportMaxRows).toBe(5000);
    expect(() => loadConfig({ EXPORT_MAX_ROWS: '1048576' })).toThrow(/EXPORT_MAX_ROWS/);
  });
});

describe('production (issue 20: the operator console carries the loop)', () => {
  it('runs no sandbox timers and needs no REVIEW_TOKEN; a timer asked for is refused', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production).toMatchObject({ filingAutoApproveMs: 0, sandboxAdvanceMs: 0, reviewToken: undefined });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ filingAutoApproveMs: 10_000, sandboxAdvanceMs: 10_000 });
    expect(() => loadConfig({ NODE_ENV: 'production', FILING_AUTO_APPROVE_MS: '1000' })).toThrow(/FILING_AUTO_APPROVE_MS/);
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_ADVANCE_MS: '1000' })).toThrow(/SANDBOX_ADVANCE_MS/);
  });
});
