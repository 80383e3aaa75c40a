import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { pwa } from './pwa.config.js';

/**
 * Writes a .br and a .gz beside every text file of the build (after the service worker is
 * generated), which the server sends to browsers that accept them (@fastify/static preCompressed).
 * On a slow phone link the app's JavaScript then travels at about a third of its size.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'kete:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|webmanifest|json)$/.test(file)) continue;
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa(), precompress()],
  // Read @kete/shared from its TypeScript source: no build step between the two.
  resolve: { conditions: ['@kete/source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // No source maps in the build: they would hand anyone the app's whole source, comments and all
    // (issue 44 item 5). `npm run dev` still maps for debugging.
    sourcemap: false,
    rolldownOptions: {
      // @kete/shared is pure (schemas, enums, formatters): modules the app does not use, such as
      // the zod schemas the server validates with, are left out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/shared/') },
    },
  },
});
