/**
 * The software signing key: an RSA 2048 key and a self-signed X.509 v3 certificate, made on first
 * use and kept under DATA_DIR/customs-key/ (PEM files, mode 0600, folder 0700), reused afterwards.
 *
 * Several processes may share one DATA_DIR: each file is written to a private temporary name and
 * linked into place (link fails when the name exists), so the first writer wins and the others read
 * its file; the key is the identity, the certificate is always made from the key on disk. A key
 * and certificate that do not belong together are refused, never silently replaced.
 *
 * The certificate is made with node-forge (pure JavaScript, no dependencies; node:crypto cannot
 * issue certificates). It is self-signed: customs would need one issued by the e-port's CA, which
 * comes on the company's UKey (SIGN_MODE=external); this key serves the simulator, demos and tests.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signingText } from '../../../domain/texts/signing.ts';
import { readCertificate, type Certificate } from './certificate.ts';

export const KEY_DIR = 'customs-key';
export const KEY_FILE = 'signing-key.pem';
export const CERT_FILE = 'signing-cert.pem';
const CERT_YEARS = 10;

export interface SoftwareKey {
  privateKey: KeyObject;
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
  const now = Date.now();
  // a day back: a verifier whose clock runs a little behind still accepts it
  cert.validity.notBefore = new Date(now - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now + CERT_YEARS * 365 * 24 * 3600 * 1000);
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

/** The key and certificate under dataDir/customs-key/, made when absent. */
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
  let certificate: Certificate;
  try {
    certificate = readCertificate(certPem);
  } catch (e) {
    throw new Error(signingText.keyUnreadable(certPath, e instanceof Error ? e.message : String(e)));
  }
  if (!certificate.x509.checkPrivateKey(privateKey)) throw new Error(signingText.keyUnreadable(certPath, signingText.keyCertMismatch));
  return { privateKey, certificate };
}
