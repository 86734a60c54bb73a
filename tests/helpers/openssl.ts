/**
 * The openssl CLI (OpenSSL 3) as an independent SM2/SM3 implementation for tests: keys and
 * certificates it makes, signatures it makes and checks, always with GM/T 0009's distinguishing ID
 * (`-sigopt distid:1234567812345678`; without it OpenSSL uses another ID and nothing interoperates).
 * Signatures are DER (SEQUENCE { r, s }), as openssl writes them. Files live in a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DISTID = 'distid:1234567812345678';

function run(args: string[], input?: Buffer | string): { ok: boolean; out: string } {
  const r = spawnSync('openssl', args, { input, encoding: 'utf8' });
  if (r.error) throw new Error(`openssl CLI not available: ${r.error.message}`);
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

function must(args: string[], input?: Buffer | string): string {
  const r = run(args, input);
  if (!r.ok) throw new Error(`openssl ${args.join(' ')} failed: ${r.out}`);
  return r.out;
}

export interface OpensslSm2 {
  dir: string;
  keyPath: string;
  keyPem: string;
  publicKeyPath: string;
  /** a self-signed SM2 certificate (SM2-with-SM3) of the key, PEM */
  certificatePem: string;
  /** DER signature of `data` (UTF-8 when a string) */
  sign(data: Buffer | string): Buffer;
  /** whether `signature` (DER) is the key's signature of `data` */
  verify(data: Buffer | string, signature: Buffer): boolean;
  close(): void;
}

/** Whether `signature` (DER) over `data` verifies with the SM2 public key in `publicKeyPem`, by openssl. */
export function opensslSm2Verify(publicKeyPem: string, data: Buffer | string, signature: Buffer): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'cbec-openssl-v-'));
  try {
    writeFileSync(join(dir, 'pub.pem'), publicKeyPem);
    writeFileSync(join(dir, 'data'), data);
    writeFileSync(join(dir, 'sig.der'), signature);
    const r = run(['dgst', '-sm3', '-verify', join(dir, 'pub.pem'), '-sigopt', DISTID, '-signature', join(dir, 'sig.der'), join(dir, 'data')]);
    if (!r.ok && !r.out.includes('Verification failure')) throw new Error(`openssl verify failed to run: ${r.out}`);
    return r.ok && r.out.includes('Verified OK');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh SM2 key and self-signed certificate made by the openssl CLI. */
export function opensslSm2(subject = '/CN=UKey 测试卡/O=cbec-test'): OpensslSm2 {
  const dir = mkdtempSync(join(tmpdir(), 'cbec-openssl-'));
  const keyPath = join(dir, 'key.pem');
  const publicKeyPath = join(dir, 'pub.pem');
  must(['genpkey', '-algorithm', 'SM2', '-out', keyPath]);
  must(['pkey', '-in', keyPath, '-pubout', '-out', publicKeyPath]);
  must(['req', '-x509', '-new', '-key', keyPath, '-sm3', '-sigopt', DISTID, '-utf8', '-subj', subject, '-days', '30', '-out', join(dir, 'cert.pem')]);
  let n = 0;
  return {
    dir, keyPath, publicKeyPath,
    keyPem: readFileSync(keyPath, 'utf8'),
    certificatePem: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    sign(data) {
      const input = join(dir, `data-${++n}`);
      writeFileSync(input, data);
      must(['dgst', '-sm3', '-sign', keyPath, '-sigopt', DISTID, '-out', `${input}.sig`, input]);
      return readFileSync(`${input}.sig`);
    },
    verify: (data, signature) => opensslSm2Verify(readFileSync(publicKeyPath, 'utf8'), data, signature),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `openssl <args>` with its output and whether it succeeded (for x509 -text, verify …). */
export function openssl(args: string[], input?: Buffer | string): { ok: boolean; out: string } {
  return run(args, input);
}
