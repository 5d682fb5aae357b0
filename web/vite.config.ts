/// <reference types="vitest/config" />
// Vite build, dev server and Vitest settings for the iotyun console.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

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

const TEXTS = 'virtual:texts/';

/**
 * `virtual:texts/<lang>/<bundle>`: the catalogue files of one language and text bundle (lib/text-areas.ts), as one
 * module mapping each area to its texts. lib/i18n.ts imports one such module per language and bundle: the entry
 * names six files to fetch where a glob of the locale files named some eighty.
 */
function textBundles(): Plugin {
  const locales = resolve(import.meta.dirname, 'src', 'locales');
  return {
    name: 'iotyun-text-bundles',
    resolveId(id) {
      return id.startsWith(TEXTS) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${TEXTS}`)) return null;
      const [language = '', bundle = ''] = id.slice(TEXTS.length + 1).split('/');
      const dir = join(locales, language);
      const areas = readdirSync(dir)
        .filter((file) => file.endsWith('.json') && textBundle(file.slice(0, -'.json'.length)) === bundle)
        .map((file) => file.slice(0, -'.json'.length))
        .sort();
      const imports = areas.map(
        (area, i) => `import t${String(i)} from ${JSON.stringify(join(dir, `${area}.json`))};`,
      );
      const entries = areas.map((area, i) => `${JSON.stringify(area)}: t${String(i)}`);
      return `${imports.join('\n')}\nexport default { ${entries.join(', ')} };\n`;
    },
  };
}

/** The modules the console's first screen draws from: its frame and the home page. */
const FIRST_SCREEN = ['src/app/layouts/console-layout.tsx', 'src/features/home/pages/home.tsx'].map((path) =>
  resolve(import.meta.dirname, path),
);

const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@ant-design\/icons["']/g;

/** Per chunking pass (a watch mode's rebuild is another). */
const firstScreenIcons = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

/**
 * The antd icons the console's frame and the home page import (their own modules, followed through their static
 * imports of the app's modules), by name: read once per build from the modules' code.
 */
function iconsOfFirstScreen(ctx: Rolldown.ChunkingContext): Set<string> {
  const known = firstScreenIcons.get(ctx);
  if (known) return known;
  const icons = new Set<string>();
  const seen = new Set<string>();
  const stack = [...FIRST_SCREEN];
  while (stack.length > 0) {
    const id = stack.pop() ?? '';
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    for (const match of (info.code ?? readFileSync(id, 'utf8')).matchAll(ICON_IMPORT)) {
      for (const name of match[1].split(',')) {
        const icon = name.trim().split(/\s+as\s+/)[0];
        if (icon) icons.add(icon);
      }
    }
    for (const dep of info.importedIds)
      if (dep.includes('/src/') && !dep.includes('/node_modules/')) stack.push(dep);
  }
  firstScreenIcons.set(ctx, icons);
  return icons;
}

/** rolldown's runtime and the chunks named by codeSplitting.groups below. */
const NAMED_CHUNKS = /^(rolldown-runtime|vendor|boot|antd|icons|three|hls|texts-[a-z]+-[a-z]+)$/;

/** The entry's own chunks (the entry itself, rolldown's runtime, and the vendor and boot groups below). */
const ENTRY_CHUNK = /(^|\/)(index|rolldown-runtime|vendor|boot)-[\w-]+\.js$/;

/** What is worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.wasm',
]);
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
  plugins: [react(), textBundles(), swaggerUi(), precompressed()],
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
    // Fonts and pictures stay files (Vite inlines assets under 4 KB in the script that imports them): a font in a
    // script is a third larger as base64 and compresses not at all, and a picture is fetched by the <img> that shows
    // it, beside the scripts, rather than inside one (the sign-in page's illustration). Icons under 2 KB (the logo)
    // stay inline.
    assetsInlineLimit: (file, content) =>
      file.endsWith('.woff2') || (file.endsWith('.svg') && content.length > 2048) ? false : undefined,
    modulePreload: {
      // What a lazy import fetches beside its chunk: not the entry's own files (the runtime, vendor, boot), in the
      // browser before any lazy import runs. The lists of every lazy page are in the entry, /login's first script.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !ENTRY_CHUNK.test(dep)),
    },
    // antd alone is ~1 MB minified; page chunks stay small thanks to route-level lazy loading.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        // The chunks rolldown makes of what pages share are named by their hash alone: the entry lists every file
        // a lazy page fetches, and a name taken from one of the chunk's modules ("EllipsisOutlined" for antd's menu)
        // told little. The entry, the groups below and the pages' own chunks keep their names.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry || NAMED_CHUNKS.test(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/c-[hash].js',
        codeSplitting: {
          groups: [
            // three.js with its glTF loader and orbit controls (~160 KB gzip): one file of their own, fetched by the
            // first 3D model viewer drawn (components/model3d/three-scene.ts, a dynamic import) and by no page else;
            // ahead of vendor, so it is never taken into the entry's files.
            { name: 'three', debugName: 'three', test: /[\\/]node_modules[\\/]three[\\/]/ },
            // hls.js (~160 KB gzip): one file of its own, fetched by the first video player that plays HLS where the
            // browser cannot (components/video/hls-engine.ts, a dynamic import); ahead of vendor, like three.js.
            { name: 'hls', debugName: 'hls', test: /[\\/]node_modules[\\/]hls\.js[\\/]/ },
            // The libraries every page needs (React, the router, i18next; /login loads no other): one file that
            // changes only when they do, so a release of the app's own code leaves it in the browser's cache.
            { name: 'vendor', debugName: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // The app's own modules the entry needs (router, guard, i18n, requests, session …): one file, where
            // rolldown made a dozen of those a page shares too, every one of them loaded with the entry anyway.
            { name: 'boot', debugName: 'boot', test: /[\\/]src[\\/]/, tags: ['$initial'] },
            // What the antd layout route needs (antd's theme, CSS-in-JS, App with its messages, notifications and
            // modals, Button, TanStack Query): every page but /login loads all of it, as one file instead of some
            // twenty. The rest of antd stays in rolldown's chunks, each loaded by the pages that draw it.
            { name: 'antd', debugName: 'antd', test: /[\\/]src[\\/]app[\\/]layouts[\\/]antd-layout\.tsx$/ },
            // The icons of the console's first screen (its menu, header and the home page: some thirty), as one
            // file rather than one each; a page drawing one of them loads them all (~10 KB gzip).
            {
              debugName: 'icons',
              test: /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/,
              includeDependenciesRecursively: false,
              name(id, ctx) {
                const icon = /[\\/](\w+)\.js$/.exec(id)?.[1] ?? '';
                return iconsOfFirstScreen(ctx).has(icon) ? 'icons' : null;
              },
            },
            // The other icons, a ~1 KB module each, by the pages that draw them: one chunk per set of pages, small
            // sets merged into the nearest (rolldown's entriesAware). Left to themselves they made a chunk per icon or
            // pair, and the designer's first opening fetched fourteen such files, six at a time (issue 33, B7).
            {
              name: 'icons-more',
              test: /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/,
              includeDependenciesRecursively: false,
              entriesAware: true,
              entriesAwareMergeThreshold: 12 * 1024,
            },
            // The texts, one file per language and bundle (lib/i18n.ts loads one language, the shell's areas first)
            // instead of one per area file: the bundle's module (textBundles above) with its catalogue files.
            {
              debugName: 'texts',
              name(id) {
                const bundle = /^\0virtual:texts\/([^/]+)\/([^/]+)$/.exec(id);
                if (bundle) return `texts-${bundle[1]}-${bundle[2]}`;
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
      if (error.name === 'ReferenceError' && error.message === 'window is not defined' && fromReact)
        return false;
    },
  },
});
