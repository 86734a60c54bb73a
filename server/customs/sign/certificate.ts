/**
 * Reading a signing certificate (node:crypto's X509Certificate): from a message's KeyInfo, from
 * the external signing client (base64 DER or PEM) or from the software key's PEM file.
 */
import { X509Certificate } from 'node:crypto';
import { signingText } from '../../../domain/texts/signing.ts';
import type { KeyInfoParts } from './dsig.ts';

export interface Certificate {
  x509: X509Certificate;
  /** KeyInfo as the signature carries it: KeyName = the serial number (hex, upper case), the DER in base64 */
  keyInfo: KeyInfoParts;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

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
  return { x509, keyInfo: { keyName: x509.serialNumber.toUpperCase(), certificate: x509.raw.toString('base64') } };
}

/** RSA only: the rsa-sha1 SignatureMethod is the one this console writes (SM2 is not offered). */
export function requireRsa(cert: Certificate): void {
  const type = cert.x509.publicKey.asymmetricKeyType ?? 'unknown';
  if (type !== 'rsa') throw new Error(signingText.certificateNotRsa(type));
}

/** A certificate outside its validity window would be refused by customs: refuse it first. */
export function requireValidNow(cert: Certificate, now = new Date()): void {
  const from = new Date(cert.x509.validFrom);
  const to = new Date(cert.x509.validTo);
  if (now < from || now > to) throw new Error(signingText.certificateExpired(cert.x509.validFrom, cert.x509.validTo));
}
