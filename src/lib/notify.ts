/**
 * Toasts. Views and hooks call these when they react to an error or a success; the http client
 * never does. Warnings last 5 s (spec §9). One toast per message at a time: many requests failing
 * the same way (a 401, a dead network) show it once.
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from './api-error.ts';

export const TOAST_MS = 5_000;

export function errorMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    // cancelled calls are nobody's business; the change-password answer opens a dialog instead
    if (error.kind === 'cancelled' || error.passwordChangeToken !== undefined) return null;
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : null;
}

export function notifyWarning(message: string): void {
  notifications.show({ id: `warning:${message}`, message, color: 'yellow', autoClose: TOAST_MS });
}

export function notifySuccess(message: string): void {
  notifications.show({ id: `success:${message}`, message, color: 'teal', autoClose: TOAST_MS });
}

/** Show an API (or other) error as a warning toast; silent for errors nobody should see. */
export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  if (message) notifyWarning(message);
}
