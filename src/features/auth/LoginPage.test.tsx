import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type Credentials } from '../../../machines/auth.ts';
import { sessionFixture } from '../../testing/auth.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import LoginPage from './LoginPage.tsx';

function loginActor(login: (c: Credentials) => Promise<ReturnType<typeof sessionFixture>>) {
  const calls: Credentials[] = [];
  const actor = createActor(
    authMachine.provide({
      actors: {
        login: fromPromise(({ input }) => {
          calls.push(input);
          return login(input);
        }),
      },
      actions: { saveSession: () => {}, clearSession: () => {}, navigate: () => {} },
    }),
    { input: {} },
  ).start();
  return { actor, calls };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  it('shows the three validation texts on an empty submit and sends nothing', async () => {
    const { actor, calls } = loginActor(async () => sessionFixture());
    render(<LoginPage />, { route: '/login', actor });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入企业账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('has the captcha image, 换一张 and the 注册 link', () => {
    render(<LoginPage />, { route: '/login', actor: loginActor(async () => sessionFixture()).actor });
    const img = screen.getByAltText('验证码图片') as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/^\/api\/enterprise\/kaptcha\/defaultKaptcha\?captchaId=\d+$/);
    expect(screen.getByText('换一张')).toBeTruthy();
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/reg');
  });

  it('sends user.login with the captchaId of the image shown', async () => {
    const { actor, calls } = loginActor(async () => sessionFixture());
    render(<LoginPage />, { route: '/login', actor });
    const captchaId = new URL((screen.getByAltText('验证码图片') as HTMLImageElement).src, 'http://x').searchParams.get('captchaId');
    fill('企业账号', ' admin ');
    fill('密码', 'Cbec@2026demo');
    fill('验证码', 'ab12');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ username: 'admin', password: 'Cbec@2026demo', captcha: 'ab12', captchaId });
  });

  it('a failed login shows the server message and loads a new captcha', async () => {
    const { actor } = loginActor(async () => {
      await new Promise((r) => setTimeout(r, 5)); // a new captchaId needs another millisecond
      throw { message: '验证码错误' };
    });
    render(<LoginPage />, { route: '/login', actor });
    const before = (screen.getByAltText('验证码图片') as HTMLImageElement).getAttribute('src');
    fill('企业账号', 'admin');
    fill('密码', 'wrong');
    fill('验证码', 'zzzz');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await waitFor(() => expect((screen.getByAltText('验证码图片') as HTMLImageElement).getAttribute('src')).not.toBe(before));
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
  });

  it('after 401 请更改密码 the notice, then the form with 登录名', async () => {
    const { actor } = loginActor(async () => Promise.reject({ message: '请更改密码', passwordChangeToken: 't' }));
    render(<LoginPage />, { route: '/login', actor });
    fill('企业账号', 'admin');
    fill('密码', 'Weak');
    fill('验证码', 'ab12');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('您的密码已过期或强度较弱，必须修改密码后才能登录。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByLabelText(/登录名/)).toBeTruthy();
    expect((screen.getByLabelText(/登录名/) as HTMLInputElement).value).toBe('admin');
    expect(screen.getByLabelText(/原密码/)).toBeTruthy();
  });
});
