import { describe, expect, it } from 'vitest';
import { validatePasswordForm, type PasswordFormValues } from './password-form.ts';

const good: PasswordFormValues = { loginName: 'admin', oldPassword: 'Cbec@2026demo', newPassword: 'Cbec#2027good', againPassword: 'Cbec#2027good' };

describe('change-password rules (accounts §5)', () => {
  it('accept a valid change', () => {
    expect(validatePasswordForm(good, true)).toEqual({});
  });

  it('require every field', () => {
    expect(validatePasswordForm({ loginName: ' ', oldPassword: '', newPassword: '', againPassword: '' }, true)).toEqual({
      loginName: '请填写登录名',
      oldPassword: '请填写原始密码',
      newPassword: '请输入密码',
      againPassword: '请再次输入密码',
    });
  });

  it('ask for the login name only before login', () => {
    expect(validatePasswordForm({ ...good, loginName: '' }, false)).toEqual({});
  });

  it.each([
    ['Short@1a', 'too short'],
    ['Abcdefghij@1234567890', 'too long (21)'],
    ['abcdefgh@12', 'no upper case'],
    ['ABCDEFGH@12', 'no lower case'],
    ['Abcdefgh@xy', 'no digit'],
    ['Abcdefgh123', 'no special character'],
    ['Abcdefgh-123', 'special character not among !@#$%^&*'],
  ])('reject %s (%s)', (password) => {
    expect(validatePasswordForm({ ...good, newPassword: password, againPassword: password }, false).newPassword).toBe(
      '密码长度在10到20位之间，包含至少一个大写字母、一个小写字母、一个数字和一个特殊字符',
    );
  });

  it('accept 10 and 20 characters', () => {
    for (const p of ['Abcdef@123', 'Abcdefghij@123456789']) {
      expect(validatePasswordForm({ ...good, newPassword: p, againPassword: p }, false)).toEqual({});
    }
  });

  it('the new password must differ from the old one', () => {
    const same = { ...good, newPassword: good.oldPassword, againPassword: good.oldPassword };
    expect(validatePasswordForm(same, false).newPassword).toBe('原密码与新密码不能相同!');
  });

  it('the confirmation must match', () => {
    expect(validatePasswordForm({ ...good, againPassword: 'Cbec#2027goox' }, false).againPassword).toBe('两次输入密码不一致!');
  });
});
