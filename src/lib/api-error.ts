/**
 * The one error type API calls reject with. The interceptor only translates (envelope code, HTTP
 * status, no response) into this; views decide what to show (see notify.ts).
 */
export type ApiErrorKind =
  /** envelope code -1 or another non-zero code; message is the server's */
  | 'business'
  /** an HTTP status error; message is the spec's text for it */
  | 'http'
  /** no response at all */
  | 'network'
  /** the client gave up waiting (30 s, 120 s for long calls) */
  | 'timeout'
  /** aborted by the caller; never shown */
  | 'cancelled';

export interface ApiErrorDetails {
  code?: number;
  status?: number;
  url?: string;
  /** the reply body, when there was one */
  body?: unknown;
  /** the `token` header of a login answered 401 '请更改密码' (the change-password flow) */
  passwordChangeToken?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code?: number;
  readonly status?: number;
  readonly url?: string;
  readonly body?: unknown;
  readonly passwordChangeToken?: string;

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.code = details.code;
    this.status = details.status;
    this.url = details.url;
    this.body = details.body;
    if (details.passwordChangeToken !== undefined) this.passwordChangeToken = details.passwordChangeToken;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
