/**
 * A Mantine Button that renders only when the current page's module grants `code`
 * (buttonVos of the module whose uri matches the page; accounts §6, bills §6).
 */
import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { usePermission } from '../lib/permissions.ts';

export interface PermissionButtonProps extends ButtonProps, ElementProps<'button', keyof ButtonProps> {
  /** the button code, e.g. 'add', 'delete', 'declare' */
  code: string;
  /** take the codes of another page (a detail page using its list's module) */
  permissionPath?: string;
}

export function PermissionButton({ code, permissionPath, ...props }: PermissionButtonProps) {
  const allowed = usePermission(code, permissionPath);
  return allowed ? <Button {...props} /> : null;
}
