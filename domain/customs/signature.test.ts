import { describe, expect, it } from 'vitest';
import { signatureLines } from './signature.ts';

describe('signatureLines (查看报文)', () => {
  it('names the algorithm and the verdict', () => {
    expect(signatureLines({ signed: true, algorithm: 'sm2', ok: true })).toEqual({ algorithm: 'SM2/SM3（国密）', verdict: '验签通过' });
    expect(signatureLines({ signed: true, algorithm: 'rsa', ok: false, reason: '签名值验证失败：签名与证书不符' }))
      .toEqual({ algorithm: 'RSA-SHA1', verdict: '验签失败：签名值验证失败：签名与证书不符' });
    expect(signatureLines({ signed: true, ok: false })).toEqual({ algorithm: '不支持的签名算法（空）', verdict: '验签失败' });
  });

  it('shows a SignatureMethod that is neither algorithm as written, and nothing for an unsigned message', () => {
    expect(signatureLines({ signed: true, signatureMethod: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', ok: false, reason: 'x' })!.algorithm)
      .toBe('不支持的签名算法（http://www.w3.org/2001/04/xmldsig-more#rsa-sha256）');
    expect(signatureLines({ signed: false, ok: false })).toBeUndefined();
  });
});
