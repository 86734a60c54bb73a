import { describe, expect, it } from 'vitest';
import { rejectionOf } from './rejection.ts';

const history = [
  { state: 3, opinion: '营业执照扫描件不清晰', operationTime: '2026-11-26 10:00:00' },
  { state: 5, opinion: null, operationTime: '2026-11-26 09:00:00' },
  { state: 3, opinion: '法定代表人证件号码有误', operationTime: '2026-11-25 10:00:00' },
];

describe('rejectionOf', () => {
  it('is the latest 退回 while the filing is sent back', () => {
    expect(rejectionOf(3, history)?.opinion).toBe('营业执照扫描件不清晰');
  });
  it('is nothing once declared again or approved', () => {
    expect(rejectionOf(5, history)).toBeNull();
    expect(rejectionOf(2, history)).toBeNull();
  });
});
