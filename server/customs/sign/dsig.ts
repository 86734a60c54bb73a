/**
 * The enveloped XML-DSig of a CEB message, as the 202205 spec fixes it (ceb-messages §8):
 * inclusive C14N 20010315, sm2-sm3 with an sm3 digest or rsa-sha1 with sha1 (algorithms.ts), one
 * Reference URI="" with the enveloped-signature transform, KeyInfo = KeyName (certificate number)
 * + X509Data/X509Certificate — the official samples' layout. Only the
 * SignatureValue is produced by the caller, so the software key and the external UKey client share
 * this one path: the software signer signs the canonical SignedInfo at once, the external mode hands
 * the same canonical SignedInfo to the signing client and finishes the document when the signature
 * comes back (the SignedInfo depends on the algorithm, never on the key or the certificate).
 *
 * How (libxml2-wasm, one parse; xml-crypto did this ~10× slower and stays the tests' oracle): the
 * Signature text — the layout xml-crypto wrote — is spliced into the message string right after a
 * root child's end tag, adding no whitespace, so every other byte stays and removing the element
 * (the enveloped transform) gives back exactly the unsigned message. libxml2 parses the assembled
 * text once: it canonicalises SignedInfo in the document's namespace context, then drops the
 * Signature node and canonicalises the rest for the digest, which replaces a placeholder.
 *
 * Where the Signature goes (ceb-messages §1 notes): export root = body, BaseTransfer,
 * BaseSubscribe*, ds:Signature, ExtendMessage?; import root = …, ExtendMessage?, ds:Signature (last).
 */
import { signingText } from '../../../domain/texts/signing.ts';
import type { SchemaName } from '../schemas.ts';
import { escapeXmlText } from '../xml/escape.ts';
import { ALGORITHMS, type AlgorithmSpec } from './algorithms.ts';
import { rootChildSpans, type RootSpans } from './root-children.ts';
import type { SignAlgorithm } from './types.ts';
import { canonicalDocument, canonicalSubtree, childElements, withXmlDocument } from './xml-doc.ts';

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const C14N_URI = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ENVELOPED_URI = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export { RSA_SHA1_URI, SHA1_URI, SM2_SM3_URI, SM3_URI } from './algorithms.ts';

export interface KeyInfoParts {
  /** the certificate number (serial, hex) */
  keyName: string;
  /** base64 of the certificate's DER */
  certificate: string;
}

export interface EnvelopeOptions {
  schema: SchemaName;
  /** SignatureMethod and DigestMethod; rsa when omitted (the console's only algorithm before SM2) */
  algorithm?: SignAlgorithm;
  /** Produces the SignatureValue (base64) of the canonical SignedInfo (UTF-8 text). */
  signSignedInfo(canonicalSignedInfo: string): string;
  /** Omitted: no KeyInfo (only while computing the data to sign; never in a message that is sent). */
  keyInfo?: KeyInfoParts;
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/** Stands for the digest while SignedInfo is canonicalised (base64 never contains '-'). */
const DIGEST_PLACEHOLDER = 'digest-to-come';

/** The ds:Signature element as xml-crypto wrote it (no whitespace inside). */
function signatureText(algorithm: AlgorithmSpec, digest: string, value: string, keyInfo: KeyInfoParts | undefined): string {
  const key = keyInfo
    ? `<ds:KeyInfo><ds:KeyName>${escapeXmlText(keyInfo.keyName)}</ds:KeyName><ds:X509Data><ds:X509Certificate>${escapeXmlText(keyInfo.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`
    : '';
  return `<ds:Signature xmlns:ds="${DSIG_NS}"><ds:SignedInfo><ds:CanonicalizationMethod Algorithm="${C14N_URI}"/>`
    + `<ds:SignatureMethod Algorithm="${algorithm.signatureMethod}"/><ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="${ENVELOPED_URI}"/></ds:Transforms>`
    + `<ds:DigestMethod Algorithm="${algorithm.digestMethod}"/><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference></ds:SignedInfo>`
    + `<ds:SignatureValue>${escapeXmlText(value)}</ds:SignatureValue>${key}</ds:Signature>`;
}

/** The message text around the Signature, and the Signature's index among the root's child elements. */
interface Placement { before: string; after: string; index: number }

function placementOf(xml: string, spans: RootSpans, schema: SchemaName): Placement {
  const { children } = spans;
  if (spans.emptyRoot) {
    // <root …/> becomes <root …><ds:Signature …/></root>
    return { before: `${xml.slice(0, spans.close)}>`, after: `</${spans.rootQName}>${xml.slice(spans.close + 2)}`, index: 0 };
  }
  // Export: before ExtendMessage when there is one; import (and export without it): last.
  const extend = schema === 'export' ? children.findIndex((c) => localName(c.qname) === 'ExtendMessage') : -1;
  const index = extend >= 0 ? extend : children.length;
  // right after the previous child's end tag (the whitespace that followed it stays after the Signature)
  const at = index > 0 ? children[index - 1]!.end : extend >= 0 ? children[extend]!.start : spans.close;
  return { before: xml.slice(0, at), after: xml.slice(at), index };
}

/** Whether the message already carries a ds:Signature under its root. */
export function hasSignature(xml: string): boolean {
  // An element name cannot be written with character references: no "Signature" in the text, no element.
  if (!xml.includes('Signature')) return false;
  return withXmlDocument(xml, (doc) => childElements(doc.root, DSIG_NS, 'Signature').length > 0);
}

/** Signs the CEB message (a complete document, unsigned) and answers the signed document. */
export function signEnveloped(xml: string, options: EnvelopeOptions): string {
  const spans = rootChildSpans(xml);
  // not one element: libxml2 says what is wrong (or, should it accept the text, a plain refusal)
  if (!spans) withXmlDocument(xml, () => { throw new Error(signingText.notXml('')); });
  const { before, after, index } = placementOf(xml, spans!, options.schema);
  const algorithm = ALGORITHMS[options.algorithm ?? 'rsa'];

  const { canonicalWithPlaceholder, digest } = withXmlDocument(before + signatureText(algorithm, DIGEST_PLACEHOLDER, '', options.keyInfo) + after, (doc) => {
    const signatures = childElements(doc.root, DSIG_NS, 'Signature');
    if (signatures.length > 1) throw new Error(signingText.alreadySigned);
    const ours = childElements(doc.root)[index];
    if (signatures.length !== 1 || !ours?.isSameNode(signatures[0]!)) throw new Error('signEnveloped: the Signature did not land among the root\'s children where expected');
    const signedInfo = childElements(ours, DSIG_NS, 'SignedInfo')[0]!;
    const canonical = canonicalSubtree(doc, signedInfo);
    // the enveloped-signature transform: the document without its Signature element
    ours.remove();
    return { canonicalWithPlaceholder: canonical, digest: algorithm.digest(canonicalDocument(doc)) };
  });
  const value = options.signSignedInfo(canonicalWithPlaceholder.replace(DIGEST_PLACEHOLDER, digest));
  return before + signatureText(algorithm, digest, value, options.keyInfo) + after;
}

/**
 * The data the external client signs: the canonical SignedInfo (inclusive C14N, in the document's
 * namespace context) that signEnveloped will carry for this message. Deterministic: the same
 * message always yields the same text, so completing a signature can check it again.
 */
export function canonicalSignedInfoOf(xml: string, schema: SchemaName, algorithm: SignAlgorithm = 'rsa'): string {
  let captured: string | undefined;
  signEnveloped(xml, { schema, algorithm, signSignedInfo: (c) => { captured = c; return ''; } });
  return captured!;
}
