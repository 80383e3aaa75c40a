import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { pwa } from './pwa.config.js';

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa()],
  // Read @kete/shared from its TypeScript source: no build step between the two.
  resolve: { conditions: ['@kete/source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // @kete/shared is pure (schemas, enums, formatters): modules the app does not use, such as
      // the zod schemas the server validates with, are left out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/shared/') },
    },
  },
});
