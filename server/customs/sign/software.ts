/**
 * The software Signer: enveloped XML-DSig with the installation's key of SIGN_ALGORITHM kept under
 * DATA_DIR/customs-key/ (software-key.ts) — SM2/SM3 (sm2.ts) or RSA-SHA1 (node:crypto) — loaded (or
 * made) on the first signature and kept for the process. Signing canonicalises with libxml2, loaded
 * by initCustomsSchemas() (awaited here: idempotent, at once when done).
 */
import { sign as rsaSign } from 'node:crypto';
import { initCustomsSchemas } from '../schemas.ts';
import { signEnveloped } from './dsig.ts';
import { sm2Sign } from './sm2.ts';
import { loadOrCreateSm2Key, loadOrCreateSoftwareKey } from './software-key.ts';
import type { KeyInfoParts } from './dsig.ts';
import type { SignAlgorithm, Signer } from './types.ts';

interface LoadedKey {
  keyInfo: KeyInfoParts;
  /** base64 SignatureValue of the canonical SignedInfo */
  sign(canonicalSignedInfo: string): string;
}

async function loadKey(dataDir: string, algorithm: SignAlgorithm): Promise<LoadedKey> {
  if (algorithm === 'sm2') {
    const { keyPair, certificate } = await loadOrCreateSm2Key(dataDir);
    return { keyInfo: certificate.keyInfo, sign: (c) => sm2Sign(Buffer.from(c, 'utf8'), keyPair).toString('base64') };
  }
  const { privateKey, certificate } = await loadOrCreateSoftwareKey(dataDir);
  return { keyInfo: certificate.keyInfo, sign: (c) => rsaSign('sha1', Buffer.from(c, 'utf8'), privateKey).toString('base64') };
}

export function createSoftwareSigner(dataDir: string, algorithm: SignAlgorithm): Signer {
  let key: Promise<LoadedKey> | undefined;
  const keyOnce = () => {
    key ??= loadKey(dataDir, algorithm);
    // a failure (unreadable file) is not cached: the next signature tries again
    key.catch(() => { key = undefined; });
    return key;
  };
  return {
    name: 'software',
    algorithm,
    async sign(xml, ctx) {
      const [loaded] = await Promise.all([keyOnce(), initCustomsSchemas()]);
      return signEnveloped(xml, { schema: ctx.schema, algorithm, keyInfo: loaded.keyInfo, signSignedInfo: loaded.sign });
    },
  };
}
