// Device monitoring screens against the demo server: home figures, virtual devices, the device map and the
// equipment-monitoring overview; plus full-page screenshots of the four screens in zh and en
// (test-results/screenshots/monitor-<page>-<lang>.png), each checked for raw keys and horizontal overflow.
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import { exactly, RAW_KEY, SCREENSHOT_DIR, signIn, textsOf, expectNoSidewaysScroll } from './helpers';

/** The console's text for `key` in `lang`. */
const tx = textsOf(['common', 'menu', 'home', 'device-virtual']);

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}`;
}

/** Opens an antd select inside `scope` and picks its first `count` options (by keyboard-free clicks). */
async function pickOptions(page: Page, select: Locator, count: number): Promise<string[]> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const options = dropdown.locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const picked: string[] = [];
  // A single select shows its one choice as the field's text and closes; a multiple one adds a tag per choice.
  const multiple = (await select.getAttribute('class'))?.includes('ant-select-multiple') ?? false;
  const chosen = async (n: number) =>
    multiple
      ? (await select.locator('.ant-select-selection-item').count()) === n
      : (await select.innerText()).includes(picked[n - 1] ?? '\u0000');
  for (let i = 0; i < count; i += 1) {
    // The first option not chosen yet, and the choice counted before the next: the list may draw again after a
    // click, and the nth option of the earlier drawing can then be one already chosen (a click would unchoose it).
    // Under load the list's options can be drawn anew (its search answers) just as one is clicked, and the click is
    // lost: click the chosen option again until the field shows it (never another, never twice once it shows).
    const option = dropdown.locator('.ant-select-item-option:not(.ant-select-item-option-selected)').first();
    const label = (await option.getAttribute('title')) ?? (await option.innerText());
    picked.push(label);
    await expect(async () => {
      if (await chosen(i + 1)) return;
      await dropdown
        .locator('.ant-select-item-option:not(.ant-select-item-option-selected)', { hasText: label })
        .click();
      await expect.poll(() => chosen(i + 1), { timeout: 2_000 }).toBe(true);
    }).toPass();
  }
  if (multiple) await page.keyboard.press('Escape');
  return picked;
}

test.describe('device monitoring', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('home shows the device figures and a card opens its list', async ({ page }) => {
    await page.goto('/iotyun/index');
    const cards = page.locator('.home-stat');
    // Device total, online, offline, unregistered, virtual devices, templates and alarms today.
    await expect(cards).toHaveCount(7);
    await expect(page.locator('[data-stat=total] .home-stat__value')).toHaveText(/^\d+$/);
    const templates = page.locator('a[data-stat=templates]');
    await expect(templates).toHaveAttribute('href', /\/configureManage\/devTemplate$/);
    await expect(templates.locator('.home-stat__value')).toHaveText(/^[1-9]\d*$/);
    const online = page.locator('a[data-stat=online]');
    await expect(online).toHaveAttribute('href', /\/device\/devgroup\?dev_state=1$/);
    await expect(page.getByText(tx('zh', 'home.chart.stateTitle'))).toBeVisible();
    await expect(page.locator('.home-events__item').first()).toBeVisible();
    await online.click();
    await expect(page).toHaveURL(/\/iotyun\/device\/devgroup\?dev_state=1$/);
  });

  test('creates a virtual device bound to a demo device', async ({ page }) => {
    await page.goto('/iotyun/device/virtualDevice');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await page
      .getByRole('button', { name: exactly(tx('zh', 'device.virtual.action.create')) })
      .first()
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: tx('zh', 'device.virtual.createTitle') });
    await expect(dialog).toBeVisible();
    const name = unique('虚拟e2e');
    await dialog.getByLabel(tx('zh', 'device.virtual.field.name')).fill(name);
    const [device] = await pickOptions(
      page,
      dialog
        .locator('.ant-form-item')
        .filter({ hasText: tx('zh', 'device.virtual.field.device') })
        .locator('.ant-select'),
      1,
    );
    // A real template: the demo's own (the picker lists the caller's own and shared ones).
    await dialog
      .locator('.ant-form-item')
      .filter({ hasText: tx('zh', 'device.virtual.field.template') })
      .locator('.ant-select')
      .click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '空压机监控' })
      .click();
    await dialog.getByRole('button', { name: exactly(tx('zh', 'common.action.save')) }).click();
    await expect(dialog).toBeHidden();
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(tx('zh', 'device.virtual.binding.normal'));
    // The bound device shows by its alias (the option reads "alias (SN)").
    await expect(row).toContainText((device ?? '').replace(/\s*\(.*\)$/, ''));
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/device\/virtualDevice\/childDevice\/\d+$/);
    await expect(page.getByRole('link', { name: tx('zh', 'device.virtual.detail.open') })).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('空压机监控');
  });

  test('the demo truck has a track of the last 24 hours to play back', async ({ page }) => {
    await page.goto('/iotyun/device/devGPS');
    const track = page.locator('form').filter({ hasText: tx('zh', 'device.map.track.device') });
    await track.locator('.ant-select').first().click();
    await page.keyboard.type('IOT0000008');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'IOT0000008' })
      .click();
    await track.getByRole('button', { name: tx('zh', 'device.map.track.query') }).click();
    const playback = page.getByRole('group', { name: tx('zh', 'device.map.track.playback') });
    await expect(playback).toBeVisible();
    await expect(playback.locator('.map-playback__count')).toHaveText(/[1-9]\d{2}/);
  });

  test('the device map shows markers and the offline notice', async ({ page }) => {
    await page.goto('/iotyun/device/devGPS');
    await expect(page.getByText(tx('zh', 'device.map.offline.title'))).toBeVisible();
    await expect(page.locator('.leaflet-overlay-pane path').first()).toBeAttached();
    // Single pins, and clusters for devices that would stack, each showing how many devices it holds.
    await expect(page.locator(MARKERS).first()).toBeVisible();
    const pins = await page.locator('.map-pin').count();
    const clustered = (await page.locator('.marker-cluster').allInnerTexts()).reduce(
      (n, text) => n + Number(text),
      0,
    );
    expect(pins + clustered).toBeGreaterThan(1);
    // The side list pans to a device and opens its popup.
    await page.locator('.map-list__item').first().click();
    await expect(page.locator('.leaflet-popup')).toBeVisible();
    await expect(
      page.locator('.leaflet-popup').getByRole('link', { name: tx('zh', 'device.map.popup.detail') }),
    ).toBeVisible();
  });

  test('creates a thumbnail group with two devices', async ({ page }) => {
    await page.goto('/iotyun/device/devDashboard');
    await expect(page.locator('.thumb-group').first()).toBeVisible();
    await page.getByRole('button', { name: exactly(tx('zh', 'device.dashboard.create')) }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: tx('zh', 'device.dashboard.createTitle') });
    const name = unique('分组e2e');
    await dialog.getByLabel(tx('zh', 'device.dashboard.field.name')).fill(name);
    await pickOptions(page, dialog.locator('.ant-select'), 2);
    await dialog.getByRole('button', { name: exactly(tx('zh', 'common.action.save')) }).click();
    await expect(dialog).toBeHidden();
    const card = page.locator('.thumb-group').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.locator('.thumb-tile')).toHaveCount(2);
    await card.locator('.thumb-tile').first().click();
    await expect(page).toHaveURL(/\/iotyun\/deviceDetail\/\d+$/);
  });
});

// --- screenshots -----------------------------------------------------------------------------------------------

/** A device on the map: a single pin, or a cluster of devices that would stack. */
const MARKERS = '.map-pin, .marker-cluster';

const PAGES: { name: string; url: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    url: '/iotyun/index',
    ready: async (page) => {
      await expect(page.locator('[data-stat=total] .home-stat__value')).toBeVisible();
      await expect(page.locator('.home-card .svg-chart svg').first()).toBeVisible();
      // The map loads once it is on screen (below the charts at 1366×768).
      await page.locator('.home-map').scrollIntoViewIfNeeded();
      await expect(page.locator(MARKERS).first()).toBeVisible();
    },
  },
  {
    name: 'virtual-device',
    url: '/iotyun/device/virtualDevice',
    ready: async (page) => {
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
    },
  },
  {
    name: 'dev-gps',
    url: '/iotyun/device/devGPS',
    ready: async (page) => {
      await expect(page.locator(MARKERS).first()).toBeVisible();
      await expect(page.locator('.leaflet-overlay-pane path').first()).toBeAttached();
    },
  },
  {
    name: 'dev-dashboard',
    url: '/iotyun/device/devDashboard',
    ready: async (page) => {
      await expect(page.locator('.thumb-tile').first()).toBeVisible();
    },
  },
];

for (const lang of ['zh', 'en'] as const) {
  test(`monitoring screenshots (${lang})`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);
    await signIn(page, 'admin', undefined, lang);
    for (const shot of PAGES) {
      await page.goto(shot.url);
      await shot.ready(page);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
      const text = await page.locator('body').innerText();
      expect(text, `${shot.name}: untranslated key`).not.toMatch(RAW_KEY);
      await expectNoSidewaysScroll(page, shot.name);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `monitor-${shot.name}-${lang}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    }
  });
}
