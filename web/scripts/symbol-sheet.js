// Draws every designer symbol on one HTML page, to look at them together in a browser: each with its zh and en name,
// a row at rest and a row with each part in its own colour (first green, second red, third amber), at 1x or larger.
//   node scripts/symbol-sheet.js /tmp/symbols.html [scale]
//   chromium --headless --no-sandbox --screenshot=/tmp/symbols.png --window-size=1400,1600 file:///tmp/symbols.html
// Vite loads the symbols as the app does (TSX, the @/ alias), without a build.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createServer } from 'vite';

const [out = '/tmp/symbols.html', scaleArg = '1'] = process.argv.slice(2);
const scale = Number(scaleArg);
const STATE_COLOURS = ['#2e7d32', '#c62828', '#f9a825', '#1565c0'];

const names = (lang) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${lang}/designer-symbols.json`, import.meta.url), 'utf8'))
    .designer.symbols;

// No dependency pre-bundling (the browser's concern) and a cache of its own, so node_modules/.vite stays untouched.
const server = await createServer({
  appType: 'custom',
  cacheDir: join(tmpdir(), 'iotyun-symbol-sheet'),
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
  server: { middlewareMode: true },
});
try {
  const { SYMBOLS } = await server.ssrLoadModule('/src/designer/symbols/index.ts');
  const zh = names('zh');
  const en = names('en');
  const cell = (symbol, coloured) => {
    const parts = coloured
      ? Object.fromEntries(
          symbol.parts.map((part, i) => [part, { fill: STATE_COLOURS[i % 4], stroke: '#263238' }]),
        )
      : undefined;
    const svg = renderToStaticMarkup(createElement(symbol.Component, { parts }));
    const { w, h } = symbol.defaultSize;
    return (
      `<figure><div style="width:${w * scale}px;height:${h * scale}px">${svg}</div>` +
      `<figcaption>${zh[symbol.id] ?? '?'}<br>${en[symbol.id] ?? '?'}</figcaption></figure>`
    );
  };
  const row = (coloured) =>
    `<div class="row">${SYMBOLS.map((symbol) => cell(symbol, coloured)).join('')}</div>`;
  writeFileSync(
    out,
    `<!doctype html><meta charset="utf-8"><style>
body{font:11px sans-serif;background:#f4f5f7;margin:8px}
.row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;margin-bottom:12px}
figure{display:flex;flex-direction:column;align-items:center;min-width:${104 * scale}px;margin:0}
figcaption{text-align:center;color:#333;margin-top:2px}
</style>${row(false)}${row(true)}`,
  );
  console.log(`${SYMBOLS.length} symbols drawn to ${out}`);
} finally {
  await server.close();
}
