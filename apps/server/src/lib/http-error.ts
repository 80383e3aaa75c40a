// Errors a service throws on purpose; the error handler sends them in the spec's shape.

export type FieldErrors = Record<string, { message: string }>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/** A refusal that says when to ask again: answered 429 with Retry-After (plugins/errors.ts). */
export class RetryLater extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);

/** A 400 whose message belongs to one field, e.g. errors.email.message. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { [field]: { message } });

export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
