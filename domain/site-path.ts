/**
 * Whether a string is a path of this site — what a browser, given it as a link or a location,
 * resolves on this origin (issue 29 item 9). Used by every site-path check (the login's ?redirect=,
 * links kept in notices), so one definition decides.
 *
 * Browsers read a backslash as a slash in http(s) URLs (`/\evil.example` is `//evil.example`, another
 * host) and drop tabs and newlines anywhere in a URL (`/\t/evil.example` likewise), so neither may
 * appear; what is left must resolve against an origin to that same origin.
 */
const PROBE = 'http://site.invalid';

export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, PROBE).origin === PROBE;
  } catch {
    return false;
  }
}
