/**
 * /login (accounts §2): 企业账号, 密码, 验证码 with its image and 换一张, 登录, 注册.
 * A failed login shows the server's message and loads a new captcha (new captchaId).
 */
import { Alert, Anchor, Box, Button, Center, Group, Image, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { waitFor } from 'xstate';
import { appTitle, insecureContextText, loginText } from '../../../domain/texts/web.ts';
import { useAuth, useAuthActor } from '../../lib/auth-context.tsx';
import { redirectFrom } from '../../lib/redirect.ts';
import { canEncrypt } from '../../lib/rsa.ts';
import { CAPTCHA_IMAGE } from '../../../domain/captcha.ts';
import { captchaUrl, newCaptchaId } from './api/login.ts';
import { PasswordChangeRequired } from './components/PasswordChangeRequired.tsx';

interface LoginValues { username: string; password: string; captcha: string }

export default function LoginPage() {
  const actor = useAuthActor();
  const { search } = useLocation();
  const signedIn = useAuth((s) => s.hasTag('signedIn'));
  const busy = useAuth((s) => s.hasTag('busy'));
  const error = useAuth((s) => (s.matches('anonymous') || s.matches('loggedOut') ? s.context.error : null));
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const form = useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '', captcha: '' },
    validate: {
      username: (v) => (v.trim() ? null : loginText.accountRequired),
      password: (v) => (v ? null : loginText.passwordRequired),
      captcha: (v) => (v.trim() ? null : loginText.captchaRequired),
    },
  });

  const newCaptcha = () => {
    setCaptchaId(newCaptchaId());
    form.setFieldValue('captcha', '');
  };

  const submit = form.onSubmit(async (values) => {
    actor.send({
      type: 'user.login',
      username: values.username.trim(),
      password: values.password,
      captcha: values.captcha.trim(),
      captchaId,
    });
    const after = await waitFor(actor, (s) => !s.matches('loggingIn'));
    // a captcha is good for one attempt: any failure needs a new one
    if (!after.hasTag('signedIn')) newCaptcha();
  });

  // Already signed in (opened /login by hand): go where the login would have gone. After a login
  // the machine's navigate effect goes to the same place, so the two never disagree.
  if (signedIn) return <Navigate to={redirectFrom(search)} replace />;

  return (
    <Center mih="100vh" bg="gray.1">
      <Paper w={400} p="xl" radius="md" shadow="md" withBorder>
        <Title order={3} ta="center" mb="lg">
          {appTitle}
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {!canEncrypt() && <Alert color="red">{insecureContextText}</Alert>}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={loginText.account}
              autoComplete="username"
              key={form.key('username')}
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label={loginText.password}
              autoComplete="current-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={loginText.captcha}
                maxLength={6}
                autoComplete="off"
                key={form.key('captcha')}
                {...form.getInputProps('captcha')}
              />
              {/* the image's own size, 1 : 1 on white (server/auth/captcha.ts draws it so) */}
              <Box w={CAPTCHA_IMAGE.width} h={CAPTCHA_IMAGE.height} bg="white" style={{ flex: 'none', overflow: 'hidden', borderRadius: 4, outline: '1px solid var(--mantine-color-gray-4)' }}>
                <Image src={captchaUrl(captchaId)} alt={loginText.captchaAlt} w={CAPTCHA_IMAGE.width} h={CAPTCHA_IMAGE.height} fit="none" data-testid="captcha-image" />
              </Box>
              <Anchor component="button" type="button" size="sm" mb={8} onClick={newCaptcha}>
                {loginText.refreshCaptcha}
              </Anchor>
            </Group>
            <Button type="submit" fullWidth mt="sm" loading={busy}>
              {loginText.submit}
            </Button>
            <Group justify="flex-end">
              <Anchor component={Link} to="/reg" size="sm">
                {loginText.register}
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
      <PasswordChangeRequired onChanged={newCaptcha} />
    </Center>
  );
}
