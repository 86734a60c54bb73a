/**
 * The before-login change-password path (auth machine state passwordChangeRequired): a notice
 * that the password expired or is weak, then the form with 登录名. Success: 修改成功！ and back
 * to the login form.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { commonText, passwordFormText } from '../../../../domain/texts/web.ts';
import { useAuth, useAuthSend } from '../../../lib/auth-context.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { changePasswordBeforeLogin } from '../api/password.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

export function PasswordChangeRequired({ onChanged }: { onChanged: () => void }) {
  const send = useAuthSend();
  const step = useAuth((s) =>
    s.matches({ passwordChangeRequired: 'notice' }) ? 'notice' : s.matches({ passwordChangeRequired: 'form' }) ? 'form' : null,
  );
  const token = useAuth((s) => s.context.passwordChangeToken);
  const loginName = useAuth((s) => s.context.loginName);
  const cancel = () => send({ type: 'user.cancel' });

  return (
    <>
      <Modal opened={step === 'notice'} onClose={cancel} title={commonText.prompt} centered>
        <Text>{passwordFormText.expiredNotice}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={cancel}>
            {commonText.cancel}
          </Button>
          <Button onClick={() => send({ type: 'user.confirm' })}>{commonText.confirm}</Button>
        </Group>
      </Modal>
      <Modal opened={step === 'form'} onClose={cancel} title={passwordFormText.title} size={420} centered>
        <ChangePasswordForm
          withLoginName
          defaultLoginName={loginName ?? ''}
          onCancel={cancel}
          onSubmit={async (values) => {
            await changePasswordBeforeLogin(token ?? '', values.loginName.trim(), values);
            notifySuccess(passwordFormText.changed);
            send({ type: 'user.passwordChanged' });
            onChanged();
          }}
        />
      </Modal>
    </>
  );
}
