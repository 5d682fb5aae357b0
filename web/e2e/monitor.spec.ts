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

interface Watched {
  id: number;
  name: string;
  template_name: string;
}

/** Two demo tables: the compressor's and another template's, in the order the area is set to show them. */
async function twoTables(page: Page): Promise<[Watched, Watched]> {
  const tables = await api<Watched[]>(page, 'GET', '/yun/monitor/tables');
  const compressor = tables.find((x) => x.template_name === '空压机监控');
  const other = tables.find((x) => x.template_name !== '空压机监控');
  if (!compressor || !other) throw new Error('two demo tables');
  return [other, compressor];
}

test('sets the monitor area, opens a group of tables and a device with its trend', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  const [other, compressor] = await twoTables(page);
  const groupName = `e2e组${Date.now() % 100000}`;
  try {
    // The setting: the other table then the compressor's, the compressor's opened first.
    await page.goto('/iotyun/monitor/monitorSetting');
    await page.getByTestId(`choice-${compressor.id}`).getByRole('checkbox').check();
    await page.getByTestId(`choice-${other.id}`).getByRole('checkbox').check();
    await page
      .getByRole('button', {
        name: mt('zh', 'monitor.setting.upOf', { name: `${other.template_name} · ${other.name}` }),
      })
      .first()
      .click();
    await page.getByLabel(mt('zh', 'monitor.setting.defaultTable')).click();
    await page.getByTitle(`${compressor.template_name} · ${compressor.name}`).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText(mt('zh', 'monitor.setting.saved'))).toBeVisible();
    const saved = await api<{ table_ids: number[]; default_table_id: number }>(
      page,
      'GET',
      '/yun/monitor/setting',
    );
    expect(saved.table_ids).toEqual([other.id, compressor.id]);
    expect(saved.default_table_id).toBe(compressor.id);

    // A group of both tables.
    await page.getByRole('button', { name: mt('zh', 'monitor.groups.create') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(mt('zh', 'monitor.groups.name')).fill(groupName);
    await dialog.getByTestId(`choice-${compressor.id}`).getByRole('checkbox').check();
    await dialog.getByTestId(`choice-${other.id}`).getByRole('checkbox').check();
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByRole('link', { name: groupName })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-setting-zh-1440.png`, fullPage: true });

    // The area follows it: only the chosen tables, in that order, the compressor's open; the group in the list.
    await page.goto('/iotyun/monitor/monitoringDevice');
    const menu = page.locator('.iot-monitor-menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(3);
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items[0]).toContain(other.name);
    expect(items[2]).toContain(groupName);
    await expect(page.locator('.iot-monitor-main .ant-card-head-title')).toHaveText(
      `${compressor.template_name} · ${compressor.name}`,
    );
    const row = page.locator('.ant-table-row', { hasText: DEMO_SN });
    await expect(row.locator('.iot-monitor-cell').first()).toHaveText(NUMBER, { timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-following-zh-1440.png` });

    // The group: both tables one after another.
    await menu.getByRole('menuitem', { name: new RegExp(groupName) }).click();
    await expect(page).toHaveURL(/middlewaresGrouping\/id=\d+/);
    await expect(page.locator('.iot-monitor-stack > .ant-card')).toHaveCount(2);
    await expect(
      page.locator('.ant-table-row', { hasText: DEMO_SN }).locator('.iot-monitor-cell').first(),
    ).toHaveText(NUMBER, { timeout: 30_000 });
    const groupUrl = page.url();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-group-zh-1440.png` });

    // A device's row as a detail: a value and its trend.
    await page.goto(`/iotyun/monitor/monitoringDevice?table=${compressor.id}`);
    await page.locator('.ant-table-row', { hasText: DEMO_SN }).getByRole('link').first().click();
    await expect(page).toHaveURL(/middlewaresDevice\/id=\d+\/module=\d+/);
    const tile = page.locator('.iot-monitor-tile').first();
    await expect(tile.locator('.iot-monitor-tile-value')).toHaveText(NUMBER, { timeout: 30_000 });
    await expect(page.getByRole('img', { name: mt('zh', 'monitor.device.trendChart') })).toBeVisible({
      timeout: 30_000,
    });
    const deviceUrl = page.url();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-device-zh-1440.png`, fullPage: true });

    // English, then a phone, each page.
    await setLanguage(page, 'en');
    for (const [url, name] of [
      ['/iotyun/monitor/monitorSetting', 'setting'],
      [groupUrl, 'group'],
      [deviceUrl, 'device'],
    ] as const) {
      await page.goto(url);
      await expect(page.locator('.page-header').first()).toBeVisible();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-${name}-en-1440.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['en', 'zh'] as const) {
      await setLanguage(page, lang);
      for (const [url, name] of [
        ['/iotyun/monitor/monitorSetting', 'setting'],
        [groupUrl, 'group'],
        [deviceUrl, 'device'],
      ] as const) {
        await page.goto(url);
        await expect(page.locator('.page-header').first()).toBeVisible();
        await page.waitForTimeout(1500);
        await expectNoSidewaysScroll(page, `the monitor ${name} page`);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/monitor-${name}-${lang}-390.png`, fullPage: true });
      }
    }
  } finally {
    // Clean up: the shared demo server serves the other tests.
    await api(page, 'PUT', '/yun/monitor/setting', {});
    const groups = await api<{ id: number; name: string }[]>(page, 'GET', '/yun/monitor/groups');
    for (const g of groups.filter((x) => x.name === groupName))
      await api(page, 'DELETE', `/yun/monitor/group?id=${g.id}`);
  }
});
