/**
 * The libxml2 (wasm) side of signing and verification: parsing a message, walking element
 * children, inclusive C14N 1.0 of the document or of one subtree. The module is the one
 * initCustomsSchemas() loads (the customs plugin awaits it before any message is built); documents
 * live in wasm memory, so withXmlDocument always disposes them.
 */
import type { XmlDocument, XmlElement, XmlNode } from 'libxml2-wasm';
import { signingText } from '../../../domain/texts/signing.ts';
import { loadedLibxml } from '../schemas.ts';

/**
 * Parses `xml` (no network, no external entities), runs `fn` on it and frees it. Throws
 * signingText.notXml with libxml2's first complaint when the text is not well-formed XML.
 */
export function withXmlDocument<T>(xml: string, fn: (doc: XmlDocument) => T): T {
  const lib = loadedLibxml();
  let doc: XmlDocument;
  try {
    // Node's UTF-8 encoder rather than fromString's JS one (≈3× faster on Chinese text); the text is
    // read as UTF-8 whatever its declaration says, as it is a JS string, not bytes in that encoding.
    doc = lib.XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'), { encoding: 'utf-8', option: lib.ParseOption.XML_PARSE_NONET | lib.ParseOption.XML_PARSE_NO_XXE });
  } catch (e) {
    const detail = e instanceof lib.XmlLibError && e.details.length > 0 ? e.details[0]!.message : e instanceof Error ? e.message : String(e);
    throw new Error(signingText.notXml(detail.trim().split('\n')[0]!));
  }
  try {
    return fn(doc);
  } finally {
    doc.dispose();
  }
}

/** The element children of `el`, optionally only those in namespace `ns` (and named `local`). */
export function childElements(el: XmlElement, ns?: string, local?: string): XmlElement[] {
  const { XmlElement: Element } = loadedLibxml();
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.next) {
    if (!(n instanceof Element)) continue;
    if (ns !== undefined && n.namespaceUri !== ns) continue;
    if (local !== undefined && n.name !== local) continue;
    out.push(n);
  }
  return out;
}

/** Inclusive C14N 1.0 without comments of the whole document (URI="" after its transforms). */
export function canonicalDocument(doc: XmlDocument): string {
  return doc.canonicalizeToString({ mode: loadedLibxml().XmlC14NMode.XML_C14N_1_0 });
}

/**
 * Inclusive C14N 1.0 of one element's subtree in its document: the namespaces in scope from its
 * ancestors are written on it, as XML-DSig canonicalises SignedInfo. A node set rather than the
 * node's own canonicalizeToString: libxml2-wasm then filters by pointer, without a JS object per node.
 */
export function canonicalSubtree(doc: XmlDocument, node: XmlNode): string {
  return doc.canonicalizeToString({ mode: loadedLibxml().XmlC14NMode.XML_C14N_1_0, nodeSet: new Set([node]) });
}
