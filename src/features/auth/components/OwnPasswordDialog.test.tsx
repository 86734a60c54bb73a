import { describe, expect, it } from 'vitest';
import { sliderVerifyText } from '../../../../domain/texts/slider-verify.ts';
import { fireEvent, render, screen, within } from '../../../testing/render.tsx';
import { OwnPasswordDialog } from './OwnPasswordDialog.tsx';

describe('OwnPasswordDialog (修改密码 of the header menu)', () => {
  it('enables 确定 only once the slider is verified', () => {
    render(<OwnPasswordDialog opened onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: '修改密码' });
    const confirm = within(dialog).getByRole('button', { name: '确定' }) as HTMLButtonElement;
    const slider = within(dialog).getByRole('slider', { name: sliderVerifyText.handle });
    expect(within(dialog).getByText(sliderVerifyText.hint)).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    // a disabled 确定 submits nothing: no validation messages appear
    fireEvent.click(confirm);
    expect(within(dialog).queryByText('请填写原始密码')).toBeNull();
    fireEvent.keyDown(slider, { key: 'End' });
    expect(within(dialog).getByText(sliderVerifyText.verified)).toBeTruthy();
    expect(confirm.disabled).toBe(false);
    // enabled, 确定 submits: the form's own checks run
    fireEvent.click(confirm);
    return screen.findByText('请填写原始密码');
  });
});
