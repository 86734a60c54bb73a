/**
 * verifySignature: is this CEB message signed the way the console signs (ceb-messages §8) and does
 * the signature hold? What the simulator checks on every declaration it receives, as customs
 * rejects unsigned or badly signed messages (DXP codes 1001–1004).
 *
 * Checked: exactly one ds:Signature, a child of the root; the spec's fixed algorithms (inclusive
 * C14N, rsa-sha1, sha1, one Reference URI="" whose only Transform is enveloped-signature); an RSA
 * X509Certificate in KeyInfo; then, in xml-crypto's order, the digest of the document without the
 * Signature (libxml2 C14N of the parsed message after removing that element) and the
 * SignatureValue over the canonical SignedInfo with the certificate's key (node:crypto). The
 * certificate is not checked against a CA: that is customs' business (the software key is self-signed).
 */
import { createHash, verify as rsaVerify } from 'node:crypto';
import type { XmlElement } from 'libxml2-wasm';
import { signingText } from '../../../domain/texts/signing.ts';
import { readCertificate, requireRsa, type Certificate } from './certificate.ts';
import { C14N_URI, DSIG_NS, ENVELOPED_URI, RSA_SHA1_URI, SHA1_URI, SM2_SM3_URI, SM3_URI } from './dsig.ts';
import { canonicalDocument, canonicalSubtree, childElements, withXmlDocument } from './xml-doc.ts';

export type VerifyResult =
  | { ok: true; certificate: Certificate }
  | { ok: false; reason: string };

const t = signingText.verify;

/** A refusal with its Chinese reason (anything else thrown while checking is reported as t.failed). */
class Refusal extends Error {}

const dsChildren = (el: XmlElement, local?: string) => childElements(el, DSIG_NS, local);

const one = (el: XmlElement, local: string): XmlElement => {
  const found = dsChildren(el, local);
  if (found.length !== 1) throw new Refusal(t.badStructure(`${el.name} 应含一个 ${local}（实有${found.length}个）`));
  return found[0]!;
};

const algorithmOf = (el: XmlElement) => el.attr('Algorithm')?.value ?? '';

function expectAlgorithm(el: XmlElement, what: string, uri: string): void {
  const actual = algorithmOf(el);
  if (actual !== uri) throw new Refusal(t.algorithm(what, actual || '（空）'));
}

interface Parts { certificate: Certificate; signedInfo: XmlElement; digestValue: string; signatureValue: string }

/** The fixed SignedInfo layout and KeyInfo certificate; throws with the Chinese reason. */
function checkStructure(signature: XmlElement): Parts {
  const signedInfo = one(signature, 'SignedInfo');
  expectAlgorithm(one(signedInfo, 'CanonicalizationMethod'), '规范化方法', C14N_URI);
  const method = one(signedInfo, 'SignatureMethod');
  if (algorithmOf(method) === SM2_SM3_URI) throw new Refusal(t.sm2Unsupported);
  expectAlgorithm(method, '签名算法', RSA_SHA1_URI);
  const reference = one(signedInfo, 'Reference');
  if (reference.attr('URI')?.value !== '') throw new Refusal(t.badStructure('Reference 的 URI 必须为空（对整个报文签名）'));
  const transforms = dsChildren(one(reference, 'Transforms'), 'Transform');
  if (transforms.length !== 1) throw new Refusal(t.badStructure(`Transforms 应只含 enveloped-signature（实有${transforms.length}个）`));
  expectAlgorithm(transforms[0]!, '变换', ENVELOPED_URI);
  const digest = one(reference, 'DigestMethod');
  if (algorithmOf(digest) === SM3_URI) throw new Refusal(t.sm2Unsupported);
  expectAlgorithm(digest, '摘要算法', SHA1_URI);
  const digestValue = one(reference, 'DigestValue').content;
  const signatureValue = one(signature, 'SignatureValue').content;
  const keyInfo = dsChildren(signature, 'KeyInfo')[0];
  const certText = keyInfo ? dsChildren(keyInfo, 'X509Data').flatMap((d) => dsChildren(d, 'X509Certificate'))[0]?.content : undefined;
  if (!certText) throw new Refusal(t.noCertificate);
  let certificate: Certificate;
  try {
    certificate = readCertificate(certText);
    requireRsa(certificate);
  } catch (e) {
    throw new Refusal(t.badCertificate(e instanceof Error ? e.message : String(e)));
  }
  return { certificate, signedInfo, digestValue, signatureValue };
}

/** base64 values compared as bytes (line breaks and spaces in the text do not matter) */
const sameBase64 = (a: string, b: string) => Buffer.from(a, 'base64').equals(Buffer.from(b, 'base64'));

export function verifySignature(xml: string): VerifyResult {
  let parsed = false;
  try {
    return withXmlDocument(xml, (doc): VerifyResult => {
      parsed = true;
      const signatures = doc.find('//ds:Signature', { ds: DSIG_NS }) as XmlElement[];
      if (signatures.length === 0) return { ok: false, reason: t.noSignature };
      if (signatures.length > 1) return { ok: false, reason: t.manySignatures(signatures.length) };
      const signature = signatures[0]!;
      if (!signature.parent?.isSameNode(doc.root)) return { ok: false, reason: t.misplaced };

      const { certificate, signedInfo, digestValue, signatureValue } = checkStructure(signature);
      const canonicalSignedInfo = canonicalSubtree(doc, signedInfo);
      // the enveloped-signature transform: the document without its Signature element
      signature.remove();
      const digest = createHash('sha1').update(canonicalDocument(doc), 'utf8').digest('base64');
      if (!sameBase64(digest, digestValue)) return { ok: false, reason: t.digestMismatch };
      const valid = rsaVerify('sha1', Buffer.from(canonicalSignedInfo, 'utf8'), certificate.x509.publicKey, Buffer.from(signatureValue, 'base64'));
      return valid ? { ok: true, certificate } : { ok: false, reason: t.signatureMismatch };
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // not XML (withXmlDocument's reason), or a structure/algorithm/certificate refusal
    return { ok: false, reason: !parsed || e instanceof Refusal ? message : t.failed(message) };
  }
}
