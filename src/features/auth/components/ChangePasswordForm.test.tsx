import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../../testing/render.tsx';
import { sliderVerifyText } from '../../../../domain/texts/slider-verify.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = () => screen.getByRole('button', { name: '确定' }) as HTMLButtonElement;
const slider = () => screen.getByRole('slider', { name: sliderVerifyText.handle });
const fillValid = () => {
  fill(/原密码/, 'Cbec@2026demo');
  fill(/新密码/, 'Cbec#2027good');
  fill(/确认密码/, 'Cbec#2027good');
};

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

  it('without sliderVerify shows no slider', () => {
    render(<ChangePasswordForm onSubmit={vi.fn(async () => {})} />);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(confirm().disabled).toBe(false);
  });

  it('with sliderVerify keeps 确定 disabled until the slider is verified', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ChangePasswordForm sliderVerify onSubmit={onSubmit} />);
    fillValid();
    expect(screen.getByText(sliderVerifyText.hint)).toBeTruthy();
    expect(confirm().disabled).toBe(true);
    fireEvent.click(confirm());
    // released short: still disabled, the error shown
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    fireEvent.keyDown(slider(), { key: 'Escape' });
    expect(screen.getByRole('alert').textContent).toBe(sliderVerifyText.failed);
    expect(confirm().disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(slider(), { key: 'End' });
    expect(screen.getByText(sliderVerifyText.verified)).toBeTruthy();
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('with sliderVerify asks for the slider again after a refused submit', async () => {
    const onSubmit = vi.fn(async () => { throw new Error('原密码不正确'); });
    render(<ChangePasswordForm sliderVerify onSubmit={onSubmit} />);
    fillValid();
    fireEvent.keyDown(slider(), { key: 'End' });
    fireEvent.click(confirm());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(slider().getAttribute('aria-valuenow')).toBe('0'));
    expect(screen.getByText(sliderVerifyText.hint)).toBeTruthy();
    expect(confirm().disabled).toBe(true);
    fireEvent.keyDown(slider(), { key: 'End' });
    expect(confirm().disabled).toBe(false);
  });
});
