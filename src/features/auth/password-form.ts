/**
 * The change-password form's rules (accounts §5), built on the shared domain rule so the server
 * checks exactly the same. The "differs from the old one" rule sits on the new password field.
 */
import { ownPasswordProblem, passwordText } from '../../../domain/password-rules.ts';

export interface PasswordFormValues {
  loginName: string;
  oldPassword: string;
  newPassword: string;
  againPassword: string;
}

export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, string>>;

export function validatePasswordForm(values: PasswordFormValues, withLoginName: boolean): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (withLoginName && !values.loginName.trim()) errors.loginName = passwordText.loginNameRequired;
  if (!values.oldPassword) errors.oldPassword = passwordText.oldRequired;
  const newProblem =
    ownPasswordProblem(values.newPassword) ??
    (values.oldPassword && values.newPassword === values.oldPassword ? passwordText.sameAsOld : undefined);
  if (newProblem) errors.newPassword = newProblem;
  if (!values.againPassword) errors.againPassword = passwordText.againRequired;
  else if (values.againPassword !== values.newPassword) errors.againPassword = passwordText.mismatch;
  return errors;
}
