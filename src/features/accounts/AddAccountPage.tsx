/**
 * /account/add 新建子账号 (§2, §3, §5): user name (stored as name@<main account>), password and its
 * confirmation (6–30 letters and digits, starting with a letter), state; success → /account.
 */
import { Alert, Button, Group, Paper, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { againProblem, subAccountNameProblem, subAccountPasswordProblem, type AccountState } from '../../../domain/enterprise/account-rules.ts';
import { accountText as t } from '../../../domain/texts/accounts.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { usePermission } from '../../lib/permissions.ts';
import { useUserInfo } from '../../lib/auth-context.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { createAccountApi } from './api.ts';

interface Values { loginName: string; loginPwd: string; againPassword: string; state: AccountState | '' }

export default function AddAccountPage({ client }: { client?: Http }) {
  const [api] = useState(() => createAccountApi(client));
  const navigate = useNavigate();
  const parent = useUserInfo()?.account ?? '';
  const [busy, setBusy] = useState(false);
  const canAdd = usePermission('save', '/account/add');
  const form = useForm<Values>({
    initialValues: { loginName: '', loginPwd: '', againPassword: '', state: 'EFFECTIVE' },
    validate: {
      loginName: (v) => subAccountNameProblem(v) ?? null,
      loginPwd: (v) => subAccountPasswordProblem(v) ?? null,
      againPassword: (v, values) => againProblem(values.loginPwd, v) ?? null,
      state: (v) => (v ? null : t.stateRequired),
    },
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api.create(values.loginName.trim(), values.loginPwd, values.againPassword, values.state as AccountState);
      notifySuccess(t.created);
      navigate('/account');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  });
  // opened by address without the right (a sub-account): no form it could not submit (issue 29)
  if (!canAdd) return <Alert color="yellow" maw={560}>{t.addNotAllowed}</Alert>;
  return (
    <Paper withBorder p="lg" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t.loginName} withAsterisk rightSection={parent ? `@${parent}` : undefined} rightSectionWidth={parent ? 90 : undefined}
            {...form.getInputProps('loginName')} />
          <PasswordInput label={t.password} withAsterisk autoComplete="new-password" {...form.getInputProps('loginPwd')} />
          <PasswordInput label={t.againPassword} withAsterisk autoComplete="new-password" {...form.getInputProps('againPassword')} />
          <Radio.Group label={t.state} withAsterisk {...form.getInputProps('state')}>
            <Group mt={4}>
              <Radio value="EFFECTIVE" label={t.effective} />
              <Radio value="INVALID" label={t.invalid} />
            </Group>
          </Radio.Group>
          <Group>
            <PermissionButton code="save" type="submit" loading={busy}>{t.save}</PermissionButton>
            <Button variant="default" onClick={() => navigate('/account')}>{t.back}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
