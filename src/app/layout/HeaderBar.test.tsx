// The header's user menu: an enterprise person's, and a platform operator's (issue 20), which keeps
// only what concerns its own session.
import { describe, expect, it, vi } from 'vitest';
import { upgradeText } from '../../../domain/texts/upgrade.ts';
import { diagramsText, layoutText } from '../../../domain/texts/web.ts';
import { createTestAuthActor, sessionFixture } from '../../testing/auth.ts';
import { Route, Routes } from 'react-router-dom';
import { fireEvent, render, screen } from '../../testing/render.tsx';
import { HeaderBar } from './HeaderBar.tsx';

const enterpriseItems = [layoutText.enterprise, layoutText.parameters, layoutText.workorder, layoutText.feedback];

function openMenu(userInfo: Parameters<typeof sessionFixture>[0]) {
  const onChangePassword = vi.fn();
  render(<HeaderBar onChangePassword={onChangePassword} />, { actor: createTestAuthActor(sessionFixture(userInfo)) });
  fireEvent.click(screen.getByRole('button', { name: userInfo?.username ?? '演示管理员' }));
  return onChangePassword;
}

describe('HeaderBar', () => {
  it('an enterprise person: the enterprise’s pages, the agreement, 修改密码 and 退出系统', async () => {
    openMenu({ username: '演示管理员' });
    for (const item of [...enterpriseItems, layoutText.changePassword, layoutText.logout]) expect(await screen.findByText(item)).toBeTruthy();
    expect(screen.getByText(upgradeText.agreementDownload)).toBeTruthy();
  });

  it('links every statechart (/diagrams) in a new tab, for an enterprise person and an operator alike', () => {
    for (const userType of ['ADMIN', 'PLATFORM'] as const) {
      const { unmount } = render(<HeaderBar onChangePassword={() => {}} />, { actor: createTestAuthActor(sessionFixture({ username: userType, userType })) });
      const link = screen.getByRole('link', { name: diagramsText.allDiagrams });
      expect(link.getAttribute('href')).toBe('/diagrams');
      expect(link.getAttribute('target')).toBe('_blank');
      unmount();
    }
  });

  it('a platform operator: 修改密码 (which opens the dialog) and 退出系统, no enterprise page nor its agreement', async () => {
    const onChangePassword = openMenu({ username: '平台审核员', userType: 'PLATFORM', companyCode: null, companyName: '' });
    expect(await screen.findByText(layoutText.logout)).toBeTruthy();
    for (const item of enterpriseItems) expect(screen.queryByText(item)).toBeNull();
    expect(screen.queryByText(upgradeText.agreementDownload)).toBeNull();
    fireEvent.click(screen.getByText(layoutText.changePassword));
    expect(onChangePassword).toHaveBeenCalledTimes(1);
  });

  it('a sub-account: 我的账号 leads to /account (its own row; 账号管理 is not in its menu)', async () => {
    render(<><HeaderBar onChangePassword={() => {}} /><Routes><Route path="/account" element={<p>account page</p>} /><Route path="*" element={null} /></Routes></>,
      { actor: createTestAuthActor(sessionFixture({ username: 'user@admin', userType: 'USER' })) });
    fireEvent.click(screen.getByRole('button', { name: 'user@admin' }));
    fireEvent.click(await screen.findByText(layoutText.myAccount));
    expect(await screen.findByText('account page')).toBeTruthy();
  });

  it('the main account: no 我的账号 (账号管理 is in its menu)', async () => {
    openMenu({ username: '演示管理员' });
    expect(await screen.findByText(layoutText.logout)).toBeTruthy();
    expect(screen.queryByText(layoutText.myAccount)).toBeNull();
  });
});
