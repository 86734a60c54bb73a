/**
 * The libxml2 signer and verifier against xml-crypto, the maintained XML-DSig library the console
 * signed with before (kept as a dev dependency for this): over every golden declaration and
 * hand-made messages with Chinese text, escaped characters, attributes, comments, ExtendMessage and
 * extra namespaces, a fast signature verifies with xml-crypto and an xml-crypto signature with the
 * fast verifier; the canonical SignedInfo handed to the external client is byte for byte what the
 * xml-crypto path made (records waiting from before the change still complete); the signed messages
 * pass both XSD validators; removing the Signature gives back the unsigned message exactly.
 */
import { spawnSync } from 'node:child_process';
import { sign as rsaSign } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, describe, expect, it } from 'vitest';
import { SignedXml, type SignatureAlgorithm } from 'xml-crypto';
import { initCustomsSchemas, validateCebXml, type SchemaName } from '../../server/customs/schemas.ts';
import {
  C14N_URI, DSIG_NS, ENVELOPED_URI, RSA_SHA1_URI, SHA1_URI, canonicalSignedInfoOf, hasSignature, signEnveloped, type EnvelopeOptions,
} from '../../server/customs/sign/dsig.ts';
import { schemaOfMessageType } from '../../server/customs/sign/message-types.ts';
import { loadOrCreateSoftwareKey } from '../../server/customs/sign/software-key.ts';
import { verifySignature } from '../../server/customs/sign/verify.ts';

await initCustomsSchemas();

const here = fileURLToPath(new URL('.', import.meta.url));
const xsdDir = fileURLToPath(new URL('../../server/customs/xsd/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'cbec-sign-oracle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const key = await loadOrCreateSoftwareKey(tmp);
const certPem = key.certificate.x509.toString();
const signWithKey = (canonical: string) => rsaSign('sha1', Buffer.from(canonical, 'utf8'), key.privateKey).toString('base64');

// ── the xml-crypto path (the console's signer and verifier before libxml2) ─────────────────────

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;

/** The former signEnveloped: xml-crypto places, canonicalises and digests; the caller signs. */
function xmlCryptoSignEnveloped(xml: string, options: EnvelopeOptions): string {
  const root = parse(xml).documentElement;
  const hasExtend = Array.from(root.childNodes).some((n) => n.nodeType === 1 && (n as Element).localName === 'ExtendMessage');
  const location = options.schema === 'export' && hasExtend
    ? { reference: "/*/*[local-name()='ExtendMessage']", action: 'before' as const }
    : { reference: '/*', action: 'append' as const };
  const { keyInfo, signSignedInfo } = options;
  class CallerSignature implements SignatureAlgorithm {
    getSignature = ((signedInfo: unknown) => signSignedInfo(String(signedInfo))) as SignatureAlgorithm['getSignature'];
    verifySignature = (() => { throw new Error('not a verifier'); }) as unknown as SignatureAlgorithm['verifySignature'];
    getAlgorithmName = () => RSA_SHA1_URI;
  }
  const sig = new SignedXml({
    canonicalizationAlgorithm: C14N_URI,
    signatureAlgorithm: RSA_SHA1_URI,
    privateKey: 'signed-by-caller',
    getKeyInfoContent: () => keyInfo
      ? `<ds:KeyName>${keyInfo.keyName}</ds:KeyName><ds:X509Data><ds:X509Certificate>${keyInfo.certificate}</ds:X509Certificate></ds:X509Data>`
      : null,
  });
  sig.SignatureAlgorithms = { [RSA_SHA1_URI]: CallerSignature };
  sig.addReference({ xpath: '/*', transforms: [ENVELOPED_URI], digestAlgorithm: SHA1_URI, isEmptyUri: true });
  sig.computeSignature(xml, { prefix: 'ds', location });
  return sig.getSignedXml();
}

function xmlCryptoCanonicalSignedInfo(xml: string, schema: SchemaName): string {
  let captured = '';
  xmlCryptoSignEnveloped(xml, { schema, signSignedInfo: (c) => { captured = c; return ''; } });
  return captured;
}

/** xml-crypto's verdict with the software key's certificate: digest and signature value both hold. */
function xmlCryptoVerifies(xml: string): boolean {
  const signature = parse(xml).getElementsByTagNameNS(DSIG_NS, 'Signature')[0];
  if (!signature) return false;
  const verifier = new SignedXml({ publicCert: certPem, getCertFromKeyInfo: () => null });
  verifier.loadSignature(signature);
  try {
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

// ── the messages ──────────────────────────────────────────────────────────────────────────────

const golden = readdirSync(join(here, 'golden')).filter((f) => f.endsWith('.xml')).sort().map((file) => {
  const type = file.replace(/\.xml$/, '');
  return { name: `golden ${type}`, schema: schemaOfMessageType(type), xml: readFileSync(join(here, 'golden', file), 'utf8') };
});
const goldenXml = (type: string) => golden.find((g) => g.name === `golden ${type}`)!.xml;

const extendMessage = `
  <ceb:ExtendMessage>
    <ceb:name>cbec &amp; 跨境</ceb:name>
    <ceb:version>1.0</ceb:version>
    <ceb:Message><!-- 企业自用 --><note xmlns="urn:cbec:note" lang="zh" a="x &amp; &quot;y&quot; &lt;z&gt; &#x4E2D;">扩展 &lt;备注&gt; &amp; 'q' "qq" &#x4E2D;&#13;</note></ceb:Message>
  </ceb:ExtendMessage>`;

/** Text the spec allows in a field: Chinese, the escaped characters, a character reference. */
const withTrickyText = (xml: string) => xml.replace(/<ceb:note>[^<]*<\/ceb:note>/, '<ceb:note>出口 &amp; 退运 &lt;样品&gt; "引号" \'单引号\' &#x4E2D;&#20013; &gt;</ceb:note>');

const handMade = [
  { name: 'CEB303 with escaped text', schema: 'export' as const, xml: withTrickyText(goldenXml('CEB303')) },
  { name: 'CEB303 with ExtendMessage (Signature goes before it)', schema: 'export' as const, xml: goldenXml('CEB303').replace('</ceb:CEB303Message>', `${extendMessage}\n</ceb:CEB303Message>`) },
  {
    name: 'CEB711 with more namespaces, a comment and ExtendMessage (Signature goes last)',
    schema: 'import' as const,
    xml: goldenXml('CEB711')
      .replace('xmlns:ceb="http://www.chinaport.gov.cn/ceb"', 'xmlns:ceb="http://www.chinaport.gov.cn/ceb" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"')
      .replace('</ceb:BaseTransfer>', `</ceb:BaseTransfer>\n  <!-- 入库明细 -->${extendMessage}`),
  },
  {
    name: 'CEB311 without XML declaration or trailing newline',
    schema: 'import' as const,
    xml: withTrickyText(goldenXml('CEB311')).replace(/^<\?xml[^>]*>\s*/, '').trimEnd(),
  },
];

const cases = [...golden, ...handMade];

function xmllint(xml: string, schema: SchemaName): { ok: boolean; output: string } {
  const file = join(tmp, `lint-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', join(xsdDir, `ceb-${schema}.xsd`), file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

const signatureElement = /<ds:Signature [\s\S]*<\/ds:Signature>/;
/** One character of a field's text changed (the first field holding a digit). */
const tamper = (xml: string) => xml.replace(/(<ceb:\w+>[^<\d]*)(\d)/, (_m, before: string, d: string) => `${before}${d === '9' ? '8' : '9'}`);

describe.each(cases)('$name', ({ schema, xml }) => {
  const fast = signEnveloped(xml, { schema, keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });
  const old = xmlCryptoSignEnveloped(xml, { schema, keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });

  it('the fast signature verifies with xml-crypto, and with the fast verifier', () => {
    expect(xmlCryptoVerifies(fast)).toBe(true);
    expect(verifySignature(fast)).toMatchObject({ ok: true });
  });

  it('an xml-crypto signature verifies with the fast verifier', () => {
    expect(xmlCryptoVerifies(old)).toBe(true);
    expect(verifySignature(old)).toMatchObject({ ok: true });
  });

  it('the canonical SignedInfo (the external client\'s data) is the one xml-crypto made, and so is the Signature apart from where it sits', () => {
    const canonical = canonicalSignedInfoOf(xml, schema);
    expect(canonical).toBe(xmlCryptoCanonicalSignedInfo(xml, schema));
    expect(canonical).toContain('<ds:DigestValue>');
    expect(signatureElement.exec(fast)![0]).toBe(signatureElement.exec(old)![0]);
  });

  it('adds only the Signature element: without it the message is the unsigned one, byte for byte', () => {
    expect(fast.replace(signatureElement, '')).toBe(xml);
    expect(hasSignature(fast)).toBe(true);
    expect(hasSignature(xml)).toBe(false);
  });

  it('the signed message passes the official XSD (libxml2-wasm) where the schema wants the Signature', () => {
    expect(validateCebXml(schema, fast)).toEqual([]);
  });

  it('a changed field fails both verifiers, whoever signed', () => {
    for (const signed of [fast, old]) {
      const tampered = tamper(signed);
      expect(tampered).not.toBe(signed);
      expect(verifySignature(tampered)).toEqual({ ok: false, reason: '报文摘要不符：报文在加签后被修改' });
      expect(xmlCryptoVerifies(tampered)).toBe(false);
    }
  });
});

describe('Debian xmllint on fast-signed messages', () => {
  it.each(handMade)('$name validates', ({ schema, xml }) => {
    const signed = signEnveloped(xml, { schema, keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });
    const lint = xmllint(signed, schema);
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
  });
});

describe('hasSignature', () => {
  const signed = signEnveloped(goldenXml('CEB303'), { schema: 'export', keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });

  it('looks for a ds:Signature among the root\'s children only, by namespace', () => {
    expect(hasSignature(signed)).toBe(true);
    // the word in a field, an element of another namespace, a Signature deeper down: none counts
    expect(hasSignature(goldenXml('CEB303').replace('<ceb:note>', '<ceb:note>Signature '))).toBe(false);
    expect(hasSignature(goldenXml('CEB303').replace('</ceb:CEB303Message>', '<Signature/></ceb:CEB303Message>'))).toBe(false);
    expect(hasSignature(goldenXml('CEB303').replace('</ceb:Order>', `<ds:Signature xmlns:ds="${DSIG_NS}"/></ceb:Order>`))).toBe(false);
    // another prefix for the same namespace counts
    expect(hasSignature(goldenXml('CEB303').replace('</ceb:CEB303Message>', `<sig:Signature xmlns:sig="${DSIG_NS}"/></ceb:CEB303Message>`))).toBe(true);
  });

  it('refuses what is not XML once the text could hold a signature', () => {
    expect(() => hasSignature('<ceb:CEB303Message><ds:Signature>')).toThrow('报文不是合法的 XML');
  });
});

describe('placement edge cases', () => {
  it('a root written as an empty element gets an end tag around the Signature', () => {
    const xml = '<ceb:CEB303Message xmlns:ceb="http://www.chinaport.gov.cn/ceb" guid="A" version="1.0"/>';
    const signed = signEnveloped(xml, { schema: 'export', keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });
    expect(signed).toMatch(/^<ceb:CEB303Message [^>]*version="1.0"><ds:Signature [\s\S]*<\/ds:Signature><\/ceb:CEB303Message>$/);
    expect(verifySignature(signed)).toMatchObject({ ok: true });
    expect(xmlCryptoVerifies(signed)).toBe(true);
  });

  it('markup-like text in comments, CDATA, attributes and the prolog does not move the Signature', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!-- </ceb:CEB303Message> <ceb:ExtendMessage> -->
<?note </ceb:BaseTransfer> ?>
<ceb:CEB303Message xmlns:ceb="http://www.chinaport.gov.cn/ceb" guid="A" version="1.0" note="a > b">
  <ceb:Order><ceb:note><![CDATA[</ceb:Order> <ceb:ExtendMessage> ]]></ceb:note></ceb:Order>
  <ceb:BaseTransfer a='/> >' b="'>"/><!-- <ceb:ExtendMessage/> -->
</ceb:CEB303Message>
<!-- </ceb:CEB303Message> -->
`;
    const signed = signEnveloped(xml, { schema: 'export', keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });
    expect(signed.replace(signatureElement, '')).toBe(xml);
    expect(signed).toContain(`<ceb:BaseTransfer a='/> >' b="'>"/><ds:Signature `);
    expect(verifySignature(signed)).toMatchObject({ ok: true });
  });

  it('refuses to sign what is signed already or is not XML, with the Chinese reasons', () => {
    const signed = signEnveloped(goldenXml('CEB711'), { schema: 'import', keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });
    expect(() => signEnveloped(signed, { schema: 'import', signSignedInfo: signWithKey })).toThrow('报文已包含签名（ds:Signature），不能重复加签');
    expect(() => signEnveloped(goldenXml('CEB711').replace('</ceb:Delivery>', ''), { schema: 'import', signSignedInfo: signWithKey })).toThrow('报文不是合法的 XML，无法加签');
    expect(() => signEnveloped('no xml at all', { schema: 'import', signSignedInfo: signWithKey })).toThrow('报文不是合法的 XML，无法加签');
  });
});

describe('verifySignature reasons (the simulator refuses with them)', () => {
  const signed = signEnveloped(goldenXml('CEB303'), { schema: 'export', keyInfo: key.certificate.keyInfo, signSignedInfo: signWithKey });
  const signature = signatureElement.exec(signed)![0];

  it('names a misplaced, a doubled, a certificate-less or an unreadable signature', () => {
    const deeper = signed.replace(signature, '').replace('</ceb:Order>', `${signature}</ceb:Order>`);
    expect(verifySignature(deeper)).toEqual({ ok: false, reason: 'ds:Signature 不在报文根节点下' });
    expect(verifySignature(signed.replace(signature, signature + signature))).toEqual({ ok: false, reason: '报文含有2个签名，只允许一个' });
    expect(verifySignature(signed.replace(/<ds:KeyInfo>[\s\S]*<\/ds:KeyInfo>/, ''))).toEqual({ ok: false, reason: '签名缺少证书（KeyInfo/X509Data/X509Certificate）' });
    expect(verifySignature(signed.replace(/<ds:X509Certificate>[^<]+/, '<ds:X509Certificate>AAAA'))).toEqual({ ok: false, reason: expect.stringMatching(/^签名证书无法读取：/) });
    expect(verifySignature(signed.replace('<ds:Transforms>', `<ds:Transforms><ds:Transform Algorithm="${C14N_URI}"/>`))).toEqual({ ok: false, reason: '签名结构不正确：Transforms 应只含 enveloped-signature（实有2个）' });
    expect(verifySignature(signed.replace(`<ds:CanonicalizationMethod Algorithm="${C14N_URI}"/>`, '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>'))).toEqual({ ok: false, reason: '不支持的规范化方法：http://www.w3.org/2001/10/xml-exc-c14n#' });
    expect(verifySignature('<ceb:CEB303Message')).toEqual({ ok: false, reason: expect.stringMatching(/^报文不是合法的 XML/) });
  });

  it('accepts a signature value and digest written with line breaks, as some signing clients wrap base64', () => {
    const value = /<ds:SignatureValue>([^<]+)</.exec(signed)![1]!;
    const wrapped = signed.replace(value, value.replace(/.{64}/g, '$&\n'));
    expect(wrapped).not.toBe(signed);
    expect(verifySignature(wrapped)).toMatchObject({ ok: true });
  });
});
