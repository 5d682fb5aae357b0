// The console's symbol font (theme.ts symbolFont): its two faces declared from here, with a unicode-range of exactly
// the signs it draws (SYMBOL_SIGNS), and loaded at once by every page but /login (app/layouts/antd-layout.tsx), as
// two font files. A page's text waits for a web font by itself, a canvas does not: ECharts measures and fills its
// text once, with whatever font is there, so a chart drawn before the font arrives would keep the empty ℃ of the CJK
// font after it. A chart draws once the font has come (components/charts/echart.tsx, whenSymbolFontReady).
import boldUrl from '@/assets/fonts/iotyun-symbols-bold.woff2';
import regularUrl from '@/assets/fonts/iotyun-symbols.woff2';
import { SYMBOL_SIGNS, symbolFont } from './theme';

/** The CSS unicode-range of the signs: `U+B0, U+B1, …`. */
export function symbolUnicodeRange(signs: string = SYMBOL_SIGNS): string {
  return Array.from(signs)
    .map((c) => c.codePointAt(0) ?? 0)
    .sort((a, b) => a - b)
    .map((code) => `U+${code.toString(16).toUpperCase()}`)
    .join(', ');
}

/** The two faces: regular for weights up to 599, bold from 600 (DejaVu Sans and DejaVu Sans Bold). */
export const SYMBOL_FACES = [
  { url: regularUrl, weight: '100 599' },
  { url: boldUrl, weight: '600 900' },
] as const;

let ready = false;
let loading: Promise<void> | null = null;

/** Declares both faces and loads them (once); resolves when they are there, or failed to come. */
export function loadSymbolFont(): Promise<void> {
  if (loading) return loading;
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts || typeof FontFace === 'undefined') {
    ready = true;
    loading = Promise.resolve();
    return loading;
  }
  const unicodeRange = symbolUnicodeRange();
  const faces = SYMBOL_FACES.map(({ url, weight }) => {
    const face = new FontFace(symbolFont, `url(${url}) format('woff2')`, {
      weight,
      style: 'normal',
      display: 'swap',
      unicodeRange,
    });
    fonts.add(face);
    return face.load();
  });
  loading = Promise.all(faces).then(
    () => {
      ready = true;
    },
    () => {
      // A font that cannot come (blocked, broken) must not keep the charts from drawing with what there is.
      ready = true;
    },
  );
  return loading;
}

/** Runs `draw` now when the symbol font is there, else once it has come. Returns a cancel for a draw not yet run. */
export function whenSymbolFontReady(draw: () => void): () => void {
  if (ready) {
    draw();
    return () => undefined;
  }
  let live = true;
  void loadSymbolFont().then(() => {
    if (live) draw();
  });
  return () => {
    live = false;
  };
}
