// The designer's preview against the demo server (its simulated gateways publish values): the compressor template's
// main web screen, whose value displays are bound to the template's data sources, opened in the designer and
// previewed with the demo device IOT0000001; a bound value display shows a number, and closing the preview leaves
// the editor with nothing to save; a fan symbol added from the library with a spin animation turns at the live value's speed.
import { expect, test, type Page } from '@playwright/test';

import { api, exactly, signIn, textsOf, expectNoSidewaysScroll } from './helpers';

const text = textsOf(['designer-editor', 'designer-runtime', 'designer-animation']);
const DEMO_SN = 'IOT0000001';
/** The seeded compressor screen's value display bound to 排气压力 (iotyun/demo/templates.py). */
const PRESSURE_ELEMENT = 'e2';
/** Its aftercooler fan, turning at the motor's current × 2 rpm. */
const DEMO_FAN_ELEMENT = 'e23';

interface ScreenRow {
  id: number;
  kind: string;
  is_main: boolean;
}

/** The demo device's id and its template's main web screen, once the device is online with values. */
async function demoScreen(page: Page): Promise<number> {
  const list = await api<{ items: { id: number; sn_code: string }[] }>(
    page,
    'GET',
    `/dev?q=${DEMO_SN}&page=1&page_size=20`,
  );
  const device = list.items.find((d) => d.sn_code === DEMO_SN);
  if (!device) throw new Error(`demo device ${DEMO_SN} not found`);
  const seen: { templateId: number | null } = { templateId: null };
  await expect
    .poll(
      async () => {
        const live = await api<{
          dev_state: number | null;
          template_id: number | null;
          items: { value: unknown }[];
        }>(page, 'GET', `/rDev?device_id=${device.id}`);
        seen.templateId = live.template_id;
        return live.dev_state === 1 && live.items.some((i) => typeof i.value === 'number');
      },
      { message: `${DEMO_SN} online with values`, timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  const templateId = seen.templateId;
  if (templateId === null) throw new Error(`${DEMO_SN} has no template`);
  const overview = await api<{ screens: ScreenRow[] }>(
    page,
    'GET',
    `/yun/module/middleware?id=${templateId}`,
  );
  const main = overview.screens.find((s) => s.kind === 'web' && s.is_main);
  if (!main) throw new Error('the demo template has no main web screen');
  return main.id;
}

test.describe('designer preview', () => {
  test('previews the demo screen with a demo device and shows its live value', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const screenId = await demoScreen(page);
    await page.goto(`/iotyun/designConfigure/id=${screenId}`);
    const toolbar = page.getByRole('toolbar');
    await expect(toolbar).toBeVisible();

    await toolbar.getByRole('button', { name: text('zh', 'designer.editor.toolbar.preview') }).click();
    const preview = page.locator('.iot-preview');
    await expect(preview).toBeVisible();
    await page.getByRole('combobox', { name: text('zh', 'designer.runtime.preview.device') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: DEMO_SN }).click();

    const value = preview.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`);
    await expect(value).toHaveText(/^-?\d+(\.\d+)?/, { timeout: 30_000 });

    await preview
      .getByRole('button', { name: exactly(text('zh', 'designer.runtime.preview.close')) })
      .click();
    await expect(preview).toBeHidden();
    await expect(
      toolbar.getByRole('button', { name: exactly(text('zh', 'designer.editor.toolbar.save')) }),
    ).toHaveAttribute('data-dirty', 'false');
  });

  test('a fan rotating at a bound speed: a spin animation follows its live data source', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const screenId = await demoScreen(page);
    await page.goto(`/iotyun/designConfigure/id=${screenId}`);
    const toolbar = page.getByRole('toolbar');
    await expect(toolbar).toBeVisible({ timeout: 30_000 });
    // A fan from the symbol library, turning at its pressure × 100 rpm: a new pressure every second, a new speed.
    const count = await page.locator('[data-canvas-viewport] [data-element-id]').count();
    await page.getByRole('tab', { name: text('zh', 'designer.editor.panels.symbols') }).click();
    await page.getByTestId('symbol-fan').click();
    await expect(page.locator('[data-canvas-viewport] [data-element-id]')).toHaveCount(count + 1);
    const fan = await page.evaluate(() => {
      // The newest element is the last in z order, the one the symbol click selected.
      const nodes = [...document.querySelectorAll<HTMLElement>('[data-canvas-viewport] [data-element-id]')];
      return nodes.at(-1)?.dataset.elementId ?? '';
    });
    const panel = page.getByRole('complementary', { name: text('zh', 'designer.editor.panels.properties') });
    await panel.getByTestId('animation-add').click();
    await page.getByRole('menuitem', { name: text('zh', 'designer.animation.kind.spin') }).click();
    const card = panel.getByTestId('animation-0');
    await card.getByRole('combobox', { name: text('zh', 'designer.animation.dataSource') }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '排气压力' })
      .click();
    const speed = card.getByLabel(text('zh', 'designer.animation.field.speed'), { exact: true });
    await speed.fill('100');
    await speed.press('Enter');
    await expect(speed).toHaveValue(/^100(\.0+)?$/);

    await toolbar.getByRole('button', { name: text('zh', 'designer.editor.toolbar.preview') }).click();
    const preview = page.locator('.iot-preview');
    await page.getByRole('combobox', { name: text('zh', 'designer.runtime.preview.device') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: DEMO_SN }).click();
    const turning = (id: string) =>
      preview.locator(`[data-element-id="${id}"] .iot-anim-spin`).evaluate((node) => {
        const style = getComputedStyle(node);
        return {
          state: style.animationPlayState,
          duration: style.animationDuration,
          transform: style.transform,
        };
      });
    // The fan draws as the symbol (its blades inside the turning layer).
    await expect(preview.locator(`[data-element-id="${fan}"] .iot-anim-spin svg`)).toBeVisible();
    await expect.poll(async () => (await turning(fan)).state, { timeout: 30_000 }).toBe('running');
    const first = await turning(fan);
    expect(first.duration).toMatch(/^\d+(\.\d+)?s$/);
    // Turning: its angle moves between two looks, and the next pressure sets another speed.
    await expect.poll(async () => (await turning(fan)).transform).not.toBe(first.transform);
    await expect
      .poll(async () => (await turning(fan)).duration, { timeout: 30_000 })
      .not.toBe(first.duration);
    // The demo's own aftercooler fan turns with the motor's current as seeded (iotyun/demo/screens.py).
    await expect
      .poll(async () => (await turning(DEMO_FAN_ELEMENT)).state, { timeout: 30_000 })
      .toBe('running');
    // Closed by its button: an Escape goes to the top-most layer first (one run in eight, a popup's still on top).
    await preview.getByRole('button', { name: text('zh', 'designer.runtime.preview.close') }).click();
    await expect(preview).toBeHidden();
  });

  test('previews on a phone, where the editor is not offered', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const screenId = await demoScreen(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/iotyun/designConfigure/id=${screenId}`);
    await expect(page.getByRole('toolbar')).toHaveCount(0);

    await page.getByRole('button', { name: text('zh', 'designer.editor.toolbar.preview') }).click();
    const preview = page.locator('.iot-preview');
    await expect(preview.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`)).toHaveText(/^-?\d+(\.\d+)?/, {
      timeout: 30_000,
    });
    // The screen is scaled to the phone's width: nothing runs off to the side.
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
  });
});
