/** 重置密码 (§2, §5): the sub-account rule, confirmation; success 修改成功！. */
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { againProblem, subAccountPasswordProblem } from '../../../domain/enterprise/account-rules.ts';
import { accountText as t } from '../../../domain/texts/accounts.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import type { AccountApi, AccountRow } from './api.ts';

export function ResetPasswordDialog({ row, api, onClose }: { row: AccountRow | null; api: AccountApi; onClose: () => void }) {
  const form = useForm({
    initialValues: { password: '', again: '' },
    validate: { password: (v) => subAccountPasswordProblem(v) ?? null, again: (v, values) => againProblem(values.password, v) ?? null },
    validateInputOnBlur: true,
  });
  const close = () => { form.reset(); onClose(); };
  const submit = form.onSubmit(async (values) => {
    if (!row) return;
    try {
      await api.reset(row.id, row.loginName, values.password, values.again);
      notifySuccess(t.reset);
      close();
    } catch (error) {
      notifyError(error);
    }
  });
  return (
    <Modal opened={row !== null} onClose={close} title={t.resetPassword} centered size={420}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{row?.loginName}</Text>
          <PasswordInput label={t.newPassword} withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label={t.againPassword} withAsterisk autoComplete="new-password" {...form.getInputProps('again')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{commonText.cancel}</Button>
            <Button type="submit">{commonText.confirm}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
