/**
 * The two signature algorithms of the 202205 spec (ceb-messages §8), each as the URIs its
 * SignedInfo names, its digest of the canonical message and its check of a SignatureValue over the
 * canonical SignedInfo (UTF-8):
 *
 *   sm2  SignatureMethod …/2022/04/xmldsig#sm2-sm3, DigestMethod …/2022/04/xmldsig#sm3; SM2 with
 *        SM3 and the user ID 1234567812345678 (sm2.ts); SignatureValue = base64 of r ‖ s (64 bytes;
 *        a DER-encoded value is accepted too, as some signing clients write one)
 *   rsa  rsa-sha1 and sha1 (RSASSA-PKCS1-v1_5), the W3C URIs
 */
import { createHash, verify as rsaVerify } from 'node:crypto';
import type { Certificate } from './certificate.ts';
import { sm2Verify } from './sm2.ts';
import type { SignAlgorithm } from './types.ts';

export const RSA_SHA1_URI = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
export const SHA1_URI = 'http://www.w3.org/2000/09/xmldsig#sha1';
export const SM2_SM3_URI = 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm2-sm3';
export const SM3_URI = 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm3';

export interface AlgorithmSpec {
  id: SignAlgorithm;
  signatureMethod: string;
  digestMethod: string;
  /** base64 digest of the canonical document (UTF-8) */
  digest(canonical: string): string;
  /** whether `signature` is this algorithm's signature of `data` (UTF-8) by the certificate's key */
  verify(data: string, signature: Buffer, certificate: Certificate): boolean;
}

export const ALGORITHMS: Record<SignAlgorithm, AlgorithmSpec> = {
  sm2: {
    id: 'sm2',
    signatureMethod: SM2_SM3_URI,
    digestMethod: SM3_URI,
    digest: (canonical) => createHash('sm3').update(canonical, 'utf8').digest('base64'),
    verify: (data, signature, certificate) => {
      if (certificate.sm2PublicKey === undefined) return false;
      try {
        return sm2Verify(Buffer.from(data, 'utf8'), signature, certificate.sm2PublicKey);
      } catch {
        // a certificate whose point is not on the curve verifies nothing
        return false;
      }
    },
  },
  rsa: {
    id: 'rsa',
    signatureMethod: RSA_SHA1_URI,
    digestMethod: SHA1_URI,
    digest: (canonical) => createHash('sha1').update(canonical, 'utf8').digest('base64'),
    verify: (data, signature, certificate) => certificate.algorithm === 'rsa' && rsaVerify('sha1', Buffer.from(data, 'utf8'), certificate.x509.publicKey, signature),
  },
};

/** The algorithm a SignatureMethod URI names, if it is one of the two. */
export function algorithmOfSignatureMethod(uri: string): AlgorithmSpec | undefined {
  return Object.values(ALGORITHMS).find((a) => a.signatureMethod === uri);
}
