// Time zones (issue 36 points 3 and 8): the demo administrator opens a device's history in the tenant's zone
// (Asia/Shanghai, the browser's too), switches their own zone to Europe/London in the user menu's dialog, and the
// history's hours move by the offset between the two: the range picker's hours and the chart's tooltip. The zone goes
// back to the tenant's at the end (the server is shared by the spec files of this worker).
import { expect, test, type Page } from '@playwright/test';

import { api, exactly, expectNoSidewaysScroll, signIn, t, textsOf, userMenu } from './helpers';

const tx = textsOf(['common', 'menu', 'telemetry']);
const DEMO_SN = 'IOT0000001';
const FROM = 'Asia/Shanghai';
const TO = 'Europe/London';
const DAY_MINUTES = 24 * 60;
// "2026-12-01 08:00" or "2026-12-01 08:00:00".
const TIME = /(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})/;

/** The offset of `zone` now, in minutes east of UTC, as the browser computes it. */
function offsetOf(zone: string): number {
  const now = new Date();
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(now.getTime() / 60_000) * 60_000) / 60_000);
}

/** Minutes of the day of a "YYYY-MM-DD HH:mm" text. */
function minutesOf(text: string): number {
  const match = TIME.exec(text);
  if (!match) throw new Error(`no time in ${JSON.stringify(text)}`);
  return Number(match[2]) * 60 + Number(match[3]);
}

/** How far `before` is ahead of `after` on the clock, in minutes (0 … 1439). */
function moved(before: string, after: string): number {
  return (((minutesOf(before) - minutesOf(after)) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** How far apart two times of day are either way round the clock, in minutes (0 … 720): the range's start follows
 * the clock, so a minute that turns during the test puts it one minute later (1439 minutes "ahead" by moved()). */
function apart(a: string, b: string): number {
  const ahead = moved(a, b);
  return Math.min(ahead, DAY_MINUTES - ahead);
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

async function openHistory(page: Page, id: number) {
  await page.goto(`/iotyun/deviceDetail/${id}?tab=history`);
  await expect(
    page.getByRole('tab', { name: tx('zh', 'telemetry.tab.history'), selected: true }),
  ).toBeVisible();
  await expect(page.locator('.history-chart canvas').first()).toBeVisible({ timeout: 20_000 });
}

/** The range picker's start: the history's first hour as the console writes it. */
async function rangeStart(page: Page): Promise<string> {
  const input = page.locator('.history-toolbar .ant-picker-input input').first();
  await expect(input).toHaveValue(TIME);
  return input.inputValue();
}

/** The chart's tooltip at the middle of the plot: the time of the point there. */
async function tooltipTime(page: Page): Promise<string> {
  const chart = page.locator('.history-chart canvas').first();
  const box = await chart.boundingBox();
  if (!box) throw new Error('the history chart has no box');
  const tip = page.locator('.history-chart div').filter({ hasText: TIME }).last();
  await expect(async () => {
    await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(tip).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return (await tip.textContent()) ?? '';
}

/** Chooses a zone in the user menu's dialog: `search` typed, the option showing `option` picked, saved. */
async function chooseZone(page: Page, search: string, option: string) {
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: t('zh', 'layout.timeZone.menu') });
    if (!(await item.isVisible())) await userMenu(page).click();
    await item.click({ timeout: 5_000 });
  }).toPass();
  const dialog = page.getByRole('dialog', { name: t('zh', 'layout.timeZone.title') });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox', { name: t('zh', 'layout.timeZone.label') });
  await box.click();
  await box.fill(search);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await dialog.getByRole('button', { name: exactly(t('zh', 'common.action.save')) }).click();
  await expect(dialog).toBeHidden();
}

test.describe('time zones', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
    // Each run starts in the tenant's zone.
    await api(page, 'PUT', '/yun/timezone/user', { time_zone: null });
  });

  test.afterEach(async ({ page }) => {
    await api(page, 'PUT', '/yun/timezone/user', { time_zone: null });
  });

  test("switching the user's zone moves the history's hours by the offset", async ({ page }) => {
    const zones = await api<{ tenant: string; effective: string }>(page, 'GET', '/yun/timezone');
    expect(zones).toMatchObject({ tenant: FROM, effective: FROM });
    const id = await demoDeviceId(page);
    await page.reload();
    await openHistory(page, id);
    const startBefore = await rangeStart(page);
    const tipBefore = await tooltipTime(page);

    await chooseZone(page, 'London', TO);
    const config = await api<{ time_zone: string; user_time_zone: string | null }>(
      page,
      'GET',
      '/yun/user/config',
    );
    expect(config).toMatchObject({ time_zone: TO, user_time_zone: TO });

    // The page is drawn again in the new zone: the same history, its hours moved by the offset.
    const offset = (((offsetOf(FROM) - offsetOf(TO)) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
    expect(offset).toBeGreaterThan(0);
    await expect
      .poll(async () => moved(startBefore, await rangeStart(page)), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(offset - 3);
    expect(moved(startBefore, await rangeStart(page))).toBeLessThanOrEqual(offset + 3);
    const tipAfter = await tooltipTime(page);
    expect(Math.abs(moved(tipBefore, tipAfter) - offset)).toBeLessThanOrEqual(5);

    // A reload keeps it: the zone is the user's on the server, not this tab's.
    await page.reload();
    await openHistory(page, id);
    expect(Math.abs(moved(startBefore, await rangeStart(page)) - offset)).toBeLessThanOrEqual(5);

    // Back to the tenant's: the hours are Shanghai's again.
    const follow = t('zh', 'layout.timeZone.follow', { zone: FROM });
    await chooseZone(page, follow.slice(0, 2), follow);
    await expect
      .poll(async () => apart(startBefore, await rangeStart(page)), { timeout: 15_000 })
      .toBeLessThanOrEqual(5);
  });

  test('the dialog fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(userMenu(page)).toBeVisible();
    await expect(async () => {
      const item = page.getByRole('menuitem', { name: t('zh', 'layout.timeZone.menu') });
      if (!(await item.isVisible())) await userMenu(page).click();
      await item.click({ timeout: 5_000 });
    }).toPass();
    const dialog = page.getByRole('dialog', { name: t('zh', 'layout.timeZone.title') });
    await expect(dialog.getByRole('combobox', { name: t('zh', 'layout.timeZone.label') })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the time zone dialog');
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
  });
});
