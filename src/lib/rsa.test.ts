import { afterEach, describe, expect, it, vi } from 'vitest';
import { canEncrypt, encryptPassword, InsecureContextError, toBase64 } from './rsa.ts';

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = toBase64(await crypto.subtle.exportKey('spki', pair.publicKey));
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: pair.privateKey };
}

describe('encryptPassword', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('RSA-OAEP/SHA-256 encrypts UTF-8 text to base64 the private key opens', async () => {
    const { pem, privateKey } = await keyPair();
    const cipher = await encryptPassword(pem, 'Cbec@2026演示');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const bytes = Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes);
    expect(new TextDecoder().decode(plain)).toBe('Cbec@2026演示');
  });

  it('refuses with a clear message where crypto.subtle is missing (not a secure context)', async () => {
    vi.stubGlobal('crypto', {});
    expect(canEncrypt()).toBe(false);
    await expect(encryptPassword('pem', 'x')).rejects.toBeInstanceOf(InsecureContextError);
    await expect(encryptPassword('pem', 'x')).rejects.toThrow('当前连接不安全，无法加密密码，请通过 HTTPS 或本机地址访问');
  });
});
