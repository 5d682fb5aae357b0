// The tenant's own symbols (issue 30 point 11) against the demo server: an SVG imported in the designer's symbols
// panel, a part marked in the symbol editor, the symbol placed on the compressor's screen, bound, and recoloured by
// its state in the preview with the demo device; and an SVG carrying a script, whose script, handlers and external
// references the server strips (and says so), whose served file runs nothing even opened alone, and an SVG with a
// DOCTYPE, refused.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { api, exactly, serverText, signIn, textsOf } from './helpers';
import { canvasViewport, elements, freshTemplate, openDesigner, propertyPanel } from './designer-helpers';

const text = textsOf(['designer-editor', 'designer-elements', 'designer-runtime', 'designer-user-symbols']);
const zh = (key: string, values: Record<string, string | number> = {}) =>
  text('zh', `designer.${key}`, values);
const DEMO_SN = 'IOT0000001';

// A tank: its shell (n1), and a group (n2) holding the level (n3) and a line (n4). Blue until a state recolours it.
const TANK = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 60">
  <rect width="40" height="60" rx="4" fill="#cccccc" stroke="#555555"/>
  <g fill="#3399ff"><rect x="4" y="28" width="32" height="28"/><path d="M4 28h32" fill="none" stroke="#555555"/></g>
</svg>`;

const EVIL = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"
  onload="alert('onload')">
  <script>alert('script')</script>
  <a xlink:href="javascript:alert('link')"><circle cx="5" cy="5" r="4" onclick="alert('click')"/></a>
  <image href="http://evil.example/track.png" width="2" height="2"/>
  <foreignObject width="5" height="5"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>
</svg>`;

const DOCTYPE = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>&b;</text></svg>`;

interface SymbolRow {
  id: number;
  name: string;
  url: string;
}

async function demoScreen(page: Page): Promise<number> {
  const list = await api<{ items: { id: number; sn_code: string }[] }>(
    page,
    'GET',
    `/dev?q=${DEMO_SN}&page=1&page_size=20`,
  );
  const device = list.items.find((d) => d.sn_code === DEMO_SN);
  if (!device) throw new Error(`demo device ${DEMO_SN} not found`);
  let templateId: number | null = null;
  await expect
    .poll(
      async () => {
        const live = await api<{
          dev_state: number | null;
          template_id: number | null;
          items: { value: unknown }[];
        }>(page, 'GET', `/rDev?device_id=${device.id}`);
        templateId = live.template_id;
        return live.dev_state === 1 && live.items.some((i) => typeof i.value === 'number');
      },
      { message: `${DEMO_SN} online with values`, timeout: 30_000 },
    )
    .toBe(true);
  const overview = await api<{ screens: { id: number; kind: string; is_main: boolean }[] }>(
    page,
    'GET',
    `/yun/module/middleware?id=${String(templateId)}`,
  );
  const main = overview.screens.find((s) => s.kind === 'web' && s.is_main);
  if (!main) throw new Error('the demo template has no main web screen');
  return main.id;
}

/** The symbols panel switched to "my symbols". */
async function mySymbols(page: Page) {
  await page.getByRole('tab', { name: text('zh', 'designer.editor.panels.symbols') }).click();
  await page.getByTestId('symbols-library').getByText(zh('userSymbols.mine'), { exact: true }).click();
  await expect(page.getByTestId('symbols-import-button')).toBeVisible();
}

async function chooseFile(page: Page, name: string, svg: string): Promise<Locator> {
  await page
    .getByTestId('symbols-file')
    .setInputFiles({ name, mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('symbol-import') });
  await expect(dialog).toBeVisible();
  return dialog;
}

const symbolNamed = async (page: Page, name: string): Promise<SymbolRow> => {
  const list = await api<{ items: SymbolRow[] }>(
    page,
    'GET',
    `/yun/resourcesInfo/symbol?name=${encodeURIComponent(name)}`,
  );
  const row = list.items.find((s) => s.name === name);
  if (!row) throw new Error(`no symbol ${name}`);
  return row;
};

test.describe('designer: my symbols', () => {
  test('an imported SVG symbol recoloured by state', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const screenId = await demoScreen(page);
    await openDesigner(page, screenId);
    const before = await elements(page).count();
    await mySymbols(page);

    const name = `罐${Date.now().toString(36).slice(-6)}`;
    const dialog = await chooseFile(page, 'tank.svg', TANK);
    await expect(dialog.getByTestId('symbol-preview').locator('[data-iot-id="n3"]')).toBeVisible();
    await expect(dialog.getByText(zh('userSymbols.import.clean'))).toBeVisible();
    await dialog.getByLabel(zh('userSymbols.name')).fill(name);
    await dialog.getByRole('button', { name: exactly(zh('userSymbols.import.submit')) }).click();

    // The editor opens on it: pick the level, step out to its group, mark it, name it.
    const canvas = page.getByTestId('symbol-editor-canvas');
    await canvas.locator('[data-iot-id="n3"]').click();
    await page.getByRole('button', { name: exactly(zh('userSymbols.editor.parent')) }).click();
    await page.getByTestId('symbol-mark-part').click();
    await page.getByRole('textbox', { name: zh('userSymbols.editor.nameZh') }).fill('液位');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/yun/resourcesInfo/symbol') && r.request().method() === 'PUT',
    );
    await page
      .locator('.ant-modal')
      .filter({ has: canvas })
      .getByRole('button', { name: exactly('保存') })
      .click();
    expect(((await (await saved).json()) as { data: { parts: unknown[] } }).data.parts).toEqual([
      { id: 'n2', zh: '液位', en: '' },
    ]);
    const symbol = await symbolNamed(page, name);

    // Placed on the screen and bound: its state source is the compressor's discharge pressure.
    await page.getByTestId(`user-symbol-${symbol.id}`).click();
    await expect(elements(page)).toHaveCount(before + 1);
    await expect(canvasViewport(page).locator('[data-iot-id="n2"]')).toBeVisible();
    const panel = propertyPanel(page);
    await panel.getByLabel(zh('form.stateSource'), { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^排气压力/ })
      .click();

    // The preview with the demo device: the marked part takes its state's colour, the shell keeps its own.
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: text('zh', 'designer.editor.toolbar.preview') })
      .click();
    const preview = page.locator('.iot-preview');
    await page.getByRole('combobox', { name: text('zh', 'designer.runtime.preview.device') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: DEMO_SN }).click();
    const fill = (id: string) =>
      preview.locator(`[data-iot-id="${id}"]`).evaluate((node) => getComputedStyle(node).fill);
    await expect.poll(() => fill('n2'), { timeout: 30_000 }).toMatch(/^rgb\((0, 180, 42|213, 217, 222)\)$/);
    expect(await fill('n3')).toBe(await fill('n2'));
    expect(await fill('n1')).toBe('rgb(204, 204, 204)');
  });

  test('an SVG carrying a script that is refused or stripped', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, 'admin');
    const { screenId } = await freshTemplate(page);
    await openDesigner(page, screenId);
    await mySymbols(page);

    // Stripped: the preview lists what went, the kept drawing is the circle.
    const name = `恶意${Date.now().toString(36).slice(-6)}`;
    const dialog = await chooseFile(page, 'evil.svg', EVIL);
    const stripped = dialog.getByTestId('symbol-stripped');
    await expect(stripped).toContainText(zh('userSymbols.stripped.element', { name: 'script' }));
    await expect(stripped).toContainText(zh('userSymbols.stripped.attribute', { name: 'onload' }));
    await expect(stripped).toContainText(zh('userSymbols.stripped.element', { name: 'foreignObject' }));
    await expect(stripped).toContainText('http://evil.example/track.png');
    await expect(dialog.getByTestId('symbol-preview').locator('circle')).toBeVisible();
    await dialog.getByLabel(zh('userSymbols.name')).fill(name);
    await dialog.getByRole('button', { name: exactly(zh('userSymbols.import.submit')) }).click();
    await expect(page.getByTestId('symbol-editor')).toBeVisible();
    await page.keyboard.press('Escape');

    // Refused: a DOCTYPE (entities) is not imported, and the dialog says why.
    const refused = await chooseFile(page, 'lol.svg', DOCTYPE);
    await expect(refused.getByTestId('symbol-refused')).toContainText(serverText('zh', 114021));
    await expect(
      refused.getByRole('button', { name: exactly(zh('userSymbols.import.submit')) }),
    ).toBeDisabled();

    // What is served holds none of it, and opened alone runs nothing.
    const symbol = await symbolNamed(page, name);
    const served = await page.request.get(symbol.url);
    expect(served.headers()['content-security-policy']).toContain('sandbox');
    expect(await served.text()).not.toMatch(/script|onload|onclick|javascript|foreignObject|evil\.example/i);
    await page.goto(symbol.url);
    await expect(page.locator('circle')).toHaveCount(1);
    expect(alerts).toEqual([]);
  });
});
