/// <reference types="vitest/config" />
// Vite build, dev server and Vitest settings for the iotyun console.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { textBundle } from './src/lib/text-areas.ts';

/** Copies Swagger UI into dist/swagger so the server's /api/docs works without internet access. */
function swaggerUi(): Plugin {
  const require = createRequire(import.meta.url);
  const source = dirname(require.resolve('swagger-ui-dist/package.json'));
  return {
    name: 'iotyun-swagger-ui',
    apply: 'build',
    closeBundle() {
      const target = resolve(import.meta.dirname, 'dist', 'swagger');
      mkdirSync(target, { recursive: true });
      for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
        copyFileSync(join(source, file), join(target, file));
      }
    },
  };
}

export default defineConfig({
  base: '/iotyun/',
  plugins: [react(), swaggerUi()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // antd alone is ~1 MB minified; page chunks stay small thanks to route-level lazy loading.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs (React, the router, antd's core, i18next, …): one file that changes
            // only when they do, so a release of the app's own code leaves it in the browser's cache.
            { name: 'vendor', debugName: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // The texts, one file per language and bundle (lib/i18n.ts loads one language, the shell's areas first)
            // instead of one per area file.
            {
              debugName: 'texts',
              name(id) {
                const match = /\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
                return match ? `texts-${match[1]}-${textBundle(match[2])}` : null;
              },
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Browser specs in e2e/ run under Playwright (`npm run e2e`), not Vitest.
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 20000,
    // React's scheduler may run a passive-effect flush it queued (setImmediate) after the last test of a file, once
    // Vitest has torn that file's jsdom down: "window is not defined" from react-dom, when every test of the file has
    // passed and none of its code runs any more. Seen in a different file each time on a loaded machine, whatever
    // the tests drain after each other; only this error is let pass, every other unhandled error still fails the run.
    onUnhandledError(error) {
      const fromReact = (error.stack ?? '').includes('react-dom');
      if (error.name === 'ReferenceError' && error.message === 'window is not defined' && fromReact) return false;
    },
  },
});
