/**
 * SM2/SM3 against the standards' published examples and against an independent implementation
 * (the openssl CLI with GM/T 0009's distinguishing ID), both ways.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { opensslSm2, opensslSm2Verify } from '../../../tests/helpers/openssl.ts';
import { derToRawSignature, generateSm2KeyPair, rawToDerSignature, sm2PublicKeyOf, sm2Sign, sm2Verify, sm3 } from './sm2.ts';
import { readSm2PrivateKeyPem, sm2PublicKeyInfo } from './sm2-der.ts';

const spkiPem = (publicKeyHex: string) => `-----BEGIN PUBLIC KEY-----\n${sm2PublicKeyInfo(publicKeyHex).toString('base64')}\n-----END PUBLIC KEY-----\n`;

describe('SM3 (GB/T 32905-2016 appendix A)', () => {
  it('hashes the standard\'s two examples', () => {
    expect(sm3('abc').toString('hex')).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
    expect(sm3('abcd'.repeat(16)).toString('hex')).toBe('debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732');
  });
});

/**
 * GM/T 0003.5-2012 (GB/T 32918.5-2017) signature example on the recommended curve: the message
 * "message digest", user ID 1234567812345678, the key and the random k below, the published r and s.
 */
const KAT = {
  d: '3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8',
  publicKey: '04' + '09f9df311e5421a150dd7d161e4bc5c672179fad1833fc076bb08ff356f35020' + 'ccea490ce26775a52dc6ea718cc1aa600aed05fbf35e084a6632f6072da9ad13',
  message: 'message digest',
  k: '59276e27d506861a16680f3ad9c02dccef3cc1fa3cdbe4ce6d54b80deac1bc21',
  r: 'f5a03b0648d2c4630eeac513e1bb81a15944da3827d5b74143ac7eaceee720b3',
  s: 'b1b6aa29df212fd8763182bc0d421ca1bb9038fd1f7f42d4840b69c485bbc1aa',
};
const katSignature = Buffer.from(KAT.r + KAT.s, 'hex');

describe('SM2 signature, the standard\'s example', () => {
  it('derives the published public key from the private key', () => {
    expect(sm2PublicKeyOf(KAT.d)).toBe(KAT.publicKey);
  });

  it('verifies the published signature with the published public key', () => {
    expect(sm2Verify(KAT.message, katSignature, KAT.publicKey)).toBe(true);
    expect(sm2Verify('message digesT', katSignature, KAT.publicKey)).toBe(false);
  });

  it('reproduces r and s with the standard\'s k', () => {
    expect(sm2Sign(KAT.message, { privateKey: KAT.d, publicKey: KAT.publicKey }, { fixedK: KAT.k }).toString('hex')).toBe(KAT.r + KAT.s);
  });

  it('the openssl CLI verifies the published signature too (the oracle agrees with the standard)', () => {
    expect(opensslSm2Verify(spkiPem(KAT.publicKey), KAT.message, rawToDerSignature(katSignature))).toBe(true);
  });
});

describe('SM2 round trip and tampering', () => {
  const key = generateSm2KeyPair();
  const data = Buffer.from('<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">跨境 &amp; 签名</ds:SignedInfo>', 'utf8');

  it('signs 64 bytes r ‖ s that verify, and differ each time (a fresh k)', () => {
    const a = sm2Sign(data, key);
    const b = sm2Sign(data, key);
    expect(a).toHaveLength(64);
    expect(a.equals(b)).toBe(false);
    expect(sm2Verify(data, a, key.publicKey)).toBe(true);
    expect(sm2Verify(data, b, key.publicKey)).toBe(true);
    // the DER form of the same signature verifies as well
    expect(sm2Verify(data, rawToDerSignature(a), key.publicKey)).toBe(true);
  });

  it('fails for a changed message, a changed signature, another key, and out-of-range values', () => {
    const sig = sm2Sign(data, key);
    const changed = Buffer.from(data);
    changed[10] = changed[10]! ^ 1;
    expect(sm2Verify(changed, sig, key.publicKey)).toBe(false);
    const flipped = Buffer.from(sig);
    flipped[40] = flipped[40]! ^ 0x80;
    expect(sm2Verify(data, flipped, key.publicKey)).toBe(false);
    expect(sm2Verify(data, sig, generateSm2KeyPair().publicKey)).toBe(false);
    expect(sm2Verify(data, Buffer.alloc(64), key.publicKey)).toBe(false);
    expect(sm2Verify(data, Buffer.alloc(64, 0xff), key.publicKey)).toBe(false);
    expect(sm2Verify(data, sig.subarray(0, 63), key.publicKey)).toBe(false);
  });
});

describe('against the openssl CLI (an independent SM2 implementation)', () => {
  const card = opensslSm2();
  afterAll(() => card.close());
  const data = '<ds:SignedInfo>报文 1234567812345678</ds:SignedInfo>';

  it('openssl verifies our signatures with the standard user ID', () => {
    const key = generateSm2KeyPair();
    for (let i = 0; i < 3; i++) {
      const sig = sm2Sign(Buffer.from(data, 'utf8'), key);
      expect(opensslSm2Verify(spkiPem(key.publicKey), data, rawToDerSignature(sig))).toBe(true);
    }
    // and refuses one over other data
    expect(opensslSm2Verify(spkiPem(key.publicKey), `${data}x`, rawToDerSignature(sm2Sign(data, key)))).toBe(false);
  });

  it('we verify openssl\'s signatures (DER, and as r ‖ s)', () => {
    const { publicKey } = readSm2PrivateKeyPem(card.keyPem);
    const der = card.sign(data);
    expect(sm2Verify(data, der, publicKey)).toBe(true);
    expect(sm2Verify(data, derToRawSignature(der)!, publicKey)).toBe(true);
    expect(sm2Verify(`${data} `, der, publicKey)).toBe(false);
  });
});

describe('the DER form of a signature (SEQUENCE { INTEGER r, INTEGER s })', () => {
  it('round-trips, including values with a high bit or leading zero bytes', () => {
    const cases = [
      Buffer.concat([Buffer.alloc(32, 0x80), Buffer.alloc(32, 0x01)]),
      Buffer.concat([Buffer.from([0, 0, 5, ...Buffer.alloc(29, 7)]), Buffer.alloc(32, 0xff)]),
      katSignature,
    ];
    for (const raw of cases) {
      const der = rawToDerSignature(raw);
      expect(der[0]).toBe(0x30);
      expect(derToRawSignature(der)!.equals(raw)).toBe(true);
    }
    expect(rawToDerSignature(cases[0]!).toString('hex').slice(0, 12)).toBe('3045022100' + '80');
  });

  it('refuses what is not exactly one strict DER signature', () => {
    const der = rawToDerSignature(katSignature);
    expect(derToRawSignature(Buffer.concat([der, Buffer.from([0])]))).toBeUndefined();
    expect(derToRawSignature(der.subarray(0, der.length - 1))).toBeUndefined();
    expect(derToRawSignature(Buffer.from('3006020100020100', 'hex'))).toEqual(Buffer.alloc(64));
    // a needless leading zero byte, a negative integer, a wrong tag
    expect(derToRawSignature(Buffer.from('300702020001020101', 'hex'))).toBeUndefined();
    expect(derToRawSignature(Buffer.from('3006020180020101', 'hex'))).toBeUndefined();
    expect(derToRawSignature(Buffer.from('3106020101020101', 'hex'))).toBeUndefined();
  });
});
