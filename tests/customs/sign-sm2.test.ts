/**
 * Every declarable message, signed by the software key of each SIGN_ALGORITHM:
 * - the unsigned part is the golden file byte for byte (the signature adds only ds:Signature; its
 *   value is not byte-stable, an SM2 signature takes a fresh random k);
 * - the signed message validates against the official XSD (libxml2-wasm and Debian's xmllint);
 * - verifySignature accepts it and names the algorithm; one changed field fails it;
 * - SM2 only, checked by an independent implementation: the openssl CLI's SM3 gives the DigestValue
 *   of the canonical message without its Signature, and openssl verifies the SignatureValue (r ‖ s,
 *   64 bytes, as DER for openssl) over the canonical SignedInfo with the certificate's public key
 *   (taken by openssl from the KeyInfo certificate), with the standard user ID.
 * The canonical forms here come from libxml2's C14N with a visibility filter, not the signer's path.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { RSA_SHA1_URI, SHA1_URI, SM2_SM3_URI, SM3_URI } from '../../server/customs/sign/dsig.ts';
import { schemaOfMessageType } from '../../server/customs/sign/message-types.ts';
import { rawToDerSignature } from '../../server/customs/sign/sm2.ts';
import { createSoftwareSigner } from '../../server/customs/sign/software.ts';
import { SM2_CERT_FILE, SM2_KEY_FILE, KEY_DIR } from '../../server/customs/sign/software-key.ts';
import { verifySignature } from '../../server/customs/sign/verify.ts';
import { openssl, opensslSm2Verify } from '../helpers/openssl.ts';
import { xmllintFor } from './checks.ts';
import { independentCanonicalForms } from './c14n-oracle.ts';

await initCustomsSchemas();

const here = fileURLToPath(new URL('.', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'cbec-sign-sm2-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const xmllint = xmllintFor('ceb-export.xsd');

const signers = { sm2: createSoftwareSigner(join(tmp, 'data'), 'sm2'), rsa: createSoftwareSigner(join(tmp, 'data'), 'rsa') };
const methods = { sm2: [SM2_SM3_URI, SM3_URI], rsa: [RSA_SHA1_URI, SHA1_URI] } as const;

const golden = readdirSync(join(here, 'golden')).filter((f) => f.endsWith('.xml')).sort().map((file) => {
  const type = file.replace(/\.xml$/, '');
  return { type, schema: schemaOfMessageType(type), xml: readFileSync(join(here, 'golden', file), 'utf8') };
});

const signatureElement = /<ds:Signature [\s\S]*<\/ds:Signature>/;
/** One character of a field's text changed (the first field holding a digit). */
const tamper = (xml: string) => xml.replace(/(<ceb:\w+>[^<\d]*)(\d)/, (_m, before: string, d: string) => `${before}${d === '9' ? '8' : '9'}`);

it('the golden files cover every message type a bill definition declares with an XML-DSig (the 报关单 is signed by the client)', () => {
  const declared = new Set(billDefinitions.map((d) => d.message?.root).filter((r): r is string => !!r && r !== 'DecMessage').map((r) => r.replace(/Message$/, '')));
  expect(declared.size).toBeGreaterThan(10);
  for (const type of declared) expect(golden.map((g) => g.type)).toContain(type);
});

function opensslSm3Base64(text: string): string {
  const r = spawnSync('openssl', ['dgst', '-sm3', '-binary'], { input: Buffer.from(text, 'utf8') });
  if (r.status !== 0) throw new Error(`openssl dgst -sm3 failed: ${r.stderr}`);
  return r.stdout.toString('base64');
}

describe.each(['sm2', 'rsa'] as const)('%s', (algorithm) => {
  describe.each(golden)('golden $type', ({ type, schema, xml }) => {
    let signed = '';
    it('signs, adding only the Signature: without it the message is the golden file byte for byte', async () => {
      signed = await signers[algorithm].sign(xml, { schema, messageType: type });
      expect(signed.replace(signatureElement, '')).toBe(xml);
      const [signatureMethod, digestMethod] = methods[algorithm];
      expect(signed).toContain(`<ds:SignatureMethod Algorithm="${signatureMethod}"/>`);
      expect(signed).toContain(`<ds:DigestMethod Algorithm="${digestMethod}"/>`);
      expect(signed).toMatch(/<ds:KeyInfo><ds:KeyName>[0-9A-F]+<\/ds:KeyName><ds:X509Data><ds:X509Certificate>[A-Za-z0-9+/=]+<\/ds:X509Certificate><\/ds:X509Data><\/ds:KeyInfo><\/ds:Signature>/);
    });

    it('the signed message validates against the official XSD (libxml2-wasm and xmllint)', () => {
      expect(validateCebXml(schema, signed)).toEqual([]);
      const lint = xmllint(signed, `ceb-${schema}.xsd`);
      expect(lint.ok, lint.output).toBe(true);
    });

    it('verifies, and fails once a field changes', () => {
      expect(verifySignature(signed)).toMatchObject({ ok: true, algorithm });
      const tampered = tamper(signed);
      expect(tampered).not.toBe(signed);
      expect(verifySignature(tampered)).toEqual({ ok: false, reason: '报文摘要不符：报文在加签后被修改' });
    });

    if (algorithm === 'sm2') {
      it('openssl agrees: SM3 digest of the message without its Signature, SM2 signature of the SignedInfo', () => {
        const { document, signedInfo, text } = independentCanonicalForms(signed);
        expect(opensslSm3Base64(document)).toBe(text('ds:SignedInfo/ds:Reference/ds:DigestValue'));
        const value = Buffer.from(text('ds:SignatureValue'), 'base64');
        expect(value).toHaveLength(64);
        const certPath = join(tmp, `${type}.cer`);
        writeFileSync(certPath, Buffer.from(text('ds:KeyInfo/ds:X509Data/ds:X509Certificate'), 'base64'));
        const publicKey = openssl(['x509', '-inform', 'DER', '-in', certPath, '-noout', '-pubkey']);
        expect(publicKey.ok, publicKey.out).toBe(true);
        expect(opensslSm2Verify(publicKey.out, signedInfo, rawToDerSignature(value))).toBe(true);
        // the SignedInfo of a tampered message's digest does not carry the signature
        expect(opensslSm2Verify(publicKey.out, signedInfo.replace(/<ds:DigestValue>[^<]+/, '<ds:DigestValue>AAAA'), rawToDerSignature(value))).toBe(false);
      });
    }
  });
});

describe('the SM2 software key', () => {
  it('is made once under DATA_DIR/customs-key/ beside the RSA key, PEM mode 0600, and reused', async () => {
    const dir = join(tmp, 'keys');
    const first = await createSoftwareSigner(dir, 'sm2').sign(golden[0]!.xml, { schema: golden[0]!.schema });
    await createSoftwareSigner(dir, 'rsa').sign(golden[0]!.xml, { schema: golden[0]!.schema });
    const files = readdirSync(join(dir, KEY_DIR)).sort();
    expect(files).toEqual(['signing-cert.pem', 'signing-key.pem', SM2_CERT_FILE, SM2_KEY_FILE].sort());
    const second = await createSoftwareSigner(dir, 'sm2').sign(golden[0]!.xml, { schema: golden[0]!.schema });
    const keyInfo = (x: string) => /<ds:KeyInfo>[\s\S]*<\/ds:KeyInfo>/.exec(x)![0];
    expect(keyInfo(second)).toBe(keyInfo(first));
    // a fresh k each time: the same message signs differently and both verify
    expect(second).not.toBe(first);
    expect(verifySignature(first).ok && verifySignature(second).ok).toBe(true);
    const cert = openssl(['x509', '-in', join(dir, KEY_DIR, SM2_CERT_FILE), '-noout', '-text']);
    expect(cert.out).toContain('SM2-with-SM3');
  });

  it('two signers starting together on a fresh dir end up with one key', async () => {
    const dir = join(tmp, 'race');
    const [a, b] = await Promise.all([1, 2].map(() => createSoftwareSigner(dir, 'sm2').sign(golden[0]!.xml, { schema: golden[0]!.schema })));
    const keyInfo = (x: string) => /<ds:KeyInfo>[\s\S]*<\/ds:KeyInfo>/.exec(x)![0];
    expect(keyInfo(a!)).toBe(keyInfo(b!));
  });

  it('refuses a certificate that does not belong to the key instead of replacing either', async () => {
    const dir = join(tmp, 'mismatch');
    await createSoftwareSigner(dir, 'sm2').sign(golden[0]!.xml, { schema: golden[0]!.schema });
    const other = join(tmp, 'other');
    await createSoftwareSigner(other, 'sm2').sign(golden[0]!.xml, { schema: golden[0]!.schema });
    writeFileSync(join(dir, KEY_DIR, SM2_KEY_FILE), readFileSync(join(other, KEY_DIR, SM2_KEY_FILE)));
    await expect(createSoftwareSigner(dir, 'sm2').sign(golden[0]!.xml, { schema: golden[0]!.schema })).rejects.toThrow('证书与私钥不匹配');
  });
});
