import { describe, expect, it } from 'vitest';
import { customsText } from '../../../domain/texts/customs.ts';
import { asGbk } from '../../../tests/customs/samples/samples.ts';
import { decodeXmlBytes, XmlDecodeError } from './decode.ts';

const doc = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?><r><returnInfo>海关入库成功</returnInfo></r>`;
const utf8 = (s: string) => new TextEncoder().encode(s);
const BOM = [0xef, 0xbb, 0xbf];

describe('decodeXmlBytes: the bytes decide, not the declaration', () => {
  it('reads UTF-8 bytes declared gb2312 as UTF-8 (no mojibake)', () => {
    expect(decodeXmlBytes(utf8(doc('gb2312')))).toEqual({ text: doc('gb2312'), encoding: 'utf-8' });
  });

  it('takes a UTF-8 BOM whatever the declaration says, and drops it', () => {
    for (const declared of ['UTF-8', 'gb2312', 'GBK']) {
      const bytes = new Uint8Array([...BOM, ...utf8(doc(declared))]);
      expect(decodeXmlBytes(bytes)).toEqual({ text: doc(declared), encoding: 'utf-8' });
    }
  });

  it('reads GBK bytes declared GBK (or declared UTF-8) as GB18030', () => {
    const gbk = asGbk(doc('UTF-8'));
    expect(decodeXmlBytes(gbk)).toEqual({ text: doc('GBK'), encoding: 'gb18030' });
  });

  it('reads UTF-16 by its BOM', () => {
    const text = doc('UTF-16');
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) { le[2 + 2 * i] = text.charCodeAt(i) & 0xff; le[3 + 2 * i] = text.charCodeAt(i) >> 8; }
    expect(decodeXmlBytes(le)).toEqual({ text, encoding: 'utf-16le' });
  });

  it('refuses bytes valid in neither UTF-8 nor GB18030, with the reason', () => {
    const garbage = new Uint8Array([...utf8('<r>'), 0x81, 0x20, 0xff, 0x80, ...utf8('</r>')]);
    expect(() => decodeXmlBytes(garbage)).toThrow(new XmlDecodeError(customsText.receiptUndecodable));
  });

  it('refuses a UTF-8 BOM in front of bytes that are not UTF-8', () => {
    const bytes = new Uint8Array([...BOM, ...asGbk(doc('UTF-8'))]);
    expect(() => decodeXmlBytes(bytes)).toThrow(customsText.receiptBadBytes('UTF-8', true));
  });
});
