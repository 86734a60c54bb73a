import { EnvelopeCode, type FieldError } from '../../domain/envelope.ts';

/** A business refusal: HTTP 200, envelope code -1 (or another), message shown to the user as is. */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code: number = EnvelopeCode.error,
    readonly data: unknown = null,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'BizError';
  }

  static fields(message: string, errors: FieldError[], httpStatus = 200): BizError {
    return new BizError(message, EnvelopeCode.error, { errors }, httpStatus);
  }
}

/** A refusal that needs a particular HTTP status (401, 403, 404, 429 …), still with a Chinese message. */
export class HttpError extends BizError {
  constructor(httpStatus: number, message: string, data: unknown = null, readonly headers: Record<string, string> = {}) {
    super(message, EnvelopeCode.error, data, httpStatus);
    this.name = 'HttpError';
  }
}
