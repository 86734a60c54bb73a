import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../../testing/render.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ChangePasswordForm', () => {
  it('shows the spec texts and submits nothing invalid', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ChangePasswordForm withLoginName onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请填写登录名')).toBeTruthy();
    expect(screen.getByText('请填写原始密码')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请再次输入密码')).toBeTruthy();
    fill(/原密码/, 'Cbec@2026demo');
    fill(/新密码/, 'Cbec@2026demo');
    fill(/确认密码/, 'other');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('原密码与新密码不能相同!')).toBeTruthy();
    expect(screen.getByText('两次输入密码不一致!')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands valid values to onSubmit', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ChangePasswordForm onSubmit={onSubmit} />);
    expect(screen.queryByLabelText(/登录名/)).toBeNull();
    fill(/原密码/, 'Cbec@2026demo');
    fill(/新密码/, 'Cbec#2027good');
    fill(/确认密码/, 'Cbec#2027good');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ loginName: '', oldPassword: 'Cbec@2026demo', newPassword: 'Cbec#2027good', againPassword: 'Cbec#2027good' });
  });
});
