// Central monitoring against the demo server (its simulated gateways publish values every second): the demo devices
// show as cards with their state and live values, a card opens the device's screens over the grid, and "back"
// returns to the grid with its filters; on a phone the cards take one column.
import { expect, test } from '@playwright/test';

import { signIn, textsOf, expectNoSidewaysScroll } from './helpers';

const dash = textsOf(['dashboard']);
const DEMO_SN = 'IOT0000001';
/** The seeded compressor screen's value display bound to 排气压力 (iotyun/demo/templates.py). */
const PRESSURE_ELEMENT = 'e2';
const NUMBER = /^-?\d+(\.\d+)?/;

test.describe('central monitoring', () => {
  test('shows the demo devices live, opens one full screen and comes back to the filtered grid', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    await page.goto('/iotyun/monitoringCheck?online=true');
    const card = page.locator('.moncheck-card', { hasText: DEMO_SN });
    await expect(card).toContainText(dash('zh', 'dashboard.monitoringCheck.state.online'), {
      timeout: 30_000,
    });
    const value = card.locator('.moncheck-value').first();
    await expect(value).toHaveText(NUMBER, { timeout: 30_000 });
    // The demo gateway reports every second: the card follows without a reload.
    const before = await card.locator('.moncheck-card__values').textContent();
    await expect
      .poll(() => card.locator('.moncheck-card__values').textContent(), { timeout: 30_000 })
      .not.toBe(before);
    await expect(
      page.getByRole('checkbox', { name: dash('zh', 'dashboard.monitoringCheck.filter.online') }),
    ).toBeChecked();

    await card.click();
    await expect(page).toHaveURL(/online=true&open=\d+/);
    const overlay = page.getByRole('dialog');
    await expect(overlay.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`)).toHaveText(NUMBER, {
      timeout: 30_000,
    });
    await page.goBack();
    await expect(overlay).toHaveCount(0);
    await expect(page).toHaveURL(/\?online=true$/);
    await expect(card).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    const columns = await page
      .locator('.moncheck-grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    await expectNoSidewaysScroll(page);
  });
});
