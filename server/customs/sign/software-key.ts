/**
 * The software signing keys, one per SIGN_ALGORITHM: an SM2 key (sm2-signing-key.pem, PKCS#8 as
 * OpenSSL writes it) or an RSA 2048 key (signing-key.pem), each with a self-issued X.509 v3
 * certificate, made on first use and kept under DATA_DIR/customs-key/ (PEM files, mode 0600,
 * folder 0700), reused afterwards. Switching SIGN_ALGORITHM keeps the other key's files.
 *
 * Several processes may share one DATA_DIR: each file is written to a private temporary name and
 * linked into place (link fails when the name exists), so the first writer wins and the others read
 * its file; the key is the identity, the certificate is always made from the key on disk. A key
 * and certificate that do not belong together are refused, never silently replaced.
 *
 * The RSA certificate is made with node-forge (pure JavaScript, no dependencies; node:crypto cannot
 * issue certificates), the SM2 one from node-forge's ASN.1 encoder signed by sm-crypto-v2
 * (sm2-der.ts; forge knows no SM2, and no CLI is run). Either is self-signed: customs would need one issued by the e-port's CA, which
 * comes on the company's UKey (SIGN_MODE=external); this key serves the simulator, demos and tests.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signingText } from '../../../domain/texts/signing.ts';
import { readCertificate, type Certificate } from './certificate.ts';
import { generateSm2KeyPair, type Sm2KeyPair } from './sm2.ts';

export const KEY_DIR = 'customs-key';
export const KEY_FILE = 'signing-key.pem';
export const CERT_FILE = 'signing-cert.pem';
export const SM2_KEY_FILE = 'sm2-signing-key.pem';
export const SM2_CERT_FILE = 'sm2-signing-cert.pem';
const CERT_YEARS = 10;

/** The RSA key */
export interface SoftwareKey {
  privateKey: KeyObject;
  certificate: Certificate;
}

export interface Sm2SoftwareKey {
  keyPair: Sm2KeyPair;
  certificate: Certificate;
}

const generateRsa = promisify(generateKeyPair);

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** Writes `content` to `path` unless the file exists; answers what `path` holds afterwards. */
async function createOnce(path: string, content: string): Promise<string> {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, content, { mode: 0o600, flag: 'wx' });
  try {
    await link(tmp, path);
    return content;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return readFile(path, 'utf8');
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/** A day back: a verifier whose clock runs a little behind still accepts the certificate. */
const validity = () => {
  const now = Date.now();
  return { notBefore: new Date(now - 24 * 3600 * 1000), notAfter: new Date(now + CERT_YEARS * 365 * 24 * 3600 * 1000) };
};

/** A positive serial (DER INTEGER without a sign bit), 8 random bytes, hex. */
function newSerial(): string {
  const bytes = randomBytes(8);
  bytes[0] = (bytes[0]! & 0x7f) | 0x10;
  return bytes.toString('hex');
}

async function selfSignedCertificate(privateKey: KeyObject): Promise<string> {
  // node-forge is loaded only the one time an installation makes its certificate
  const forge = (await import('node-forge')).default;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = newSerial();
  const { notBefore, notAfter } = validity();
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  const subject = [
    // forge encodes a UTF8String value itself
    { shortName: 'CN', value: signingText.certificateSubject, valueTagClass: forge.asn1.Type.UTF8 as unknown as import('node-forge').asn1.Class },
    { shortName: 'O', value: 'cbec-console' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  cert.sign(forgeKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

function readCertificateFile(path: string, pem: string): Certificate {
  try {
    return readCertificate(pem);
  } catch (e) {
    throw new Error(signingText.keyUnreadable(path, e instanceof Error ? e.message : String(e)));
  }
}

/** The SM2 key and certificate under dataDir/customs-key/, made when absent. */
export async function loadOrCreateSm2Key(dataDir: string): Promise<Sm2SoftwareKey> {
  const dir = join(dataDir, KEY_DIR);
  const keyPath = join(dir, SM2_KEY_FILE);
  const certPath = join(dir, SM2_CERT_FILE);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // node-forge (the DER encoder) is loaded when the key is first read, not with the server
  const { certificatePem, readSm2PrivateKeyPem, selfIssuedSm2Certificate, sm2PrivateKeyPem } = await import('./sm2-der.ts');

  const keyPem = (await readIfExists(keyPath)) ?? await createOnce(keyPath, sm2PrivateKeyPem(generateSm2KeyPair()));
  let keyPair: Sm2KeyPair;
  try {
    keyPair = readSm2PrivateKeyPem(keyPem);
  } catch (e) {
    throw new Error(signingText.keyUnreadable(keyPath, e instanceof Error ? e.message : String(e)));
  }
  const certPem = (await readIfExists(certPath)) ?? await createOnce(certPath, certificatePem(selfIssuedSm2Certificate(keyPair, {
    commonName: signingText.certificateSubject, organization: 'cbec-console', ...validity(),
  })));
  const certificate = readCertificateFile(certPath, certPem);
  if (certificate.sm2PublicKey !== keyPair.publicKey) throw new Error(signingText.keyUnreadable(certPath, signingText.keyCertMismatch));
  return { keyPair, certificate };
}

/** The RSA key and certificate under dataDir/customs-key/, made when absent. */
export async function loadOrCreateSoftwareKey(dataDir: string): Promise<SoftwareKey> {
  const dir = join(dataDir, KEY_DIR);
  const keyPath = join(dir, KEY_FILE);
  const certPath = join(dir, CERT_FILE);
  await mkdir(dir, { recursive: true, mode: 0o700 });

  let keyPem = await readIfExists(keyPath);
  if (keyPem === undefined) {
    const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
    keyPem = await createOnce(keyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(keyPem);
  } catch (e) {
    throw new Error(signingText.keyUnreadable(keyPath, e instanceof Error ? e.message : String(e)));
  }

  const certPem = (await readIfExists(certPath)) ?? await createOnce(certPath, await selfSignedCertificate(privateKey));
  const certificate = readCertificateFile(certPath, certPem);
  if (!certificate.x509.checkPrivateKey(privateKey)) throw new Error(signingText.keyUnreadable(certPath, signingText.keyCertMismatch));
  return { privateKey, certificate };
}
