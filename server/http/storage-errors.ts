/**
 * The server's own disk refusing a write (issue 27): full, over quota, read-only, not writable, or
 * failing. Not the user's fault and not a bug: HTTP 507 with a message that sends them to the
 * administrator, never 服务器内部错误 nor the system's text.
 */
import { storageText } from '../../domain/texts/storage.ts';

const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EFBIG', 'EMFILE', 'ENFILE']);

/** The error's errno code, or its cause's (a wrapped file-system error). */
function fsCodeOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 3) return undefined;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && STORAGE_CODES.has(code)) return code;
  // a recursive mkdir on a read-only (or vanished) DATA_DIR says ENOENT, not EROFS
  if (code === 'ENOENT' && syscall === 'mkdir') return code;
  return fsCodeOf((error as { cause?: unknown }).cause, depth + 1);
}

export function isStorageError(error: unknown): boolean {
  return fsCodeOf(error) !== undefined;
}

/** The answer to a request a storage error ended, or undefined for any other error. */
export function storageRefusal(error: unknown): { status: 507; message: string; code: string } | undefined {
  const code = fsCodeOf(error);
  return code ? { status: 507, message: storageText.full, code } : undefined;
}
