// The monitor area against the demo server (its simulated gateways publish values every second): the demo's
// monitoring table "运行总览" of the compressor template shows the bound demo devices, and its values follow the
// gateways without a reload; on a phone the rows are cards and nothing is wider than the screen.
import { expect, test, type Page } from '@playwright/test';

import { SCREENSHOT_DIR, api, setLanguage, signIn, textsOf, expectNoSidewaysScroll } from './helpers';

const mt = textsOf(['monitor', 'menu', 'menu-console', 'configure']);
const DEMO_SN = 'IOT0000001';
const NUMBER = /\d/;

/** The address of the demo compressor template's monitoring table (iotyun/demo/templates.py). */
async function compressorTable(page: Page): Promise<string> {
  const tables = await api<{ id: number; template_name: string }[]>(page, 'GET', '/yun/monitor/tables');
  const table = tables.find((x) => x.template_name === '空压机监控');
  expect(table, 'the demo compressor table').toBeTruthy();
  return `/iotyun/monitor/monitoringDevice?table=${table?.id ?? 0}`;
}

test.describe('monitor area', () => {
  test('watches a demo monitoring table follow the gateways', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto(await compressorTable(page));
    await expect(page.getByRole('menuitem', { name: /运行总览/ }).first()).toBeVisible();
    const row = page.locator('.ant-table-row', { hasText: DEMO_SN });
    const first = row.locator('.iot-monitor-cell').first();
    await expect(first).toHaveText(NUMBER, { timeout: 30_000 });
    const before = await row.locator('.iot-monitor-cell').allTextContents();
    await expect
      .poll(() => row.locator('.iot-monitor-cell').allTextContents(), { timeout: 30_000 })
      .not.toEqual(before);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-zh-1440.png` });

    // Sort by a column and export what is shown.
    await page.locator('.ant-table-column-sorters').nth(1).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: mt('zh', 'monitor.table.export') }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    await setLanguage(page, 'en');
    await page.reload();
    await expect(page.getByRole('button', { name: mt('en', 'monitor.table.export') })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-en-1440.png` });
  });

  test('on a phone, one card per device', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await page.goto(await compressorTable(page));
    const card = page.locator('.iot-monitor-card', { hasText: DEMO_SN });
    await expect(card.locator('.iot-monitor-cell').first()).toHaveText(NUMBER, { timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'the monitor area');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-zh-390.png` });
  });
});

test('designs a monitoring table on a template and watches it', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  const templates = await api<{ items: { id: number; name: string }[] }>(
    page,
    'GET',
    '/yun/module?page_size=50',
  );
  const compressor = templates.items.find((x) => x.name === '空压机监控');
  expect(compressor, 'the demo compressor template').toBeTruthy();
  await page.goto(`/iotyun/templateMiddleware/id=${compressor?.id ?? 0}?tab=monitorTables`);
  const name = `e2e表${Date.now() % 100000}`;
  await page
    .getByRole('button', { name: mt('zh', 'configure.monitorTables.create') })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(mt('zh', 'configure.monitorTables.name')).fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  // The designer opens with every data source as a column.
  await expect(page).toHaveURL(/monitorTableDesign\/id=\d+/);
  await expect(page.getByText(mt('zh', 'monitor.design.title', { name }))).toBeVisible();
  await page.getByRole('checkbox', { name: /设定压力/ }).uncheck();
  await page
    .getByRole('textbox', { name: mt('zh', 'monitor.design.columnTitle') })
    .first()
    .fill('出口压力');
  await page.getByRole('button', { name: mt('zh', 'monitor.design.save') }).click();
  await expect(page.getByText(mt('zh', 'monitor.design.saved'))).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-design-zh-1440.png` });

  // Watched in the monitor area with its new title, the removed column gone.
  const tables = await api<{ id: number; name: string }[]>(page, 'GET', '/yun/monitor/tables');
  const made = tables.find((x) => x.name === name);
  await page.goto(`/iotyun/monitor/monitoringDevice?table=${made?.id ?? 0}`);
  await expect(page.getByText('出口压力 (MPa)').first()).toBeVisible();
  await expect(page.getByText('设定压力 (MPa)')).toHaveCount(0);
  const row = page.locator('.ant-table-row', { hasText: DEMO_SN });
  await expect(row.locator('.iot-monitor-cell').first()).toHaveText(NUMBER, { timeout: 30_000 });
  // Clean up: the shared demo server serves the other tests.
  await api(page, 'DELETE', `/yun/module/middleware/table?id=${made?.id ?? 0}`);
});
