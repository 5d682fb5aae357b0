// The screen designer against the demo server: a template's main screen opened in the editor, a value display and a
// symbol added from the palette and the symbol library, undone to an empty screen and redone, saved, and found again
// after a reload (in the editor and in the stored document).
import { expect, test, type Page } from '@playwright/test';

import { api, exactly, signIn, textsOf } from './helpers';

const text = textsOf(['designer-editor', 'designer-elements', 'designer-symbols']);
const ed = (key: string) => text('zh', `designer.editor.${key}`);

interface ScreenRow {
  id: number;
  kind: string;
  is_main: boolean;
}

interface StoredElement {
  type: string;
  settings: Record<string, unknown>;
}

/** A fresh template of the signed-in user (so no other spec shares its screen); its main web screen's id. */
async function mainScreen(page: Page): Promise<number> {
  const template = await api<{ id: number }>(page, 'POST', '/yun/module', {
    name: `E2E组态${Date.now().toString(36)}`,
    data_version: '1.0',
  });
  const overview = await api<{ screens: ScreenRow[] }>(
    page,
    'GET',
    `/yun/module/middleware?id=${template.id}`,
  );
  const main = overview.screens.find((s) => s.kind === 'web' && s.is_main);
  if (!main) throw new Error('the template has no main web screen');
  return main.id;
}

const elements = (page: Page) => page.locator('[data-element-id]');
const tool = (page: Page, name: string) =>
  page.getByRole('toolbar').getByRole('button', { name: exactly(ed(`toolbar.${name}`)) });

test.describe('screen designer', () => {
  test('draws a value display and a symbol, undoes to empty, saves and finds them after a reload', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const screenId = await mainScreen(page);
    await page.goto(`/iotyun/designConfigure/id=${screenId}`);
    await expect(page.getByRole('toolbar')).toBeVisible();
    await expect(tool(page, 'undo')).toBeDisabled();

    await page.getByTestId('palette-value').click();
    await page.getByRole('tab', { name: ed('panels.symbols') }).click();
    const symbolTile = page.locator('[data-testid^="symbol-"]').first();
    const symbolId = ((await symbolTile.getAttribute('data-testid')) ?? '').replace(/^symbol-/, '');
    await symbolTile.click();
    await expect(elements(page)).toHaveCount(2);
    await expect(tool(page, 'save')).toHaveAttribute('data-dirty', 'true');

    // Undo to an empty screen (clean again: it is what was loaded), then redo both.
    await tool(page, 'undo').click();
    await tool(page, 'undo').click();
    await expect(elements(page)).toHaveCount(0);
    await expect(tool(page, 'undo')).toBeDisabled();
    await expect(tool(page, 'save')).toHaveAttribute('data-dirty', 'false');
    await tool(page, 'redo').click();
    await tool(page, 'redo').click();
    await expect(elements(page)).toHaveCount(2);

    const saved = page.waitForResponse(
      (r) => r.url().includes('/yun/module/view/design') && r.request().method() === 'PUT',
    );
    await tool(page, 'save').click();
    expect((await (await saved).json()) as { meta: { success: number } }).toMatchObject({
      meta: { success: 1 },
    });
    await expect(tool(page, 'save')).toHaveAttribute('data-dirty', 'false');

    await page.reload();
    await expect(elements(page)).toHaveCount(2);
    await expect(tool(page, 'undo')).toBeDisabled();
    const stored = await api<{ document: { elements: StoredElement[] } }>(
      page,
      'GET',
      `/yun/module/view/design?id=${screenId}`,
    );
    expect(stored.document.elements.map((e) => e.type).sort()).toEqual(['symbol', 'value']);
    expect(stored.document.elements.find((e) => e.type === 'symbol')?.settings.symbol).toBe(symbolId);
  });
});

// Issue 30 point 8: the designer opens in focus mode over the whole window; a 1120 × 630 screen (a new template's)
// shows at 100 % on a 1440 × 900 display; the toolbar's button and Esc (nothing edited) leave it.
test.describe('focus mode', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('uses the whole window, shows a 1120 × 630 screen at 100 %, and leaves with Esc', async ({ page }) => {
    await signIn(page, 'admin');
    const screenId = await mainScreen(page);
    await page.goto(`/iotyun/designConfigure/id=${screenId}`);
    await expect(page.getByRole('toolbar')).toBeVisible({ timeout: 30_000 });
    const editor = page.locator('.designer');
    await expect(editor).toHaveClass(/designer--focus/);
    // The console's frame is folded away: the editor starts at the window's corner and spans it.
    expect(await editor.boundingBox()).toMatchObject({ x: 0, y: 0, width: 1440, height: 900 });
    await expect(page.getByRole('combobox', { name: ed('toolbar.zoom') })).toBeVisible();
    await expect(page.locator('.designer-toolbar__zoom')).toContainText(/100\s?%/);
    const sheet = await page.locator('.iot-canvas-sheet').boundingBox();
    expect(sheet).toMatchObject({ width: 1120, height: 630 });
    const viewport = await page.locator('[data-canvas-viewport]').boundingBox();
    if (!sheet || !viewport) throw new Error('no canvas');
    expect(sheet.x).toBeGreaterThanOrEqual(viewport.x);
    expect(sheet.x + sheet.width).toBeLessThanOrEqual(viewport.x + viewport.width);

    // Esc with something selected clears the selection; with nothing selected it leaves focus mode.
    // The left panel starts folded to its rail here, which is what gives the screen its 100 %.
    await page.getByRole('button', { name: exactly('展开组件') }).click();
    await page.getByTestId('palette-rect').click();
    await expect(page.locator('[data-element-id]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(editor).toHaveClass(/designer--focus/);
    await page.keyboard.press('Escape');
    await expect(editor).not.toHaveClass(/designer--focus/);
    await expect(page.locator('.console__sider')).toBeInViewport();
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: exactly(ed('focus.enter')) })
      .click();
    await expect(editor).toHaveClass(/designer--focus/);
  });
});
