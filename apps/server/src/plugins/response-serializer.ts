// How answers become JSON. The routes' zod schemas are the contract; checking every answer
// against them with zod costs about a quarter of the CPU of a large answer (a 60-item shopping
// list, start-up data with 389 stores). So the server compiles each response schema once into a
// serializer (fast-json-stringify, Fastify's own, from the schema's JSON Schema form): it writes
// only the declared fields, as fast as JSON.stringify or faster. The test suite keeps zod's full
// check of every answer (VITEST), so an answer that breaks the contract still fails a test.
// A schema with no JSON Schema form (a transform) keeps zod's serializer.
import fastJsonStringify from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

const checkedSerializer = createSerializerCompiler({});

type CompilerInput = Parameters<typeof checkedSerializer>[0];

export function compiledSerializer(input: CompilerInput): (data: unknown) => string {
  const schema = input.schema as ZodType;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJsonStringify(forSerializing(json) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return checkedSerializer(input);
  }
}

type Json = { [key: string]: unknown };

const jsonType = (value: unknown) =>
  typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;

/**
 * Rewrites what fast-json-stringify would otherwise decide per value with a schema validator
 * (anyOf): "X or null" becomes one type list, a union of literals becomes their type. Serializing
 * needs the shape, not the checks (the types and the test suite hold the values to the contract).
 */
function forSerializing(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializing);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = forSerializing(value);
  // Zod marks every object closed (additionalProperties: false). Written out, that changes
  // nothing (only declared fields are written either way), but inside a union the validator that
  // picks the branch then refuses an answer carrying any field the contract leaves out: the cart
  // add's product or text item (issue 49) was a 500 outside the test suite.
  if (out.additionalProperties === false) delete out.additionalProperties;
  const options = out.anyOf as Json[] | undefined;
  if (options) {
    const notNull = options.filter((o) => o.type !== 'null');
    const nullable = notNull.length < options.length;
    const literals = notNull.every((o) => 'const' in o)
      ? [...new Set(notNull.map((o) => jsonType(o.const)))]
      : [];
    let single: Json | undefined;
    if (literals.length === 1) single = { type: literals[0] };
    else if (notNull.length === 1 && typeof notNull[0]?.type === 'string' && !notNull[0].anyOf)
      single = notNull[0];
    if (single) {
      const { anyOf: _dropped, ...rest } = out;
      const merged: Json = { ...rest, ...single, type: nullable ? [single.type, 'null'] : single.type };
      // A nullable enum keeps null among its values: a union's branch validator checks them.
      if (nullable && Array.isArray(merged.enum)) merged.enum = [...merged.enum, null];
      return merged;
    }
  }
  if ('const' in out && out.type === undefined) out.type = jsonType(out.const);
  return out;
}

/** Zod's checked serializer under the test suite; the compiled one everywhere else. */
export const responseSerializer = process.env.VITEST ? checkedSerializer : compiledSerializer;

/** The same choice for an answer serialised outside a route's schema (e.g. cached search JSON). */
export const serializerFor = (schema: ZodType): ((data: unknown) => string) =>
  responseSerializer({ schema, method: 'GET', url: '', httpStatus: '200' } as CompilerInput);

/** The compiled serializer, under the test suite too (for pieces of an answer checked as a whole). */
export const compiledSerializerFor = (schema: ZodType): ((data: unknown) => string) =>
  compiledSerializer({ schema, method: 'GET', url: '', httpStatus: '200' } as CompilerInput);
