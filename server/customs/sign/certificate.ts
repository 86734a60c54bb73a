/**
 * Reading a signing certificate (node:crypto's X509Certificate): from a message's KeyInfo, from
 * the external signing client (base64 DER or PEM) or from the software key's PEM file, and which
 * of the two signature algorithms its key signs with: RSA, or SM2 (an EC key on the SM2 curve —
 * Node reports no key type for it, so its SubjectPublicKeyInfo is read).
 */
import { X509Certificate } from 'node:crypto';
import { signingText } from '../../../domain/texts/signing.ts';
import type { KeyInfoParts } from './dsig.ts';
import type { SignAlgorithm } from './types.ts';

export interface Certificate {
  x509: X509Certificate;
  /** KeyInfo as the signature carries it: KeyName = the serial number (hex, upper case), the DER in base64 */
  keyInfo: KeyInfoParts;
  /** what its key signs with; undefined = neither RSA nor SM2 (refused by requireSigningKey) */
  algorithm: SignAlgorithm | undefined;
  /** SM2 only: the public point 04 ‖ x ‖ y, hex */
  sm2PublicKey?: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * SubjectPublicKeyInfo of an SM2 key up to its point: SEQUENCE { SEQUENCE { id-ecPublicKey,
 * SM2 curve }, BIT STRING 04 ‖ x ‖ y }. DER leaves one encoding for it, so it is compared as bytes.
 */
const SM2_SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a811ccf5501822d03420004', 'hex');

function keyOf(x509: X509Certificate): Pick<Certificate, 'algorithm' | 'sm2PublicKey'> {
  const key = x509.publicKey;
  if (key.asymmetricKeyType === 'rsa') return { algorithm: 'rsa' };
  const spki = key.export({ type: 'spki', format: 'der' });
  if (spki.length === SM2_SPKI_PREFIX.length + 64 && spki.subarray(0, SM2_SPKI_PREFIX.length).equals(SM2_SPKI_PREFIX)) {
    return { algorithm: 'sm2', sm2PublicKey: spki.subarray(SM2_SPKI_PREFIX.length - 1).toString('hex') };
  }
  return { algorithm: undefined };
}

/** The certificate from PEM or base64 DER text (whitespace ignored); throws with a Chinese reason. */
export function readCertificate(text: string): Certificate {
  const trimmed = text.trim();
  let x509: X509Certificate;
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      x509 = new X509Certificate(trimmed);
    } else {
      const compact = trimmed.replace(/\s+/g, '');
      if (!BASE64.test(compact)) throw new Error('not base64');
      x509 = new X509Certificate(Buffer.from(compact, 'base64'));
    }
  } catch (e) {
    throw new Error(signingText.certificateUnreadable(e instanceof Error ? e.message : String(e)));
  }
  return { x509, keyInfo: { keyName: x509.serialNumber.toUpperCase(), certificate: x509.raw.toString('base64') }, ...keyOf(x509) };
}

/** RSA or SM2, the two SignatureMethods of the spec; answers which. */
export function requireSigningKey(cert: Certificate): SignAlgorithm {
  if (cert.algorithm) return cert.algorithm;
  const type = cert.x509.publicKey.asymmetricKeyType ?? 'unknown';
  throw new Error(signingText.certificateKeyUnsupported(type));
}

/** A certificate outside its validity window would be refused by customs: refuse it first. */
export function requireValidNow(cert: Certificate, now = new Date()): void {
  const from = new Date(cert.x509.validFrom);
  const to = new Date(cert.x509.validTo);
  if (now < from || now > to) throw new Error(signingText.certificateExpired(cert.x509.validFrom, cert.x509.validTo));
}
