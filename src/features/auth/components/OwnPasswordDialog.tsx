/**
 * 修改密码 dialog of the header menu (width 420, accounts §9). On success: 修改成功！, then the
 * auth machine clears the session and goes to /login (user.passwordChanged). A person confirms this
 * sensitive action with the slider verification widget: 确定 is enabled only once it is verified.
 */
import { Modal } from '@mantine/core';
import { passwordFormText } from '../../../../domain/texts/web.ts';
import { useAuthSend } from '../../../lib/auth-context.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { changeOwnPassword } from '../api/password.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

export function OwnPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const send = useAuthSend();
  return (
    <Modal opened={opened} onClose={onClose} title={passwordFormText.title} size={420} centered>
      <ChangePasswordForm
        sliderVerify
        onCancel={onClose}
        onSubmit={async (values) => {
          await changeOwnPassword(values);
          notifySuccess(passwordFormText.changed);
          onClose();
          send({ type: 'user.passwordChanged' });
        }}
      />
    </Modal>
  );
}
