// The demo catalogue's placeholder images, one per category, at /product-images/<name>.svg.
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const productImagesRoot = fileURLToPath(new URL('../../../assets/product-images/', import.meta.url));

export async function registerProductImages(app: FastifyInstance) {
  // A second @fastify/static: the web app's instance already decorates reply.sendFile.
  await app.register(fastifyStatic, {
    root: productImagesRoot,
    prefix: '/product-images/',
    decorateReply: false,
    wildcard: false,
    allowedPath: (path) => path.endsWith('.svg'),
    setHeaders: (res) => res.header('cache-control', 'public, max-age=86400'),
  });
}
