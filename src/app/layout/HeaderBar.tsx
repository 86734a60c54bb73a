/**
 * Header: title, version label 1.0.0, the user name and its dropdown (accounts §2 Layout).
 * 企业注册 leads to /enterprise (the enterprise profile and filing page; /reg is the self-registration
 * before login).
 */
import { Badge, Button, Group, Menu, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router-dom';
import { appTitle, appVersion, commonText, layoutText } from '../../../domain/texts/web.ts';
import { useAuthSend, useUserInfo } from '../../lib/auth-context.tsx';
import { notifySuccess } from '../../lib/notify.ts';

export function HeaderBar({ onChangePassword }: { onChangePassword: () => void }) {
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const send = useAuthSend();

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: commonText.prompt,
      children: <Text size="sm">{layoutText.logoutConfirm}</Text>,
      labels: { confirm: commonText.confirm, cancel: commonText.cancel },
      onConfirm: () => {
        send({ type: 'user.logout' });
        notifySuccess(layoutText.loggedOut);
      },
    });

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Title order={4}>{appTitle}</Title>
        <Badge variant="light" size="sm">
          {appVersion}
        </Badge>
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle">{userInfo?.username ?? ''}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => navigate('/enterprise')}>{layoutText.enterprise}</Menu.Item>
          <Menu.Item onClick={() => navigate('/parametersSetting')}>{layoutText.parameters}</Menu.Item>
          <Menu.Item onClick={onChangePassword}>{layoutText.changePassword}</Menu.Item>
          <Menu.Item onClick={() => navigate('/workorder/edit')}>{layoutText.workorder}</Menu.Item>
          <Menu.Item onClick={() => navigate('/feedback')}>{layoutText.feedback}</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={confirmLogout}>
            {layoutText.logout}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
