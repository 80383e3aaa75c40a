// A second floor for `npm run bench` (KETE_BENCH_ROUTES=1 only): an answer that does no work but
// is as large as a real one. Sending 66 KB of search results costs the kernel and the socket far
// more than routing does, so "how close to the floor" is also measured against a floor that sends
// the same number of bytes (decision 0011).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const MAX_BYTES = 1 << 20;
const payloads = new Map<number, string>();

/** A JSON text of exactly `bytes` bytes, built once per size. */
export function payloadOf(bytes: number): string {
  let text = payloads.get(bytes);
  if (text === undefined) {
    text = `{"pad":"${'x'.repeat(Math.max(0, bytes - 10))}"}`;
    payloads.set(bytes, text);
  }
  return text;
}

export async function benchPayloadRoutes(app: FastifyInstance) {
  app.get(
    '/api/bench/payload/:bytes',
    {
      config: { public: true },
      schema: { params: z.object({ bytes: z.coerce.number().int().min(16).max(MAX_BYTES) }) },
    },
    (request, reply) => {
      const { bytes } = request.params as { bytes: number };
      return reply.type('application/json; charset=utf-8').send(payloadOf(bytes));
    },
  );
}
