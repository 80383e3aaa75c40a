// The OpenAPI document covers every registered API route, with request and response shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../modules/shopping/test/route-list.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { OPENAPI_PATH } from './openapi.js';

let t: TestApp;
type Operation = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
};
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, served without a session', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every registered /api route as an operation', () => {
    const routes = registeredRoutes(t.app).filter(
      (route) => route.url.startsWith('/api/') && route.url !== OPENAPI_PATH && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter(
      (route) => !doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    // And nothing that is not an API route.
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('describes requests and responses from the zod schemas', () => {
    const addToCart = doc.paths['/api/{shortCode}/cart']?.post;
    // A product by id, or an item as written with no product (issue 49): both fields are described.
    const body = addToCart?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['productId', 'quantity', 'text']));
    expect(addToCart?.parameters).toContainEqual(expect.objectContaining({ name: 'shortCode', in: 'path' }));
    // The answer is the item added: a product's, or a written one's.
    const ok = addToCart?.responses['200']?.content?.['application/json']?.schema as {
      anyOf: { properties: object }[];
    };
    const shapes = ok.anyOf.map((shape) => Object.keys(shape.properties));
    expect(shapes).toContainEqual(expect.arrayContaining(['product', 'quantity']));
    expect(shapes).toContainEqual(expect.arrayContaining(['text', 'quantity']));
    const refusal = addToCart?.responses['4XX']?.content?.['application/json']?.schema as {
      required: string[];
    };
    expect(refusal.required).toEqual(['message']);
  });

  it('marks sign-in public and the rest as needing a bearer token', () => {
    expect(doc.paths['/api/identity/email']?.post?.security).toEqual([]);
    expect(doc.paths['/api/{shortCode}/cart']?.get?.security).toBeUndefined();
    expect((doc as unknown as { security: unknown[] }).security).toEqual([{ bearer: [] }]);
  });
});
