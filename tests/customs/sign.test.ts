/**
 * The software signer: enveloped XML-DSig as ceb-messages §8 fixes it, placed where each schema
 * wants it, valid for the official XSDs (libxml2-wasm and Debian's xmllint), verified by
 * verifySignature and by a separate path written here (libxml2's C14N with a visibility filter plus
 * node:crypto); sign-oracle.test.ts checks both directions against xml-crypto. Tampering fails; the
 * key and certificate persist under DATA_DIR/customs-key/.
 */
import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign as rsaSign, verify as rsaVerify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas, validateCebXml, type SchemaName } from '../../server/customs/schemas.ts';
import { C14N_URI, DSIG_NS, ENVELOPED_URI, hasSignature, RSA_SHA1_URI, SHA1_URI, canonicalSignedInfoOf, signEnveloped } from '../../server/customs/sign/dsig.ts';
import { createSoftwareSigner } from '../../server/customs/sign/software.ts';
import { CERT_FILE, KEY_DIR, KEY_FILE } from '../../server/customs/sign/software-key.ts';
import { verifySignature } from '../../server/customs/sign/verify.ts';
import { exportOrderBill, fixedGuids } from './fixtures.ts';
import { independentCanonicalForms } from './c14n-oracle.ts';

await initCustomsSchemas();
const lib = await import('libxml2-wasm');

const xsdDir = fileURLToPath(new URL('../../server/customs/xsd/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'cbec-sign-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => join(tmp, `data-${++dirs}`);

const dataDir = freshDir();
const signer = createSoftwareSigner(dataDir, 'rsa');

const order = () => {
  const { head, lines } = exportOrderBill();
  return buildDeclaration(exportOrder, head, lines, { appStatus: '2', guid: fixedGuids.order }).xml;
};

/** An import message (CEB711 入库明细单, after the official sample) the console does not build yet. */
const warehousing = (extend = '') => `<?xml version="1.0" encoding="UTF-8"?>
<ceb:CEB711Message xmlns:ceb="http://www.chinaport.gov.cn/ceb" guid="5923D0GB-9940-415B-B666-C09B007F40B2" version="1.0">
  <ceb:Delivery>
    <ceb:DeliveryHead>
      <ceb:guid>5923D0GB-9940-415B-B666-C09B007F40B2</ceb:guid>
      <ceb:appType>1</ceb:appType>
      <ceb:appTime>20260310163311</ceb:appTime>
      <ceb:appStatus>2</ceb:appStatus>
      <ceb:customsCode>3100</ceb:customsCode>
      <ceb:copNo>NBBH20260308005</ceb:copNo>
      <ceb:operatorCode>3302961A2B</ceb:operatorCode>
      <ceb:operatorName>宁波跨境优选供应链管理有限公司</ceb:operatorName>
      <ceb:ieFlag>I</ceb:ieFlag>
      <ceb:trafMode>1</ceb:trafMode>
      <ceb:trafNo>0</ceb:trafNo>
      <ceb:voyageNo>NB20260308</ceb:voyageNo>
      <ceb:billNo>B00024204001</ceb:billNo>
      <ceb:logisticsCode>3301964C7D</ceb:logisticsCode>
      <ceb:logisticsName>杭州云途国际物流有限公司</ceb:logisticsName>
    </ceb:DeliveryHead>
    <ceb:DeliveryList>
      <ceb:gnum>1</ceb:gnum>
      <ceb:logisticsNo>YT2603181430000123</ceb:logisticsNo>
    </ceb:DeliveryList>
  </ceb:Delivery>
  <ceb:BaseTransfer>
    <ceb:copCode>3302961A2B</ceb:copCode>
    <ceb:copName>宁波跨境优选供应链管理有限公司</ceb:copName>
    <ceb:dxpMode>DXP</ceb:dxpMode>
    <ceb:dxpId>DXPENT0000458763</ceb:dxpId>
  </ceb:BaseTransfer>${extend}
</ceb:CEB711Message>
`;

const extendMessage = `
  <ceb:ExtendMessage>
    <ceb:name>cbec</ceb:name>
    <ceb:version>1.0</ceb:version>
    <ceb:Message><note>扩展</note></ceb:Message>
  </ceb:ExtendMessage>`;

/** The names of the root's element children, in order. */
function rootChildren(xml: string): string[] {
  const doc = lib.XmlDocument.fromString(xml);
  try {
    const names: string[] = [];
    for (let n = doc.root.firstChild; n; n = n.next) if (n instanceof lib.XmlElement) names.push(n.name);
    return names;
  } finally {
    doc.dispose();
  }
}

function xmllint(xml: string, schema: SchemaName): { ok: boolean; output: string } {
  const file = join(tmp, `lint-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', join(xsdDir, `ceb-${schema}.xsd`), file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/**
 * Verification without xml-crypto: libxml2 (wasm) canonicalises the document minus the Signature
 * (the enveloped transform) and the SignedInfo subtree (inclusive C14N 1.0); node:crypto checks
 * the SHA-1 digest and the RSA-SHA1 signature with the certificate's key.
 */
function independentlyVerify(xml: string): { digestOk: boolean; signatureOk: boolean } {
  const { document, signedInfo, text } = independentCanonicalForms(xml);
  const digest = createHash('sha1').update(document, 'utf8').digest('base64');
  const cert = new X509Certificate(Buffer.from(text('ds:KeyInfo/ds:X509Data/ds:X509Certificate'), 'base64'));
  return {
    digestOk: digest === text('ds:SignedInfo/ds:Reference/ds:DigestValue'),
    signatureOk: rsaVerify('sha1', Buffer.from(signedInfo, 'utf8'), cert.publicKey, Buffer.from(text('ds:SignatureValue'), 'base64')),
  };
}

describe('a signed CEB303 (export schema)', async () => {
  const unsigned = order();
  const signed = await signer.sign(unsigned, { schema: 'export', messageType: 'CEB303' });

  it('still validates against the official export XSD (ds:Signature against xmldsig-core-schema.xsd)', () => {
    expect(validateCebXml('export', signed)).toEqual([]);
    const lint = xmllint(signed, 'export');
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
  });

  it('puts ds:Signature after BaseTransfer, last when there is no ExtendMessage', () => {
    expect(rootChildren(signed)).toEqual(['Order', 'BaseTransfer', 'Signature']);
    expect(hasSignature(signed)).toBe(true);
    expect(hasSignature(unsigned)).toBe(false);
  });

  it('carries exactly the spec values: inclusive C14N, rsa-sha1, URI="" with enveloped-signature, sha1, KeyName + certificate', () => {
    const signature = signed.slice(signed.indexOf('<ds:Signature'));
    expect(signature).toContain(`<ds:Signature xmlns:ds="${DSIG_NS}">`);
    expect(signature).toContain(`<ds:CanonicalizationMethod Algorithm="${C14N_URI}"/>`);
    expect(signature).toContain(`<ds:SignatureMethod Algorithm="${RSA_SHA1_URI}"/>`);
    expect(signature).toContain(`<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="${ENVELOPED_URI}"/></ds:Transforms><ds:DigestMethod Algorithm="${SHA1_URI}"/>`);
    const cert = new X509Certificate(readFileSync(join(dataDir, KEY_DIR, CERT_FILE)));
    expect(signature).toContain(`<ds:KeyInfo><ds:KeyName>${cert.serialNumber.toUpperCase()}</ds:KeyName><ds:X509Data><ds:X509Certificate>${cert.raw.toString('base64')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`);
    expect(cert.publicKey.asymmetricKeyType).toBe('rsa');
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('leaves the message itself unchanged', () => {
    const strip = (x: string) => x.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '').replace(/<\?xml[^>]*>\s*/, '').replace(/\s+(xmlns:ceb="[^"]*"|guid="[^"]*"|version="[^"]*")/g, ' $1');
    expect(strip(signed).replace(/\s+/g, ' ')).toBe(strip(unsigned).replace(/\s+/g, ' '));
  });

  it('verifies', () => {
    const r = verifySignature(signed);
    expect(r.ok).toBe(true);
  });

  it('verifies by an independent path (libxml2 C14N + node:crypto)', () => {
    expect(independentlyVerify(signed)).toEqual({ digestOk: true, signatureOk: true });
  });

  it('fails when one character of a field changes', () => {
    const tampered = signed.replace('<ceb:orderNo>YX20260318102436001<', '<ceb:orderNo>YX20260318102436002<');
    expect(tampered).not.toBe(signed);
    expect(verifySignature(tampered)).toEqual({ ok: false, reason: '报文摘要不符：报文在加签后被修改' });
    expect(independentlyVerify(tampered).digestOk).toBe(false);
    const price = signed.replace('<ceb:price>89.9<', '<ceb:price>89.8<');
    expect(verifySignature(price).ok).toBe(false);
  });

  it('fails when the signature value, the signed digest or the certificate is not the one that signed', async () => {
    const value = /<ds:SignatureValue>([^<]+)</.exec(signed)![1]!;
    const flipped = (value[10] === 'A' ? 'B' : 'A');
    const badValue = signed.replace(value, value.slice(0, 10) + flipped + value.slice(11));
    expect(verifySignature(badValue)).toEqual({ ok: false, reason: '签名值验证失败：签名与证书不符' });

    // a digest recomputed by an attacker for a changed message breaks the SignedInfo's signature
    const digest = /<ds:DigestValue>([^<]+)</.exec(signed)![1]!;
    const badDigest = signed.replace(digest, createHash('sha1').update('other').digest('base64'));
    expect(verifySignature(badDigest).ok).toBe(false);

    // another key's certificate put in its place
    const otherDir = freshDir();
    await createSoftwareSigner(otherDir, 'rsa').sign(order(), { schema: 'export' });
    const other = new X509Certificate(readFileSync(join(otherDir, KEY_DIR, CERT_FILE))).raw.toString('base64');
    const swapped = signed.replace(/<ds:X509Certificate>[^<]+</, `<ds:X509Certificate>${other}<`);
    expect(swapped).not.toBe(signed);
    expect(verifySignature(swapped)).toEqual({ ok: false, reason: '签名值验证失败：签名与证书不符' });
  });

  it('refuses to sign twice and refuses what is not XML', async () => {
    await expect(signer.sign(signed, { schema: 'export' })).rejects.toThrow('报文已包含签名');
    await expect(signer.sign('<ceb:CEB303Message', { schema: 'export' })).rejects.toThrow('报文不是合法的 XML');
  });

  it('reports an unsigned message, an algorithm pair the spec does not have and an algorithm the certificate cannot sign with', () => {
    expect(verifySignature(unsigned)).toEqual({ ok: false, reason: '报文未加签（缺少 ds:Signature）' });
    // sm2-sm3 digests with sm3, rsa-sha1 with sha1: a mixed pair is refused by its digest method
    const sm2 = signed.replace(RSA_SHA1_URI, 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm2-sm3');
    expect(verifySignature(sm2)).toEqual({ ok: false, reason: `不支持的摘要算法：${SHA1_URI}` });
    const sm3 = signed.replace(SHA1_URI, 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm3');
    expect(verifySignature(sm3)).toEqual({ ok: false, reason: '不支持的摘要算法：http://www.chinaport.gov.cn/2022/04/xmldsig#sm3' });
    // the SM2 pair over an RSA certificate
    const both = signed.replace(RSA_SHA1_URI, 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm2-sm3').replace(SHA1_URI, 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm3');
    expect(verifySignature(both)).toEqual({ ok: false, reason: '签名算法与证书不符：签名算法为 SM2/SM3（国密），证书密钥为 RSA-SHA1' });
    const sha256 = signed.replace(RSA_SHA1_URI, 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(verifySignature(sha256)).toEqual({ ok: false, reason: '不支持的签名算法：http://www.w3.org/2001/04/xmldsig-more#rsa-sha256' });
  });
});

describe('placement per schema', () => {
  it('export with ExtendMessage: ds:Signature goes before it, and the message validates', async () => {
    const xml = order().replace('</ceb:CEB303Message>', `${extendMessage}\n</ceb:CEB303Message>`);
    expect(validateCebXml('export', xml)).toEqual([]);
    const signed = await signer.sign(xml, { schema: 'export' });
    expect(rootChildren(signed)).toEqual(['Order', 'BaseTransfer', 'Signature', 'ExtendMessage']);
    expect(validateCebXml('export', signed)).toEqual([]);
    expect(verifySignature(signed).ok).toBe(true);
    expect(independentlyVerify(signed)).toEqual({ digestOk: true, signatureOk: true });
  });

  it('import (CEB711): ds:Signature goes last, after ExtendMessage, and the message validates', async () => {
    for (const extend of ['', extendMessage]) {
      const xml = warehousing(extend);
      const signed = await signer.sign(xml, { schema: 'import' });
      expect(rootChildren(signed)).toEqual(extend ? ['Delivery', 'BaseTransfer', 'ExtendMessage', 'Signature'] : ['Delivery', 'BaseTransfer', 'Signature']);
      expect(validateCebXml('import', signed)).toEqual([]);
      const lint = xmllint(signed, 'import');
      expect(lint.ok, lint.output).toBe(true);
      expect(verifySignature(signed).ok).toBe(true);
      expect(independentlyVerify(signed)).toEqual({ digestOk: true, signatureOk: true });
    }
  });

  it('the export placement would break the import schema (so the placement matters)', async () => {
    const signed = await signer.sign(warehousing(extendMessage), { schema: 'export' });
    expect(rootChildren(signed)).toEqual(['Delivery', 'BaseTransfer', 'Signature', 'ExtendMessage']);
    expect(validateCebXml('import', signed)).not.toEqual([]);
  });
});

describe('the software key', () => {
  it('is made once under DATA_DIR/customs-key/ (PEM, mode 0600) and reused by another signer on the same dir', async () => {
    const dir = freshDir();
    const first = await createSoftwareSigner(dir, 'rsa').sign(order(), { schema: 'export' });
    const keyPath = join(dir, KEY_DIR, KEY_FILE);
    const certPath = join(dir, KEY_DIR, CERT_FILE);
    expect(readFileSync(keyPath, 'utf8')).toContain('-----BEGIN PRIVATE KEY-----');
    expect(readFileSync(certPath, 'utf8')).toContain('-----BEGIN CERTIFICATE-----');
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    expect(statSync(certPath).mode & 0o777).toBe(0o600);
    const keyBefore = readFileSync(keyPath, 'utf8');

    const second = await createSoftwareSigner(dir, 'rsa').sign(order(), { schema: 'export' });
    const keyInfo = (x: string) => /<ds:KeyInfo>[\s\S]*<\/ds:KeyInfo>/.exec(x)![0];
    expect(keyInfo(second)).toBe(keyInfo(first));
    expect(readFileSync(keyPath, 'utf8')).toBe(keyBefore);
    // RSA PKCS#1 v1.5 is deterministic: the same key over the same message gives the same value
    expect(second).toBe(first);

    const other = await createSoftwareSigner(freshDir(), 'rsa').sign(order(), { schema: 'export' });
    expect(keyInfo(other)).not.toBe(keyInfo(first));
  });

  it('two signers starting together on a fresh dir end up with one key', async () => {
    const dir = freshDir();
    const [a, b] = await Promise.all([createSoftwareSigner(dir, 'rsa').sign(order(), { schema: 'export' }), createSoftwareSigner(dir, 'rsa').sign(order(), { schema: 'export' })]);
    expect(a).toBe(b);
    expect(verifySignature(a).ok).toBe(true);
  });

  it('refuses a certificate that does not belong to the key instead of replacing either', async () => {
    const dir = freshDir();
    await createSoftwareSigner(dir, 'rsa').sign(order(), { schema: 'export' });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, KEY_DIR, KEY_FILE), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await expect(createSoftwareSigner(dir, 'rsa').sign(order(), { schema: 'export' })).rejects.toThrow('证书与私钥不匹配');
  });
});

describe('signEnveloped with a signature made elsewhere (the external mode path)', () => {
  it('the canonical SignedInfo is what gets signed, and a signature over it completes a valid document', () => {
    const xml = order();
    const canonical = canonicalSignedInfoOf(xml, 'export');
    expect(canonical).toMatch(/^<ds:SignedInfo xmlns:ceb="http:\/\/www.chinaport.gov.cn\/ceb" xmlns:ds="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(canonicalSignedInfoOf(xml, 'export')).toBe(canonical);

    // a "UKey": any RSA key with a certificate; here the software key's files of the first signer
    const keyPem = readFileSync(join(dataDir, KEY_DIR, KEY_FILE), 'utf8');
    const cert = new X509Certificate(readFileSync(join(dataDir, KEY_DIR, CERT_FILE)));
    const value = rsaSign('sha1', Buffer.from(canonical, 'utf8'), keyPem).toString('base64');
    const signed = signEnveloped(xml, {
      schema: 'export',
      keyInfo: { keyName: cert.serialNumber, certificate: cert.raw.toString('base64') },
      signSignedInfo: (c) => { expect(c).toBe(canonical); return value; },
    });
    expect(verifySignature(signed).ok).toBe(true);
    expect(cert.subject).toContain('CN=cbec-console 软件签名密钥');
  });
});

describe('signDeclaration (what the worker calls)', () => {
  it('signs by the message type\'s schema and leaves an already signed message as it is', async () => {
    const { signDeclaration } = await import('../../server/customs/sign/index.ts');
    const once = await signDeclaration(signer, { messageType: 'CEB303', xml: order() });
    expect(verifySignature(once).ok).toBe(true);
    expect(await signDeclaration(signer, { messageType: 'CEB303', xml: once })).toBe(once);
    const imported = await signDeclaration(signer, { messageType: 'CEB711Message', xml: warehousing(extendMessage) });
    expect(rootChildren(imported).at(-1)).toBe('Signature');
    expect(validateCebXml('import', imported)).toEqual([]);
    await expect(signDeclaration(signer, { messageType: 'CEB304', xml: order() })).rejects.toThrow('无法确定报文 CEB304 的签名位置');
  });

  it('verification refuses a Reference that does not cover the whole message', async () => {
    const signed = await signer.sign(order(), { schema: 'export' });
    expect(verifySignature(signed.replace('<ds:Reference URI="">', '<ds:Reference>')).ok).toBe(false);
    expect(verifySignature(signed.replace('<ds:Reference URI="">', '<ds:Reference URI="#x">'))).toEqual({ ok: false, reason: '签名结构不正确：Reference 的 URI 必须为空（对整个报文签名）' });
  });
});
