/**
 * The software Signer: RSA-SHA1 enveloped XML-DSig with the key kept under DATA_DIR/customs-key/
 * (software-key.ts), loaded (or made) on the first signature and kept for the process. Signing
 * canonicalises with libxml2, loaded by initCustomsSchemas() (awaited here: idempotent, at once when done).
 */
import { sign as rsaSign } from 'node:crypto';
import { initCustomsSchemas } from '../schemas.ts';
import { RSA_SHA1_URI, signEnveloped } from './dsig.ts';
import { loadOrCreateSoftwareKey, type SoftwareKey } from './software-key.ts';
import type { Signer } from './types.ts';

export function createSoftwareSigner(dataDir: string): Signer {
  let key: Promise<SoftwareKey> | undefined;
  const loadKey = () => {
    key ??= loadOrCreateSoftwareKey(dataDir);
    // a failure (unreadable file) is not cached: the next signature tries again
    key.catch(() => { key = undefined; });
    return key;
  };
  return {
    name: 'software',
    algorithm: RSA_SHA1_URI,
    async sign(xml, ctx) {
      const [{ privateKey, certificate }] = await Promise.all([loadKey(), initCustomsSchemas()]);
      return signEnveloped(xml, {
        schema: ctx.schema,
        keyInfo: certificate.keyInfo,
        signSignedInfo: (canonical) => rsaSign('sha1', Buffer.from(canonical, 'utf8'), privateKey).toString('base64'),
      });
    },
  };
}
