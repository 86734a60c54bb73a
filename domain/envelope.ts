/** The reply every API call gets: data is taken when code is 0 (spec §8 of both documents). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const EnvelopeCode = {
  ok: 0,
  /** message shown as a 5-second warning toast; from the refresh call it ends the session */
  error: -1,
  /** the whole body is returned to the caller */
  wholeBody: -1000,
  /** access token expired: refresh once, then retry */
  tokenExpired: -10000,
} as const;

/** Field-level problems travel in data.errors of a code -1 reply so forms can show them on the field. */
export interface FieldError {
  field: string;
  message: string;
}
