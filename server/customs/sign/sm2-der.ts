/**
 * The DER files of an SM2 key, as OpenSSL writes and reads them (node-forge's ASN.1 encoder; forge
 * itself knows no SM2): the private key as PKCS#8 (id-ecPublicKey with the SM2 curve, inside an
 * RFC 5915 ECPrivateKey carrying the public point), the public key as SubjectPublicKeyInfo, and a
 * self-issued X.509 v3 certificate signed SM2-with-SM3 (GM/T 0015: the signature over the DER
 * TBSCertificate with the default user ID, DER-encoded r and s).
 */
import { createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { rawToDerSignature, sm2PublicKeyOf, sm2Sign, type Sm2KeyPair } from './sm2.ts';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

export const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';
export const OID_SM2_CURVE = '1.2.156.10197.1.301';
export const OID_SM2_WITH_SM3 = '1.2.156.10197.1.501';

const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const bytes = (b: Buffer) => b.toString('binary');
const seq = (items: Asn1[]) => asn1.create(U, T.SEQUENCE, true, items);
const oid = (id: string) => asn1.create(U, T.OID, false, asn1.oidToDer(id).getBytes());
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const octets = (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, bytes(b));
/** BIT STRING with no unused bits */
const bits = (b: Buffer) => asn1.create(U, T.BITSTRING, false, `\u0000${bytes(b)}`);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const pem = (label: string, body: Buffer) => `-----BEGIN ${label}-----\n${body.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;

/** forge's encoder of a certificate's extensions, which its type declarations leave out */
const extensionsToAsn1 = (forge.pki as unknown as { certificateExtensionsToAsn1(exts: unknown[]): Asn1 }).certificateExtensionsToAsn1;

const sm2Algorithm = () => seq([oid(OID_EC_PUBLIC_KEY), oid(OID_SM2_CURVE)]);

export function sm2PrivateKeyPem(key: Sm2KeyPair): string {
  const ecPrivateKey = seq([
    int(1),
    octets(Buffer.from(key.privateKey, 'hex')),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, true, [bits(Buffer.from(key.publicKey, 'hex'))]),
  ]);
  return pem('PRIVATE KEY', der(seq([int(0), sm2Algorithm(), octets(der(ecPrivateKey))])));
}

const publicKeyInfo = (publicKeyHex: string) => seq([sm2Algorithm(), bits(Buffer.from(publicKeyHex, 'hex'))]);

export function sm2PublicKeyInfo(publicKeyHex: string): Buffer {
  return der(publicKeyInfo(publicKeyHex));
}

/** The key pair of a PKCS#8 SM2 private key (this file's, or OpenSSL's `genpkey -algorithm SM2`); throws otherwise. */
export function readSm2PrivateKeyPem(text: string): Sm2KeyPair {
  const body = /-----BEGIN PRIVATE KEY-----([\s\S]*?)-----END PRIVATE KEY-----/.exec(text)?.[1];
  if (!body) throw new Error('not a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)');
  const info = asn1.fromDer(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('binary'));
  const [, algorithm, wrapped] = info.value as Asn1[];
  const [keyType, curve] = (algorithm?.value ?? []) as Asn1[];
  const oidOf = (n: Asn1 | undefined) => (n && n.type === T.OID ? asn1.derToOid(n.value as string) : '');
  if (oidOf(keyType) !== OID_EC_PUBLIC_KEY || oidOf(curve) !== OID_SM2_CURVE) throw new Error('not an SM2 key (id-ecPublicKey with the SM2 curve)');
  const ecPrivateKey = asn1.fromDer(wrapped!.value as string);
  const d = Buffer.from((ecPrivateKey.value as Asn1[])[1]!.value as string, 'binary');
  if (d.length === 0 || d.length > 32) throw new Error('SM2 private key of the wrong length');
  const privateKey = Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('hex');
  return { privateKey, publicKey: sm2PublicKeyOf(privateKey) };
}

/** A positive serial (DER INTEGER without a sign bit), 8 random bytes. */
function newSerial(): Buffer {
  const serial = randomBytes(8);
  serial[0] = (serial[0]! & 0x7f) | 0x10;
  return serial;
}

export interface Sm2CertificateOptions {
  /** CN (UTF8String) and O of both subject and issuer */
  commonName: string;
  organization: string;
  notBefore: Date;
  notAfter: Date;
}

/** time as RFC 5280 wants it: UTCTime through 2049, GeneralizedTime after */
const time = (d: Date) => d.getUTCFullYear() < 2050
  ? asn1.create(U, T.UTCTIME, false, asn1.dateToUtcTime(d))
  : asn1.create(U, T.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(d));

/** A self-issued SM2 certificate of `key`, DER. */
export function selfIssuedSm2Certificate(key: Sm2KeyPair, options: Sm2CertificateOptions): Buffer {
  // forge's name and extension encoders (a certificate object only carries them; its key is never used)
  const holder = forge.pki.createCertificate();
  holder.setSubject([
    { shortName: 'CN', value: options.commonName, valueTagClass: T.UTF8 as unknown as forge.asn1.Class },
    { shortName: 'O', value: options.organization },
  ]);
  holder.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  const point = Buffer.from(key.publicKey, 'hex');
  // RFC 5280 4.2.1.2 (1): the SHA-1 of the subjectPublicKey bits
  const keyId = createHash('sha1').update(point).digest();
  const extensions = [...holder.extensions, { id: '2.5.29.14', critical: false, value: octets(keyId) }];
  const name = forge.pki.distinguishedNameToAsn1(holder.subject);
  const signatureAlgorithm = () => seq([oid(OID_SM2_WITH_SM3)]);

  const tbsNode = seq([
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [int(2)]),
    asn1.create(U, T.INTEGER, false, bytes(newSerial())),
    signatureAlgorithm(),
    name,
    seq([time(options.notBefore), time(options.notAfter)]),
    forge.pki.distinguishedNameToAsn1(holder.subject),
    publicKeyInfo(key.publicKey),
    extensionsToAsn1(extensions),
  ]);
  const signature = rawToDerSignature(sm2Sign(der(tbsNode), key));
  return der(seq([tbsNode, signatureAlgorithm(), bits(signature)]));
}

export function certificatePem(certificateDer: Buffer): string {
  return pem('CERTIFICATE', certificateDer);
}
