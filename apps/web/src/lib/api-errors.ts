// What a failed API call rejects with: the spec's body {message, errors} when the server sent one.
import type { ApiError } from '@kete/shared';

export const NETWORK_MESSAGE =
  'Unable to connect to the service. Please ensure you are connected to the internet.';
export const UNEXPECTED_MESSAGE = 'Unexpected error';

export class ApiRequestError extends Error {
  constructor(
    /** HTTP status; 0 when the service could not be reached. */
    readonly status: number,
    /** The response body when it had the spec's error shape. */
    readonly body: ApiError | null,
    /** True when the client already sent the user somewhere (/login or an error page). */
    readonly routed = false,
  ) {
    super(body?.message ?? (status === 0 ? NETWORK_MESSAGE : UNEXPECTED_MESSAGE));
    this.name = 'ApiRequestError';
  }

  /** The server's message for one form field, e.g. fieldError('email'). */
  fieldError(field: string): string | undefined {
    return this.body?.errors?.[field]?.message;
  }
}

export function asApiError(value: unknown): ApiError | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = (value as { message?: unknown }).message;
  return typeof message === 'string' ? (value as ApiError) : null;
}
