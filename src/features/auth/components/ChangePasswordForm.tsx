/**
 * 原密码 / 新密码 / 确认密码 (+ 登录名 before login). The caller decides which API the values go to.
 * With `sliderVerify` the slider verification widget (accounts §4) sits above the buttons and 确定
 * stays disabled until it is verified; a refused submit asks for it again.
 */
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { SliderVerify, type SliderVerifyHandle } from '../../../components/SliderVerify.tsx';
import { commonText, passwordFormText } from '../../../../domain/texts/web.ts';
import { notifyError } from '../../../lib/notify.ts';
import { validatePasswordForm, type PasswordFormValues } from '../password-form.ts';

export interface ChangePasswordFormProps {
  /** before login the form also asks for the login name */
  withLoginName?: boolean;
  defaultLoginName?: string;
  /** a person must drag the slider to the end before 确定 is enabled */
  sliderVerify?: boolean;
  onSubmit: (values: PasswordFormValues) => Promise<void>;
  onCancel?: () => void;
}

export function ChangePasswordForm({ withLoginName = false, defaultLoginName = '', sliderVerify = false, onSubmit, onCancel }: ChangePasswordFormProps) {
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const slider = useRef<SliderVerifyHandle>(null);
  const form = useForm<PasswordFormValues>({
    mode: 'uncontrolled',
    initialValues: { loginName: defaultLoginName, oldPassword: '', newPassword: '', againPassword: '' },
    validate: (values) => validatePasswordForm(values, withLoginName),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      notifyError(error);
      // a refused submit needs a fresh verification
      setVerified(false);
      slider.current?.reset();
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {withLoginName && (
          <TextInput
            label={passwordFormText.loginName}
            withAsterisk
            autoComplete="username"
            key={form.key('loginName')}
            {...form.getInputProps('loginName')}
          />
        )}
        <PasswordInput
          label={passwordFormText.oldPassword}
          withAsterisk
          autoComplete="current-password"
          key={form.key('oldPassword')}
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={passwordFormText.newPassword}
          withAsterisk
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={passwordFormText.againPassword}
          withAsterisk
          autoComplete="new-password"
          key={form.key('againPassword')}
          {...form.getInputProps('againPassword')}
        />
        {sliderVerify && <SliderVerify ref={slider} onVerified={() => setVerified(true)} />}
        <Group justify="flex-end" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {commonText.cancel}
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={sliderVerify && !verified}>
            {commonText.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
