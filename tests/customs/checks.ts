/**
 * What the declaration tests share: Debian's xmllint as a second validator, independent of the
 * wasm build, and the field errors of a refused declaration.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';
import { newGuid } from '../../server/customs/declaration.ts';
import { BizError } from '../../server/http/errors.ts';

const xsdDir = fileURLToPath(new URL('../../server/customs/xsd/', import.meta.url));

/** An xmllint against one of the CEB schemas; its temp files go when the test file ends. */
export function xmllintFor(defaultSchema: 'ceb-export.xsd' | 'ceb-import.xsd') {
  const tmp = mkdtempSync(join(tmpdir(), 'cbec-customs-lint-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  return (xml: string, schema: string = defaultSchema): { ok: boolean; output: string } => {
    const file = join(tmp, `${newGuid()}.xml`);
    writeFileSync(file, xml);
    // xmllint reports "FILE validates" (or the errors) on stderr
    const r = spawnSync('xmllint', ['--noout', '--schema', join(xsdDir, schema), file], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  };
}

/** The message and field errors of a declaration the customs module refuses. */
export function refusal(fn: () => unknown): { message: string; errors: { field: string; message: string }[] } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(BizError);
    const biz = e as BizError;
    return { message: biz.message, errors: (biz.data as { errors: { field: string; message: string }[] }).errors };
  }
  throw new Error('expected the declaration to be refused');
}

/**
 * A ds:Signature of the shape xmldsig-core-schema.xsd and ceb-messages §8 give (inclusive C14N,
 * rsa-sha1, enveloped, sha1) with placeholder values: it stands where the signer puts the real one.
 */
const SIGNATURE_SHAPE = [
  '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo>',
  '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
  '<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>',
  '<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms>',
  '<ds:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/><ds:DigestValue>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</ds:DigestValue></ds:Reference>',
  '</ds:SignedInfo><ds:SignatureValue>AAAA</ds:SignatureValue></ds:Signature>',
].join('');

/** The message with the signature shape where the signer puts the real signature (before the root's end). */
export const withSignatureShape = (xml: string, root: string): string => xml.replace(`</ceb:${root}>`, `  ${SIGNATURE_SHAPE}\n</ceb:${root}>`);
