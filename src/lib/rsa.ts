/**
 * Passwords travel RSA-OAEP (SHA-256) encrypted with the server's public key (an SPKI PEM),
 * base64 encoded. WebCrypto's crypto.subtle exists only in secure contexts (https, localhost,
 * 127.0.0.1): elsewhere we refuse with a clear message instead of sending a password in clear.
 */
import { insecureContextText } from '../../domain/texts/web.ts';

export class InsecureContextError extends Error {
  override readonly name = 'InsecureContextError';
  constructor() {
    super(insecureContextText);
  }
}

export function canEncrypt(): boolean {
  return globalThis.crypto?.subtle !== undefined;
}

function subtle(): SubtleCrypto {
  const value = globalThis.crypto?.subtle;
  if (!value) throw new InsecureContextError();
  return value;
}

export function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function importPublicKey(pem: string): Promise<CryptoKey> {
  return subtle().importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/** Encrypt UTF-8 text; the answer is base64 (URL-encode it yourself when it goes in a query). */
export async function encryptWithKey(key: CryptoKey, text: string): Promise<string> {
  const cipher = await subtle().encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
  return toBase64(cipher);
}

export async function encryptPassword(pem: string, password: string): Promise<string> {
  return encryptWithKey(await importPublicKey(pem), password);
}
