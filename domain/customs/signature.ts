/**
 * The signature of a sent message as the 查看报文 view shows it (POST /api/receipter/raw, `signature`):
 * its algorithm and the server verifier's verdict (server/customs/sign/verify.ts reportSignature),
 * and the two lines the view prints from it.
 */
import { signingAlgorithmNames, signingText } from '../texts/signing.ts';

export type SigningAlgorithm = keyof typeof signingAlgorithmNames;

export interface SignatureReport {
  /** false: the message carries no ds:Signature (a 报关单, signed by the client's card, or not yet signed) */
  signed: boolean;
  /** the SignatureMethod's algorithm, when it is SM2/SM3 or RSA-SHA1 */
  algorithm?: SigningAlgorithm;
  /** the SignatureMethod URI as written */
  signatureMethod?: string;
  ok: boolean;
  /** why it does not verify */
  reason?: string;
}

/** 签名算法 and 验签通过 / 验签失败：… of a report; undefined for an unsigned message. */
export function signatureLines(report: SignatureReport): { algorithm: string; verdict: string } | undefined {
  if (!report.signed) return undefined;
  const t = signingText.view;
  const algorithm = report.algorithm ? signingAlgorithmNames[report.algorithm] : t.otherAlgorithm(report.signatureMethod ?? '');
  const verdict = report.ok ? t.verified : report.reason ? t.failedBecause(report.reason) : t.notVerified;
  return { algorithm, verdict };
}
