/**
 * The text of a customs file's bytes, pure. Bytes win over labels: the XML declaration is written
 * by hand and often lies (UTF-8 files declared gb2312 are common), while the bytes cannot. So a
 * BOM decides; without one, bytes that are strictly valid UTF-8 are UTF-8 whatever the declaration
 * says (Chinese GBK text is practically never valid UTF-8); otherwise they are GB18030, the
 * superset of GBK and GB2312. Bytes valid in neither are refused with the reason — never decoded
 * with replacement characters, so no stored text is ever mojibake.
 */
import { customsText } from '../../../domain/texts/customs.ts';

export type XmlEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export interface DecodedXml {
  /** the text, BOM removed */
  text: string;
  /** what the bytes were read as */
  encoding: XmlEncoding;
}

export class XmlDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlDecodeError';
  }
}

const BOMS: readonly (readonly [bytes: readonly number[], encoding: XmlEncoding])[] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

const strict = (encoding: XmlEncoding, bytes: Uint8Array): string | undefined => {
  try {
    // ignoreBOM keeps a BOM in the text, so the caller sees exactly one rule for removing it
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
};

const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Decodes a file's bytes; throws XmlDecodeError (its message Chinese) when no encoding reads them cleanly. */
export function decodeXmlBytes(bytes: Uint8Array): DecodedXml {
  for (const [bom, encoding] of BOMS) {
    if (!bom.every((b, i) => bytes[i] === b)) continue;
    const text = strict(encoding, bytes);
    if (text === undefined) throw new XmlDecodeError(customsText.receiptBadBytes(customsText.encodingNames[encoding], true));
    return { text: withoutBom(text), encoding };
  }
  const utf8 = strict('utf-8', bytes);
  if (utf8 !== undefined) return { text: withoutBom(utf8), encoding: 'utf-8' };
  const gb = strict('gb18030', bytes);
  if (gb !== undefined) return { text: withoutBom(gb), encoding: 'gb18030' };
  throw new XmlDecodeError(customsText.receiptUndecodable);
}
