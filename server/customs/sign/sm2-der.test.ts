/**
 * The SM2 key and certificate files: OpenSSL and node:crypto both read what sm2-der.ts writes, the
 * certificate's SM2-with-SM3 signature verifies with openssl dgst (and fails once a byte changes),
 * and a key made by `openssl genpkey -algorithm SM2` is read back to the same public key.
 */
import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import forge from 'node-forge';
import { openssl, opensslSm2, opensslSm2Verify } from '../../../tests/helpers/openssl.ts';
import { readCertificate } from './certificate.ts';
import { generateSm2KeyPair, sm2PublicKeyOf } from './sm2.ts';
import { certificatePem, readSm2PrivateKeyPem, selfIssuedSm2Certificate, sm2PrivateKeyPem } from './sm2-der.ts';

const dir = mkdtempSync(join(tmpdir(), 'cbec-sm2-der-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = generateSm2KeyPair();
const notBefore = new Date('2026-01-01T00:00:00Z');
const der = selfIssuedSm2Certificate(key, { commonName: 'cbec-console 软件签名密钥', organization: 'cbec-console', notBefore, notAfter: new Date('2036-01-01T00:00:00Z') });
const certPath = join(dir, 'cert.pem');
writeFileSync(certPath, certificatePem(der));

describe('the self-issued SM2 certificate', () => {
  it('reads in node:crypto: subject, validity, the key that signs SM2', () => {
    const x509 = new X509Certificate(der);
    expect(x509.subject).toBe('CN=cbec-console 软件签名密钥\nO=cbec-console');
    expect(x509.issuer).toBe(x509.subject);
    expect(new Date(x509.validFrom).toISOString()).toBe(notBefore.toISOString());
    expect(x509.checkPrivateKey(createPrivateKey(sm2PrivateKeyPem(key)))).toBe(true);
    const cert = readCertificate(certificatePem(der));
    expect(cert).toMatchObject({ algorithm: 'sm2', sm2PublicKey: key.publicKey });
    expect(cert.keyInfo.keyName).toMatch(/^[0-9A-F]{16}$/);
  });

  it('reads in openssl x509 -text: SM2-with-SM3, the SM2 curve, an end-entity signing certificate', () => {
    const r = openssl(['x509', '-in', certPath, '-noout', '-text']);
    expect(r.ok, r.out).toBe(true);
    expect(r.out).toContain('Signature Algorithm: SM2-with-SM3');
    expect(r.out).toContain('ASN1 OID: SM2');
    expect(r.out).toContain('CA:FALSE');
    expect(r.out).toContain('Digital Signature, Non Repudiation');
    expect(r.out).toContain('X509v3 Subject Key Identifier');
  });

  /**
   * The certificate's signature over its DER TBSCertificate, checked with openssl dgst and the
   * standard user ID (GM/T 0015). Not `openssl verify -check_ss_sig`: OpenSSL 3.0 verifies SM2
   * certificate signatures with its own empty ID whatever -vfyopt says (its `req -x509` signs that
   * way too unless given -sigopt distid), so a certificate signed as the standard says fails there.
   */
  it('its signature over the TBSCertificate verifies with openssl (standard user ID), and a changed byte of it does not', () => {
    // forge's typings know only the boolean form of fromDer's options; BIT STRINGs stay undecoded
    const fromDer = forge.asn1.fromDer as unknown as (bytes: string, options: { decodeBitStrings: boolean }) => forge.asn1.Asn1;
    const outer = fromDer(der.toString('binary'), { decodeBitStrings: false });
    const [tbs, , signatureBits] = outer.value as forge.asn1.Asn1[];
    const tbsDer = Buffer.from(forge.asn1.toDer(tbs!).getBytes(), 'binary');
    expect(der.includes(tbsDer)).toBe(true);
    // a BIT STRING's first byte counts the unused bits (0)
    const signature = Buffer.from((signatureBits!.value as string).slice(1), 'binary');
    const publicKeyPem = openssl(['x509', '-in', certPath, '-noout', '-pubkey']).out;
    expect(opensslSm2Verify(publicKeyPem, tbsDer, signature)).toBe(true);
    const broken = Buffer.from(signature);
    broken[broken.length - 3] = broken[broken.length - 3]! ^ 0x01;
    expect(opensslSm2Verify(publicKeyPem, tbsDer, broken)).toBe(false);
    const otherTbs = Buffer.from(tbsDer);
    otherTbs[20] = otherTbs[20]! ^ 0x01;
    expect(opensslSm2Verify(publicKeyPem, otherTbs, signature)).toBe(false);
  });
});

describe('the SM2 private key file (PKCS#8)', () => {
  it('is read by openssl and node, and back by us', () => {
    const pem = sm2PrivateKeyPem(key);
    const path = join(dir, 'key.pem');
    writeFileSync(path, pem);
    const text = openssl(['pkey', '-in', path, '-noout', '-text']);
    expect(text.ok, text.out).toBe(true);
    expect(text.out.replace(/[\s:]/g, '')).toContain(`priv${key.privateKey}`);
    expect(() => createPrivateKey(pem)).not.toThrow();
    expect(readSm2PrivateKeyPem(pem)).toEqual(key);
  });

  it('reads a key made by openssl genpkey -algorithm SM2', () => {
    const card = opensslSm2();
    try {
      const read = readSm2PrivateKeyPem(card.keyPem);
      expect(read.publicKey).toBe(sm2PublicKeyOf(read.privateKey));
      expect(readCertificate(card.certificatePem).sm2PublicKey).toBe(read.publicKey);
    } finally {
      card.close();
    }
  });

  it('refuses a key that is not SM2', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => readSm2PrivateKeyPem(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string)).toThrow('not an SM2 key');
    expect(() => readSm2PrivateKeyPem('no key')).toThrow('not a PKCS#8 PEM private key');
  });
});
