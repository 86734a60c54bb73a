import { isSitePath } from '../../domain/site-path.ts';

/**
 * Where to go after login: the `redirect` query the route guard set, if it is a path of this
 * site (never another origin, never back to /login), else /home.
 */
export function safeRedirect(value: string | null | undefined): string {
  return value && isSitePath(value) && !value.startsWith('/login') ? value : '/home';
}

export function redirectFrom(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}
