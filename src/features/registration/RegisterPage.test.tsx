import { generateKeyPairSync, privateDecrypt, constants, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureBase } from '../../../domain/enterprise/registration.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Http } from '../../lib/http.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import RegisterPage from './RegisterPage.tsx';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const decrypt = (b64: string) => privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');

/** The network boundary: answers the public key, and the registration with `answer`. */
function fakeClient(answer: () => unknown) {
  const calls: { url: string; data: Record<string, unknown> }[] = [];
  const client = {
    post: async (url: string, data: Record<string, unknown> = {}) => {
      calls.push({ url, data });
      if (url.endsWith('/api/auth/public_key')) return publicKey;
      return answer();
    },
  } as unknown as Http;
  return { client, calls };
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillForm() {
  fill(/^企业名称/, '宁波测试有限公司');
  fill(/^登录名/, 'tester');
  fill(/^海关注册编码/, '3302960099');
  fill(/^密码/, 'abc123');
  fill(/^确认密码/, 'abc123');
  fireEvent.click(screen.getByRole('radio', { name: '进出口' }));
  fireEvent.click(screen.getByRole('checkbox', { name: '物流企业' }));
  fireEvent.click(screen.getByRole('checkbox', { name: '电商企业' }));
  fill(/^验证码/, 'ab12');
}

describe('RegisterPage', () => {
  it('shows every rule of §5 on an empty submit and sends nothing', async () => {
    const { client, calls } = fakeClient(() => null);
    render(<RegisterPage client={client} />, { route: '/reg' });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    for (const text of ['请输入企业名称', '请输入登录名', '请输入海关注册编码', '请输入密码', '请再次输入密码', '请选择业务类型', '请至少选择一个企业角色', '请输入验证码']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');
  });

  it('checks the password rule and the confirmation', async () => {
    render(<RegisterPage client={fakeClient(() => null).client} />, { route: '/reg' });
    fill(/^密码/, '123456');
    fill(/^确认密码/, '1234567');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('密码格式不正确,密码由6-20位数字、字母、符号至少两种组成')).toBeTruthy();
    expect(screen.getByText('两次输入密码不一致!')).toBeTruthy();
  });

  it('sends encrypted passwords, joined roles, the encode flag and a valid signature; success shows the dialog', async () => {
    const { client, calls } = fakeClient(() => ({ loginName: 'tester' }));
    render(<RegisterPage client={client} />, { route: '/reg' });
    const captchaId = new URL((screen.getByAltText('验证码图片') as HTMLImageElement).src, 'http://x').searchParams.get('captchaId');
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('恭喜你注册成功，返回首页登录')).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith('/api/third/user/registerForPc'))!.data as Record<string, string>;
    expect(sent).toMatchObject({ companyName: '宁波测试有限公司', loginName: 'tester', customsRegistCode: '3302960099', businessType: 'E,I', companyType: '1,2', captcha: 'ab12', captchaId, encode: true });
    expect(decrypt(sent.password!)).toBe('abc123');
    expect(decrypt(sent.againPassword!)).toBe('abc123');
    const base = signatureBase({ businessType: 'E,I', captchaId: captchaId!, companyName: '宁波测试有限公司', companyType: '1,2', customsRegistCode: '3302960099', loginName: 'tester', thirdUserId: '', timestamp: sent.timestamp! });
    expect(sent.sign).toBe(createHash('sha256').update(base).digest('hex'));
  });

  it('a refused registration loads a new captcha and shows the server message as a warning', async () => {
    const { client } = fakeClient(async () => {
      await new Promise((r) => setTimeout(r, 5)); // a new captchaId needs another millisecond
      throw new ApiError('business', '该登录名已被注册', { code: -1 });
    });
    render(<RegisterPage client={client} />, { route: '/reg' });
    const before = (screen.getByAltText('验证码图片') as HTMLImageElement).src;
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('该登录名已被注册')).toBeTruthy();
    await waitFor(() => expect((screen.getByAltText('验证码图片') as HTMLImageElement).src).not.toBe(before));
    expect((screen.getByLabelText(/^验证码/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('恭喜你注册成功，返回首页登录')).toBeNull();
  });
});
