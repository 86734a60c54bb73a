/**
 * Header: title, version label 1.0.0, the user name and its dropdown (accounts §2 Layout).
 * 企业注册 leads to /enterprise (the enterprise profile and filing page; /reg is the self-registration
 * before login). Beside the name, not in the menu: the agreement download (/agreement/getDownloadUrl)
 * the resource-centre link and the link to every statechart (/diagrams, issue 31 item 9). A platform operator (issue 20) has no enterprise: its menu keeps
 * what concerns its own session (修改密码, 退出系统; the server's 'person' routes), not the
 * enterprise's pages nor its agreement. A sub-account has no 账号管理 in its menu (that page manages
 * others), so 我的账号 here is its way to the account page, which shows it only its own row.
 */
import { Anchor, Badge, Button, Group, Menu, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router-dom';
import { RESOURCE_CENTRE_URL } from '../../../domain/content/upgrade.ts';
import { upgradeText } from '../../../domain/texts/upgrade.ts';
import { appTitle, appVersion, commonText, diagramsText, layoutText } from '../../../domain/texts/web.ts';
import { useAuthSend, useUserInfo } from '../../lib/auth-context.tsx';
import { http } from '../../lib/http.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { LiveIndicator } from './LiveIndicator.tsx';

export function HeaderBar({ onChangePassword }: { onChangePassword: () => void }) {
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const send = useAuthSend();
  const enterprise = userInfo?.userType !== 'PLATFORM';

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
      <Group gap="md" wrap="nowrap">
        <LiveIndicator />
        {enterprise && (
          <Anchor component="button" type="button" size="sm" onClick={() => {
            http.post<{ downloadUri: string }>('/api/enterprise/agreement/getDownloadUrl', {})
              .then(({ downloadUri }) => window.open(downloadUri, '_blank', 'noopener'), notifyError);
          }}>{upgradeText.agreementDownload}</Anchor>
        )}
        {/* every logged-in person, operators too: the analysts' page stays public, and a new tab keeps the console open */}
        <Anchor href="/diagrams" target="_blank" rel="noopener" size="sm">{diagramsText.allDiagrams}</Anchor>
        <Anchor href={RESOURCE_CENTRE_URL} target="_blank" rel="noopener noreferrer" size="sm">{upgradeText.resourceCentre}</Anchor>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle">{userInfo?.username ?? ''}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {enterprise && <Menu.Item onClick={() => navigate('/enterprise')}>{layoutText.enterprise}</Menu.Item>}
            {enterprise && <Menu.Item onClick={() => navigate('/parametersSetting')}>{layoutText.parameters}</Menu.Item>}
            {userInfo?.userType === 'USER' && <Menu.Item onClick={() => navigate('/account')}>{layoutText.myAccount}</Menu.Item>}
            <Menu.Item onClick={onChangePassword}>{layoutText.changePassword}</Menu.Item>
            {enterprise && <Menu.Item onClick={() => navigate('/workorder/edit')}>{layoutText.workorder}</Menu.Item>}
            {enterprise && <Menu.Item onClick={() => navigate('/feedback')}>{layoutText.feedback}</Menu.Item>}
            <Menu.Divider />
            <Menu.Item color="red" onClick={confirmLogout}>
              {layoutText.logout}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
