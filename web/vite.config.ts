/// <reference types="vitest/config" />
// Vite build, dev server and Vitest settings for the iotyun console.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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
    // writeBundle, not closeBundle: precompressed() compresses these too, in closeBundle, once they are there.
    writeBundle() {
      const target = resolve(import.meta.dirname, 'dist', 'swagger');
      mkdirSync(target, { recursive: true });
      for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
        copyFileSync(join(source, file), join(target, file));
      }
    },
  };
}

/** What is worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.wasm']);
/** Below this a compressed copy saves less than a packet; config.js (edited at deploy time) stays below it too. */
const COMPRESS_MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build, at the highest levels, once:
 * the server (iotyun/web.py) sends the one the browser accepts instead of compressing on every request. A copy
 * that would not be smaller is not written.
 */
function precompressed(): Plugin {
  return {
    name: 'iotyun-precompressed',
    apply: 'build',
    closeBundle() {
      const dist = resolve(import.meta.dirname, 'dist');
      for (const path of filesUnder(dist)) {
        if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < COMPRESS_MIN_BYTES) continue;
        const content = readFileSync(path);
        const brotli = brotliCompressSync(content, {
          params: {
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = gzipSync(content, { level: zlib.Z_BEST_COMPRESSION });
        if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}

export default defineConfig({
  base: '/iotyun/',
  plugins: [react(), swaggerUi(), precompressed()],
  // `@/lib/http` is web/src/lib/http: an import that leaves its area (a feature, lib, components, types …) starts at
  // src/; one inside its area stays relative.
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
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
    // A worker runs file after file without starting afresh for each: React, antd, jsdom and the rest of
    // node_modules load once a worker instead of once per file, which was more than half the run (jsdom's window, the
    // imports). What a file could inherit from the one before is reset by the setup file: the app's own modules
    // are evaluated again (vi.resetModules), the window's cookies, storage, URL, body and antd's styles are cleared.
    isolate: false,
    // A worker per core (Vitest's default leaves one for itself: a single worker on this 2-core machine); the main
    // process mostly waits once the files are transformed. 38 files: 28 s against 40 s, the same CPU time.
    maxWorkers: '100%',
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
