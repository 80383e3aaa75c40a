// The client sends its timezone offset (minutes, as Date#getTimezoneOffset gives it) on every
// request; a malformed one is refused rather than silently ignored.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error.js';

const OFFSET = /^[+-]?\d{1,4}$/;
const MAX_OFFSET_MINUTES = 16 * 60;

export function registerTimezoneHeader(app: FastifyInstance) {
  app.decorateRequest('timezoneOffset', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-timezone-offset'];
    if (header === undefined) return;
    const value = Array.isArray(header) ? header[0] : header;
    const minutes = Number(value);
    if (!value || !OFFSET.test(value.trim()) || Math.abs(minutes) > MAX_OFFSET_MINUTES) {
      throw badRequest(
        'The X-Timezone-Offset header must be a whole number of minutes between -960 and 960.',
      );
    }
    request.timezoneOffset = minutes;
  });
}
