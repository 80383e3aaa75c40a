import { z } from 'zod';

/** The spec's error shape: {message, errors: {field: {message}}}. */
export const ZApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.object({ message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ZApiError>;
