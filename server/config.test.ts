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
