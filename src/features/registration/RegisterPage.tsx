/**
 * /reg (accounts §2, §5): company name, login name, customs registration code, password and its
 * confirmation, business type, company roles, captcha; a link back to /login. Success shows
 * 恭喜你注册成功，返回首页登录; any failure loads a new captcha (a captcha is good for one try)
 * and shows the server's message as a warning (§8: -1 → warning toast).
 */
import '../../lib/styles/full.ts';
import { Alert, Anchor, Box, Button, Center, Checkbox, Group, Image, Modal, Paper, PasswordInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { registrationProblems } from '../../../domain/enterprise/registration.ts';
import { businessTypeOptions, companyTypeOptions, registrationText as t } from '../../../domain/texts/enterprise.ts';
import { commonText, insecureContextText, loginText } from '../../../domain/texts/web.ts';
import { notifyError } from '../../lib/notify.ts';
import type { Http } from '../../lib/http.ts';
import { canEncrypt } from '../../lib/rsa.ts';
import { captchaUrl, newCaptchaId, register, type RegistrationForm } from './api.ts';

const empty: RegistrationForm = {
  companyName: '', loginName: '', customsRegistCode: '', password: '', againPassword: '', businessType: '', companyType: [], captcha: '',
};

function problemsOf(values: RegistrationForm): Record<string, string> {
  return Object.fromEntries(registrationProblems(values).map((p) => [p.field, p.message]));
}

export default function RegisterPage({ client }: { client?: Http }) {
  const navigate = useNavigate();
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm<RegistrationForm>({
    mode: 'controlled',
    initialValues: empty,
    validate: problemsOf,
    validateInputOnBlur: true,
  });
  const newCaptcha = () => {
    setCaptchaId(newCaptchaId());
    form.setFieldValue('captcha', '');
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await register(values, captchaId, client ? { client } : {});
      setDone(true);
    } catch (error) {
      notifyError(error);
      newCaptcha();
    } finally {
      setBusy(false);
    }
  });

  return (
    <Center mih="100vh" bg="gray.1" py="xl">
      <Paper w={520} p="xl" radius="md" shadow="md" withBorder>
        <Title order={3} ta="center" mb="lg">{t.title}</Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {!canEncrypt() && <Alert color="red">{insecureContextText}</Alert>}
            <TextInput label={t.companyName} withAsterisk {...form.getInputProps('companyName')} />
            <TextInput label={t.loginName} withAsterisk autoComplete="username" {...form.getInputProps('loginName')} />
            <TextInput label={t.customsRegistCode} withAsterisk {...form.getInputProps('customsRegistCode')} />
            <PasswordInput label={t.password} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordInput label={t.againPassword} withAsterisk autoComplete="new-password" {...form.getInputProps('againPassword')} />
            <Radio.Group label={t.businessType} withAsterisk {...form.getInputProps('businessType')}>
              <Group mt={4}>
                {businessTypeOptions.map((o) => <Radio key={o.value} value={o.value} label={o.label} />)}
              </Group>
            </Radio.Group>
            <Checkbox.Group label={t.companyType} withAsterisk {...form.getInputProps('companyType')}>
              <Group mt={4}>
                {companyTypeOptions.map((o) => <Checkbox key={o.value} value={o.value} label={o.label} />)}
              </Group>
            </Checkbox.Group>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput style={{ flex: 1 }} label={t.captcha} withAsterisk autoComplete="off" {...form.getInputProps('captcha')} />
              <Box w={110} h={36} mt={25}>
                <Image src={captchaUrl(captchaId)} alt={loginText.captchaAlt} w={110} h={36} fit="contain" />
              </Box>
              <Anchor component="button" type="button" size="sm" mt={33} onClick={newCaptcha}>{loginText.refreshCaptcha}</Anchor>
            </Group>
            <Button type="submit" fullWidth mt="sm" loading={busy}>{t.submit}</Button>
            <Group justify="flex-end">
              <Anchor component={Link} to="/login" size="sm">{t.backToLogin}</Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal opened={done} onClose={() => navigate('/login')} title={commonText.prompt} centered withCloseButton={false}>
        <Text mb="md">{t.success}</Text>
        <Group justify="flex-end">
          <Button onClick={() => navigate('/login')}>{commonText.confirm}</Button>
        </Group>
      </Modal>
    </Center>
  );
}
