/**
 * SM2 signatures with SM3 (GB/T 32918.2 / GM/T 0003.2, user ID per GM/T 0009): the elliptic-curve
 * work is sm-crypto-v2's (built on @noble/curves' field arithmetic); SM3 is node:crypto's (OpenSSL).
 *
 *   e = SM3(Z ‖ M), Z = SM3(ENTL ‖ ID ‖ a ‖ b ‖ xG ‖ yG ‖ xA ‖ yA), ID = "1234567812345678"
 *
 * Z depends only on the public key, so it is computed once per key (sm-crypto-v2's getZ) and e with
 * node's SM3, which is ~1.6× faster than hashing the message in JS; sm-crypto-v2 then signs e as it
 * stands (no `hash` option). Checked against the standard's example and the openssl CLI
 * (`-sigopt distid:1234567812345678`) in sm2.test.ts.
 *
 * Signatures travel as raw r ‖ s (64 bytes, what UKeys return and XML-DSig uses for EC signatures);
 * X.509 certificates carry them DER-encoded (SEQUENCE { INTEGER r, INTEGER s }): both codecs are here.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

type SmCrypto = typeof import('sm-crypto-v2');
let loaded: SmCrypto['sm2'] | undefined;
/** sm-crypto-v2, loaded on the first SM2 operation rather than with the server (it takes 30–90 ms) */
const lib = () => (loaded ??= (createRequire(import.meta.url)('sm-crypto-v2') as SmCrypto).sm2);

export const SM2_USER_ID = '1234567812345678';
/** bytes of r ‖ s */
export const SM2_RAW_SIGNATURE_BYTES = 64;

export interface Sm2KeyPair {
  /** d, 64 hex digits */
  privateKey: string;
  /** 04 ‖ x ‖ y, 130 hex digits (uncompressed point) */
  publicKey: string;
}

export function sm3(data: Buffer | string): Buffer {
  return createHash('sm3').update(data).digest();
}

export function generateSm2KeyPair(): Sm2KeyPair {
  const { privateKey, publicKey } = lib().generateKeyPairHex();
  return { privateKey, publicKey: uncompressed(publicKey) };
}

export function sm2PublicKeyOf(privateKeyHex: string): string {
  return uncompressed(lib().getPublicKeyFromPrivateKey(privateKeyHex));
}

/** 04 ‖ x ‖ y; throws when the text is no point of the SM2 curve. */
function uncompressed(publicKeyHex: string): string {
  const hex = publicKeyHex.toLowerCase();
  const full = hex.length === 128 ? `04${hex}` : hex;
  if (!/^04[0-9a-f]{128}$/.test(full) || !lib().verifyPublicKey(full)) throw new Error('not an SM2 public key');
  return full;
}

/** Per public key: Z and the point with its precomputed multiples (the verifier sees the same few keys). */
interface KeyContext { z: Buffer; point: ReturnType<SmCrypto['sm2']['precomputePublicKey']> }
const contexts = new Map<string, KeyContext>();
const MAX_CONTEXTS = 64;

function contextOf(publicKeyHex: string): KeyContext {
  const key = uncompressed(publicKeyHex);
  let ctx = contexts.get(key);
  if (!ctx) {
    if (contexts.size >= MAX_CONTEXTS) contexts.delete(contexts.keys().next().value!);
    ctx = { z: Buffer.from(lib().getZ(key, SM2_USER_ID)), point: lib().precomputePublicKey(key) };
    contexts.set(key, ctx);
  }
  return ctx;
}

/** e = SM3(Z ‖ M) for this public key */
function digestFor(publicKeyHex: string, data: Buffer | string): Uint8Array {
  return createHash('sm3').update(contextOf(publicKeyHex).z).update(data).digest();
}

export interface Sm2SignOptions {
  /**
   * The per-signature random k, hex. Only for reproducing the standard's published example in
   * tests: a fixed k reveals the private key to anyone holding two signatures made with it.
   */
  fixedK?: string;
}

/** SM2 signature of `data` (UTF-8 when a string): raw r ‖ s, 64 bytes. */
export function sm2Sign(data: Buffer | string, key: Sm2KeyPair, options: Sm2SignOptions = {}): Buffer {
  const e = digestFor(key.publicKey, data);
  const pointPool = options.fixedK ? [{ k: BigInt(`0x${options.fixedK}`), x1: BigInt(`0x${lib().getPublicKeyFromPrivateKey(options.fixedK).slice(2, 66)}`) }] : undefined;
  const hex = lib().doSignature(e, key.privateKey, pointPool ? { pointPool } : {});
  return Buffer.from(hex, 'hex');
}

/** Whether `signature` (raw r ‖ s, or DER) is an SM2 signature of `data` by `publicKeyHex`. */
export function sm2Verify(data: Buffer | string, signature: Buffer, publicKeyHex: string): boolean {
  const raw = signature.length === SM2_RAW_SIGNATURE_BYTES ? signature : derToRawSignature(signature);
  if (!raw) return false;
  const r = BigInt(`0x${raw.subarray(0, 32).toString('hex')}`);
  const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
  // the standard's range checks (B1, B2): sm-crypto-v2's verify does the curve equation only
  if (r < 1n || s < 1n || r >= SM2_ORDER || s >= SM2_ORDER) return false;
  const { point } = contextOf(publicKeyHex);
  return lib().doVerifySignature(digestFor(publicKeyHex, data), raw.toString('hex'), point);
}

/** n, the order of the SM2 curve's base point (GB/T 32918.5) */
const SM2_ORDER = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;

// ── ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (GM/T 0009 SM2Signature) ─────────────────

function derInteger(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  const trimmed = bytes.subarray(i);
  // a leading 1 bit would read as negative: prefix a zero byte
  const body = trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
  return Buffer.concat([Buffer.from([0x02, body.length]), body]);
}

export function rawToDerSignature(raw: Buffer): Buffer {
  if (raw.length !== SM2_RAW_SIGNATURE_BYTES) throw new Error('an SM2 signature is 64 bytes r ‖ s');
  const body = Buffer.concat([derInteger(raw.subarray(0, 32)), derInteger(raw.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

/** r ‖ s of a DER SM2 signature, or undefined when it is not exactly one (strict DER, 32-byte values). */
export function derToRawSignature(der: Buffer): Buffer | undefined {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return undefined;
  const out: Buffer[] = [];
  let at = 2;
  for (let i = 0; i < 2; i++) {
    if (der[at] !== 0x02) return undefined;
    const len = der[at + 1]!;
    const value = der.subarray(at + 2, at + 2 + len);
    if (len === 0 || value.length !== len || len > 33) return undefined;
    // minimal encoding: no needless zero byte, never negative
    if (value[0]! & 0x80 || (len > 1 && value[0] === 0 && !(value[1]! & 0x80))) return undefined;
    const unsigned = value[0] === 0 ? value.subarray(1) : value;
    if (unsigned.length > 32) return undefined;
    out.push(Buffer.concat([Buffer.alloc(32 - unsigned.length), unsigned]));
    at += 2 + len;
  }
  return at === der.length ? Buffer.concat(out) : undefined;
}
