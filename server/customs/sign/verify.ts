/**
 * verifySignature: is this CEB message signed the way the console signs (ceb-messages §8) and does
 * the signature hold? What the simulator checks on every declaration it receives, as customs
 * rejects unsigned or badly signed messages (DXP codes 1001–1004).
 *
 * The one verifier: the simulator, the external signing mode (before a client's signature is
 * accepted), the 查看报文 view and the tests all call it.
 *
 * Checked: exactly one ds:Signature, a child of the root; the spec's fixed layout (inclusive C14N,
 * one Reference URI="" whose only Transform is enveloped-signature) with one of its two algorithm
 * pairs (algorithms.ts: sm2-sm3 + sm3, or rsa-sha1 + sha1); an X509Certificate in KeyInfo whose key
 * signs with that algorithm; then, in xml-crypto's order, the digest of the document without the
 * Signature (libxml2 C14N of the parsed message after removing that element) and the
 * SignatureValue over the canonical SignedInfo with the certificate's key. The certificate is not
 * checked against a CA: that is customs' business (the software key is self-signed).
 */
import type { XmlElement } from 'libxml2-wasm';
import type { SignatureReport } from '../../../domain/customs/signature.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import { algorithmOfSignatureMethod, type AlgorithmSpec } from './algorithms.ts';
import { readCertificate, requireSigningKey, type Certificate } from './certificate.ts';
import { C14N_URI, DSIG_NS, ENVELOPED_URI } from './dsig.ts';
import type { SignAlgorithm } from './types.ts';
import { canonicalDocument, canonicalSubtree, childElements, withXmlDocument } from './xml-doc.ts';

export type { SignatureReport } from '../../../domain/customs/signature.ts';

export type VerifyResult =
  | { ok: true; algorithm: SignAlgorithm; certificate: Certificate }
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

interface Parts { algorithm: AlgorithmSpec; certificate: Certificate; signedInfo: XmlElement; digestValue: string; signatureValue: string }

/** The fixed SignedInfo layout and KeyInfo certificate; throws with the Chinese reason. */
function checkStructure(signature: XmlElement): Parts {
  const signedInfo = one(signature, 'SignedInfo');
  expectAlgorithm(one(signedInfo, 'CanonicalizationMethod'), '规范化方法', C14N_URI);
  const method = one(signedInfo, 'SignatureMethod');
  const algorithm = algorithmOfSignatureMethod(algorithmOf(method));
  if (!algorithm) throw new Refusal(t.algorithm('签名算法', algorithmOf(method) || '（空）'));
  const reference = one(signedInfo, 'Reference');
  if (reference.attr('URI')?.value !== '') throw new Refusal(t.badStructure('Reference 的 URI 必须为空（对整个报文签名）'));
  const transforms = dsChildren(one(reference, 'Transforms'), 'Transform');
  if (transforms.length !== 1) throw new Refusal(t.badStructure(`Transforms 应只含 enveloped-signature（实有${transforms.length}个）`));
  expectAlgorithm(transforms[0]!, '变换', ENVELOPED_URI);
  // the pair is fixed: sm2-sm3 digests with sm3, rsa-sha1 with sha1
  expectAlgorithm(one(reference, 'DigestMethod'), '摘要算法', algorithm.digestMethod);
  const digestValue = one(reference, 'DigestValue').content;
  const signatureValue = one(signature, 'SignatureValue').content;
  const keyInfo = dsChildren(signature, 'KeyInfo')[0];
  const certText = keyInfo ? dsChildren(keyInfo, 'X509Data').flatMap((d) => dsChildren(d, 'X509Certificate'))[0]?.content : undefined;
  if (!certText) throw new Refusal(t.noCertificate);
  let certificate: Certificate;
  try {
    certificate = readCertificate(certText);
    requireSigningKey(certificate);
  } catch (e) {
    throw new Refusal(t.badCertificate(e instanceof Error ? e.message : String(e)));
  }
  if (certificate.algorithm !== algorithm.id) throw new Refusal(t.certificateAlgorithm(algorithm.id, certificate.algorithm!));
  return { algorithm, certificate, signedInfo, digestValue, signatureValue };
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
      const refused = (reason: string): VerifyResult => ({ ok: false, reason });
      if (!signature.parent?.isSameNode(doc.root)) return refused(t.misplaced);

      const { algorithm, certificate, signedInfo, digestValue, signatureValue } = checkStructure(signature);
      const canonicalSignedInfo = canonicalSubtree(doc, signedInfo);
      // the enveloped-signature transform: the document without its Signature element
      signature.remove();
      if (!sameBase64(algorithm.digest(canonicalDocument(doc)), digestValue)) return refused(t.digestMismatch);
      const valid = algorithm.verify(canonicalSignedInfo, Buffer.from(signatureValue, 'base64'), certificate);
      return valid ? { ok: true, algorithm: algorithm.id, certificate } : refused(t.signatureMismatch);
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // not XML (withXmlDocument's reason), or a structure/algorithm/certificate refusal
    return { ok: false, reason: !parsed || e instanceof Refusal ? message : t.failed(message) };
  }
}

/** What the 查看报文 view shows of a message's signature: the algorithm, and verifySignature's verdict. */
export function reportSignature(xml: string): SignatureReport {
  let method: string | undefined;
  try {
    method = withXmlDocument(xml, (doc) => {
      const found = doc.find('/*/ds:Signature/ds:SignedInfo/ds:SignatureMethod', { ds: DSIG_NS }) as XmlElement[];
      return found[0] ? algorithmOf(found[0]) : (doc.find('//ds:Signature', { ds: DSIG_NS }).length > 0 ? '' : undefined);
    });
  } catch {
    return { signed: false, ok: false };
  }
  if (method === undefined) return { signed: false, ok: false };
  const result = verifySignature(xml);
  const algorithm = algorithmOfSignatureMethod(method)?.id;
  return {
    signed: true, ok: result.ok, signatureMethod: method,
    ...(algorithm ? { algorithm } : {}),
    ...(result.ok ? {} : { reason: result.reason }),
  };
}
