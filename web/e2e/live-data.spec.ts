// Live data against the demo server (its simulated gateways publish values): the device page's live values of
// IOT0000001, a control write within range (acknowledged by the gateway) and one out of range (refused in the
// dialog and by the server), the history chart, the real-time fault page; plus screenshots of those screens in
// zh and en (test-results/screenshots/live-<page>-<lang>.png), each checked for raw keys and horizontal overflow.
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import { api, apiCall, exactly, RAW_KEY, SCREENSHOT_DIR, signIn, textsOf, type Lang } from './helpers';

/** The console's text for `key` in `lang`. */
const tx = textsOf(['common', 'menu', 'telemetry']);
const DEMO_SN = 'IOT0000001';

interface LiveItem {
  id: number;
  name: string;
  data_type: string;
  rw: 'r' | 'rw';
  decimals: number | null;
  min_value: number | null;
  max_value: number | null;
  value: unknown;
}

interface LiveDevice {
  dev_state: number | null;
  can_write: boolean;
  password_required: boolean;
  template_id: number | null;
  items: LiveItem[];
}

async function demoDeviceId(page: Page): Promise<number> {
  const list = await api<{ items: { id: number; sn_code: string }[] }>(
    page,
    'GET',
    `/dev?q=${DEMO_SN}&page=1&page_size=20`,
  );
  const device = list.items.find((d) => d.sn_code === DEMO_SN);
  if (!device) throw new Error(`demo device ${DEMO_SN} not found`);
  return device.id;
}

/** Waits until the demo gateway is online and has reported values. */
async function liveDevice(page: Page, id: number): Promise<LiveDevice> {
  const seen: { last?: LiveDevice } = {};
  await expect
    .poll(
      async () => {
        const live = await api<LiveDevice>(page, 'GET', `/rDev?device_id=${id}`);
        seen.last = live;
        return live.dev_state === 1 && live.items.some((i) => i.value !== null);
      },
      { message: `${DEMO_SN} online with values`, timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  if (!seen.last) throw new Error('no live answer');
  return seen.last;
}

/** A numeric read-write data source with a range (what the write test needs). */
function writable(device: LiveDevice): LiveItem & { min_value: number; max_value: number } {
  const item = device.items.find(
    (i) =>
      i.rw === 'rw' &&
      i.data_type !== 'string' &&
      i.data_type !== 'bit' &&
      i.min_value !== null &&
      i.max_value !== null &&
      i.max_value > i.min_value,
  );
  if (!item) throw new Error(`${DEMO_SN} has no numeric read-write data source with a range`);
  return item as LiveItem & { min_value: number; max_value: number };
}

function rowOf(page: Page, name: string): Locator {
  return page.locator('.live-table .ant-table-row').filter({ hasText: name });
}

async function openLive(page: Page, id: number, lang: Lang = 'zh') {
  await page.goto(`/iotyun/deviceDetail/${id}?tab=live`);
  await expect(page.getByRole('tab', { name: tx(lang, 'telemetry.tab.live'), selected: true })).toBeVisible();
  await expect(page.locator('.live-table').first()).toBeVisible();
}

test.describe('live data', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('shows live values, writes within range and refuses a value out of range', async ({ page }) => {
    const id = await demoDeviceId(page);
    const device = await liveDevice(page, id);
    expect(device.template_id, 'the demo device has a published template').not.toBeNull();
    expect(device.can_write, 'the demo administrator may write').toBe(true);
    const item = writable(device);

    await openLive(page, id);
    // The WebSocket is live and the values are there.
    await expect(page.locator('.live-connection[data-status=open]')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.live-value__number').filter({ hasNotText: /^-$/ }).first()).toBeVisible();
    const row = rowOf(page, item.name);
    await expect(row).toBeVisible();

    // A value within range: the gateway acknowledges it.
    const decimals = Math.max(0, item.decimals ?? 0);
    const target = Number(((item.min_value + item.max_value) / 2).toFixed(decimals));
    await row.getByRole('button', { name: exactly(tx('zh', 'telemetry.live.write')) }).click();
    const dialog = page
      .getByRole('dialog')
      .filter({ hasText: tx('zh', 'telemetry.write.title', { name: item.name }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(tx('zh', 'telemetry.write.current'))).toBeVisible();
    if (device.password_required)
      throw new Error('the demo device asks for a control password; the test has none');
    const input = dialog.getByRole('spinbutton');
    await input.fill(String(target));
    await dialog.getByRole('button', { name: exactly(tx('zh', 'telemetry.write.submit')) }).click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: item.name })).toBeVisible({
      timeout: 15_000,
    });
    await expect(dialog).toBeHidden();

    // Out of range: the dialog says so and sends nothing; the server refuses it too (110516).
    const tooBig = item.max_value + Math.max(1, Math.abs(item.max_value));
    await row.getByRole('button', { name: exactly(tx('zh', 'telemetry.live.write')) }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('spinbutton').fill(String(tooBig));
    await dialog.getByRole('button', { name: exactly(tx('zh', 'telemetry.write.submit')) }).click();
    await expect(
      dialog.getByText(tx('zh', 'telemetry.write.error.range', { min: item.min_value, max: item.max_value })),
    ).toBeVisible();
    await dialog.getByRole('button', { name: exactly(tx('zh', 'common.action.cancel')) }).click();
    await expect(dialog).toBeHidden();
    const refused = await apiCall(page, 'POST', '/yun/rDev', {
      device_id: id,
      data_source_id: item.id,
      value: tooBig,
    });
    expect(refused.meta.message).toBe('110516');
  });

  test('draws the history chart', async ({ page }) => {
    const id = await demoDeviceId(page);
    await liveDevice(page, id);
    await openLive(page, id);
    await page.getByRole('tab', { name: tx('zh', 'telemetry.tab.history') }).click();
    // The first data source is chosen; the demo has been reporting since the server started.
    await expect(page.locator('.history-chart canvas').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: tx('zh', 'telemetry.history.chart') })).toBeVisible();
  });

  test('opens the real-time fault page', async ({ page }) => {
    await page.goto('/iotyun/info/realTimeFault');
    await expect(page.getByRole('heading', { name: tx('zh', 'menu.realTimeFault') })).toBeVisible();
    await expect(
      page.getByRole('tab', { name: tx('zh', 'telemetry.alarm.realtime'), selected: true }),
    ).toBeVisible();
    await expect(page.locator('.alarm-table')).toBeVisible();
    await expect(page.getByTestId('alarm-summary')).toBeVisible();
    await page.getByRole('tab', { name: tx('zh', 'telemetry.alarm.history') }).click();
    await expect(page.locator('.alarm-table')).toBeVisible();
  });
});

// --- screenshots -----------------------------------------------------------------------------------------------

interface Shot {
  name: string;
  open: (page: Page, id: number, lang: Lang) => Promise<void>;
}

const SHOTS: Shot[] = [
  {
    name: 'device-live',
    open: async (page, id, lang) => {
      await openLive(page, id, lang);
      await expect(page.locator('.live-connection[data-status=open]')).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    name: 'device-history',
    open: async (page, id, lang) => {
      await page.goto(`/iotyun/deviceDetail/${id}?tab=history`);
      await expect(
        page.getByRole('tab', { name: tx(lang, 'telemetry.tab.history'), selected: true }),
      ).toBeVisible();
      await expect(page.locator('.history-chart canvas').first()).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'device-alarms',
    open: async (page, id, lang) => {
      await page.goto(`/iotyun/deviceDetail/${id}?tab=alarms`);
      await expect(
        page.getByRole('tab', { name: tx(lang, 'telemetry.tab.alarms'), selected: true }),
      ).toBeVisible();
      await expect(page.locator('.alarm-table')).toBeVisible();
    },
  },
  {
    name: 'real-time-fault',
    open: async (page, _id, lang) => {
      await page.goto('/iotyun/info/realTimeFault');
      await expect(page.getByRole('heading', { name: tx(lang, 'menu.realTimeFault') })).toBeVisible();
      await expect(page.locator('.alarm-table')).toBeVisible();
    },
  },
];

for (const lang of ['zh', 'en'] as const) {
  test(`live data screenshots (${lang})`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);
    await signIn(page, 'admin', undefined, lang);
    const id = await demoDeviceId(page);
    await liveDevice(page, id);
    for (const shot of SHOTS) {
      await shot.open(page, id, lang);
      await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
      const text = await page.locator('body').innerText();
      expect(text, `${shot.name}: untranslated key`).not.toMatch(RAW_KEY);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${shot.name}: horizontal overflow`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `live-${shot.name}-${lang}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    }
  });
}
