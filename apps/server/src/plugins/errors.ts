// Every error leaves in the spec's shape {message, errors?: {field: {message}}}; a crash is
// logged with its request id and answered 500 'Unexpected error', never with a stack trace; a
// database that cannot serve just now (restarting, unreachable, locked) is 503, try again.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';
import { type FieldErrors, HttpError, RetryLater } from '../lib/http-error.js';

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its length.',
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // Every refusal that knows when to ask again says so, whichever route refused.
      if (error instanceof RetryLater) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.split('/').filter(Boolean)[0] ?? error.validationContext ?? 'request';
        errors[field] ??= { message: issue.message ?? 'This value is not valid.' };
      }
      const fields = Object.values(errors);
      const message =
        fields.length === 1 && fields[0] ? fields[0].message : 'Please check the highlighted fields.';
      return reply.code(400).send({ message, errors });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: 'Too many requests. Please wait a minute and try again.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = clientErrorMessages[error.code] ?? 'The request could not be understood.';
      return reply.code(error.statusCode).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Unexpected error' });
  });
}
