/**
 * The canonical forms a signature covers, computed independently of the signer (libxml2's C14N 1.0
 * with a visibility filter for the enveloped transform), for the RSA and the SM2 signature tests.
 */
import { DSIG_NS } from '../../server/customs/sign/dsig.ts';

const lib = await import('libxml2-wasm');

export interface CanonicalForms {
  /** the document without its Signature */
  document: string;
  /** the SignedInfo subtree */
  signedInfo: string;
  /** the text of an element under the Signature (ds:SignatureValue, …), white space removed */
  text: (path: string) => string;
}

export function independentCanonicalForms(xml: string): CanonicalForms {
  const doc = lib.XmlDocument.fromString(xml);
  try {
    const ns = { ds: DSIG_NS };
    const signature = doc.get('/*/ds:Signature', ns)!;
    const inSignature = (node: { isSameNode(o: never): boolean; parent: unknown } | null): boolean => {
      for (let n = node; n; n = n.parent as typeof n) if (n.isSameNode(signature as never)) return true;
      return false;
    };
    const document = doc.canonicalizeToString({
      mode: lib.XmlC14NMode.XML_C14N_1_0,
      isVisible: (node, parent) => !inSignature(node as never) && !inSignature(parent as never),
    });
    const signedInfo = doc.get('/*/ds:Signature/ds:SignedInfo', ns)!.canonicalizeToString({ mode: lib.XmlC14NMode.XML_C14N_1_0 });
    const values = new Map<string, string>();
    for (const path of ['ds:SignedInfo/ds:Reference/ds:DigestValue', 'ds:SignatureValue', 'ds:KeyInfo/ds:X509Data/ds:X509Certificate']) {
      values.set(path, (doc.get(`/*/ds:Signature/${path}`, ns) as unknown as { content: string }).content.replace(/\s+/g, ''));
    }
    return { document, signedInfo, text: (path) => values.get(path)! };
  } finally {
    doc.dispose();
  }
}
