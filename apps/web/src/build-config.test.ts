// @vitest-environment node
// Issue 44 item 5: the production build writes no source maps, so no .map file and no
// sourceMappingURL comment reach anyone (the server also refuses any .map: web-app.test.ts).
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';

describe('the production build', () => {
  it('makes no source maps', async () => {
    const config = await resolveConfig(
      { configFile: new URL('../vite.config.ts', import.meta.url).pathname, logLevel: 'silent' },
      'build',
      'production',
    );
    expect(config.build.sourcemap).toBe(false);
  });
});
