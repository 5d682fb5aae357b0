// Reports against the demo server (issue 17 point 9): the administrator builds a grouped-bar report over the demo
// compressor's data sources in the designer, sees its live preview, opens it full size, exports it, and finds the
// finished file in the export centre, where it downloads as an xlsx workbook.
import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { exactly, signIn, textsOf } from './helpers';

const text = textsOf(['reports', 'exports', 'report-charts']);
const DEMO_DEVICE = '1号空压机';

test.describe('reports', () => {
  test('a grouped-bar report is built, previewed, exported and downloaded from the export centre', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const title = `e2e 柱状 ${String(Date.now()).slice(-6)}`;

    // Build: title, the grouped bar, history data (the default kind) over one device and two of its data sources.
    await page.goto('/iotyun/designNewChart');
    await page.getByLabel(text('zh', 'reports.design.title')).fill(title);
    const groupedBar = page.getByRole('radio', { name: text('zh', 'report.charts.type.groupedBar') });
    await page.locator('label').filter({ has: groupedBar }).click();
    await expect(groupedBar).toBeChecked();
    const devices = page.getByRole('combobox', { name: text('zh', 'reports.design.devices') });
    await devices.click();
    await devices.fill(DEMO_DEVICE); // the picker searches the server
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DEMO_DEVICE })
      .click();
    await page.keyboard.press('Escape');
    // The device list closes (with its animation) before the data sources' opens: options are read from one list.
    const openLists = page.locator('.ant-select-dropdown:visible');
    await expect(openLists).toHaveCount(0);
    const sources = page.getByRole('combobox', { name: text('zh', 'reports.design.dataSources') });
    await expect(sources).toBeEnabled();
    await sources.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.nth(0).click();
    await options.nth(1).click();
    await page.keyboard.press('Escape');
    await expect(openLists).toHaveCount(0);
    await page.getByRole('button', { name: exactly(text('zh', 'reports.action.save')) }).click();

    // Saved: the address names the report and the preview beside the form draws its bars.
    await expect(page).toHaveURL(/\/designChart\?id=\d+/, { timeout: 15_000 });
    const id = new URL(page.url()).searchParams.get('id');
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 15_000 });

    // Full size.
    await page.goto(`/iotyun/analysis/dashChart/previewChart?id=${String(id)}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 15_000 });

    // Export: the started message leads to the export centre.
    await page.getByRole('button', { name: exactly(text('zh', 'reports.action.export')) }).click();
    await page.getByRole('link', { name: text('zh', 'exports.openCenter') }).click();
    await expect(page).toHaveURL(/\/exportCenter/);

    // The job finishes in the background and its file downloads.
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(text('zh', 'exports.state.done'), { timeout: 30_000 });
    const download = page.waitForEvent('download');
    const downloadLabel = text('zh', 'exports.center.downloadOf', { title: '' }).trim();
    await row.getByRole('button', { name: new RegExp(`^${downloadLabel}`) }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    // A workbook (a zip) holding the report's chart as a native Excel chart: the zip's directory names its part.
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/charts/chart1.xml'))).toBe(true);
  });
});
