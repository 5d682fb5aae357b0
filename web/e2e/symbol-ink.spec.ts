// The signs of units reach the pixels (issue 30 defect 3): ℃, ㎡, ‰ and ± drawn by a screen element (the designer's
// canvas, which draws elements as the runtime does), an ECharts canvas (the report designer's preview, whose title is
// the typed text) and antd's text (the report designer's title field), in Chinese and in English. Each sign's box is
// screenshotted and its ink counted: WenQuanYi Micro Hei, Chromium's `sans-serif` for Chinese here, has an empty ℃,
// so a screen element's `40px sans-serif` drew "℃" as nothing. The console's symbol font (lib/theme.ts) must be
// loaded too, so the signs do not hang on the fonts of the machine.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { freshTemplate, openDesigner } from './designer-helpers';
import { api, signIn, textsOf, type Lang } from './helpers';

const SIGNS = ['℃', '㎡', '‰', '±'] as const;
const SYMBOL_FONT = 'Iotyun Symbols';
const text = textsOf(['reports']);
/** Fewer inked pixels than this in a sign's box is a blank glyph (a 14 px ℃ inks well over a hundred). */
const MIN_INK = 12;

/** The pixels of a PNG that differ from its corner's colour (the background), counted in the page's own decoder. */
async function inkOf(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const [r, g, b] = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      const d =
        Math.abs((data[i] ?? 0) - r) + Math.abs((data[i + 1] ?? 0) - g) + Math.abs((data[i + 2] ?? 0) - b);
      if (d > 96) ink += 1;
    }
    return ink;
  }, png.toString('base64'));
}

/** The ink in the box of the first `sign` of the text inside `scope` (a Range over that one character). */
async function signInk(page: Page, scope: Locator, sign: string): Promise<number> {
  const box = await scope.evaluate((root, ch) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(ch);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + ch.length);
      const r = range.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }
    return null;
  }, sign);
  if (!box || box.width < 1 || box.height < 1) throw new Error(`no box for ${sign}`);
  return inkOf(page, await page.screenshot({ clip: box }));
}

/** The symbol font's faces, all loaded (not left to the machine's fonts). */
async function symbolFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(async (family) => {
    await document.fonts.ready;
    const faces = [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === family);
    if (faces.length === 0) return false;
    await Promise.all(faces.map((f) => f.load()));
    return faces.every((f) => f.status === 'loaded');
  }, SYMBOL_FONT);
}

test('℃ ㎡ ‰ ± reach the pixels in screen elements, ECharts and antd, in zh and en', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signIn(page, 'admin');

  // A screen of the signs in the stored default family, and a report titled with them.
  const { screenId } = await freshTemplate(page, 'E2E符号');
  const design = await api<{ revision: number; document: Record<string, unknown> }>(
    page,
    'GET',
    `/yun/module/view/design?id=${String(screenId)}`,
  );
  const elements = SIGNS.map((sign, i) => ({
    id: `sign${String(i)}`,
    type: 'text',
    placement: { x: 40 + i * 120, y: 40, w: 100, h: 80, rotation: 0 },
    z: i,
    settings: { text: `1${sign}`, font: '40px sans-serif', textAlign: 'center' },
  }));
  await api(page, 'PUT', '/yun/module/view/design', {
    id: screenId,
    revision: design.revision,
    document: { ...design.document, elements },
  });
  // A demo report drawn on a canvas (not the indicator card, not the table).
  const reports = await api<{ items: { id: number; chart_type: number }[] }>(
    page,
    'GET',
    '/yun/report/basic?page=1&page_size=50',
  );
  const report = reports.items.find((r) => r.chart_type >= 3);
  if (!report) throw new Error('the demo has no chart report');
  // The report designer asks before a changed form is left: the next page is loaded all the same.
  page.on('dialog', (dialog) => void dialog.accept());

  for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);

    // Screen elements, drawn by the designer's canvas.
    await openDesigner(page, screenId);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
    await expect(page.locator('[data-element-id]')).toHaveCount(SIGNS.length);
    for (const [i, sign] of SIGNS.entries()) {
      const element = page.locator(`[data-element-id="sign${String(i)}"]`);
      expect(await signInk(page, element, sign), `${sign} in a screen element (${lang})`).toBeGreaterThan(
        MIN_INK,
      );
    }

    // The signs came from the console's own font, not from whatever this machine has.
    expect(await symbolFontLoaded(page), `${SYMBOL_FONT} loaded (${lang})`).toBe(true);

    // antd's text (the title field of the report designer) and ECharts (its preview, whose title is the typed
    // title alone, centred in the strip above the legend).
    await page.goto(`/iotyun/designChart?id=${String(report.id)}`);
    const title = page.getByLabel(text(lang, 'reports.design.title'), { exact: true });
    await expect(page.locator('[role="img"] canvas').first()).toBeVisible({ timeout: 15_000 });
    for (const sign of SIGNS) {
      await title.fill(sign);
      expect(
        await inkOf(page, await title.screenshot()),
        `${sign} in an antd field (${lang})`,
      ).toBeGreaterThan(MIN_INK);
      const chart = page.getByRole('img', { name: new RegExp(`:\\s*${sign}$`) });
      await expect(chart).toBeVisible();
      await expect
        .poll(
          async () => {
            const box = await chart.boundingBox();
            if (!box) return 0;
            // ECharts draws the title at top 4 in 14 px, the legend from 28 down.
            const strip = { x: box.x, y: box.y, width: box.width, height: 26 };
            return inkOf(page, await page.screenshot({ clip: strip }));
          },
          { message: `${sign} on an ECharts canvas (${lang})` },
        )
        .toBeGreaterThan(MIN_INK);
    }
  }
});
