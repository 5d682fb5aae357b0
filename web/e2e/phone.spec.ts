// The console on a phone (390×844): the menu in a drawer that closes once a page is picked, the home cards one a
// row at full width, and no page wider than the screen.
import { expect, test } from '@playwright/test';

import { exactly, signIn, t, textsOf, userMenu, expectNoSidewaysScroll } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const dt = textsOf(['device', 'common']);

test('phone: drawer menu, stacked home cards, no page wider than the screen', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/iotyun\/index$/);

  // No inline sidebar; the header is one row with the menu button, the bell and the user menu on screen.
  await expect(page.locator('aside.console__sider')).toHaveCount(0);
  const header = page.locator('.app-header');
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(56);
  for (const button of [
    page.getByRole('button', { name: t('zh', 'layout.header.openMenu') }),
    page.getByRole('button', { name: t('zh', 'layout.header.alarms') }),
    userMenu(page),
  ]) {
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'header button on screen').toBe(true);
  }

  // Home: every figure and card takes the row (no 30 px strips).
  await expect(page.locator('[data-stat=total] .home-stat__value')).toBeVisible();
  await expect(page.locator('.home-card .svg-chart svg').first()).toBeVisible();
  // The figures two to a line, the cards one to a line: none squeezed into a strip.
  const stats = page.locator('.home-stat');
  expect(await stats.count()).toBeGreaterThanOrEqual(7);
  for (const box of await stats.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) {
    expect(box, 'home figure width').toBeGreaterThanOrEqual(150);
  }
  const cards = page.locator('.home-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  for (const box of await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) {
    expect(box, 'home card width').toBeGreaterThanOrEqual(300);
  }
  await expectNoSidewaysScroll(page, 'home');

  // The drawer: open it, pick the device list; it closes on the way.
  await page.getByRole('button', { name: t('zh', 'layout.header.openMenu') }).click();
  const drawer = page.getByRole('dialog', { name: t('zh', 'layout.header.menu') });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('menuitem', { name: exactly(t('zh', 'menu.device')) }).click();
  await drawer.getByRole('menuitem', { name: exactly(t('zh', 'menu.devgroup')) }).click();
  await expect(page).toHaveURL(/\/iotyun\/device\/devgroup$/);
  await expect(drawer).toBeHidden();
  // On a phone the list is one card per device: the SN on top, then its state, and its actions at the foot, all
  // on the screen (the table's columns would have scrolled sideways, the state and actions out of view).
  const firstRow = page.locator('.data-card').first();
  await expect(firstRow).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, 'device list');
  // The card's SN link (earlier specs may have registered devices of their own, not named IOT…).
  const sn = firstRow.getByRole('link').first();
  await expect(sn).toBeInViewport();
  await expect(firstRow.getByText(dt('zh', 'device.field.state'), { exact: true })).toBeVisible();
  const actions = firstRow.locator('.data-card__actions');
  await actions.scrollIntoViewIfNeeded();
  await expect(actions).toBeInViewport();
  const box = await actions.boundingBox();
  expect(box && box.x + box.width, 'actions inside the screen').toBeLessThanOrEqual(390);

  // A device's detail, reached from the list.
  const snText = (await sn.innerText()).trim();
  await sn.click();
  await expect(page).toHaveURL(/\/iotyun\/deviceDetail\/\d+/);
  await expect(page.getByText(dt('zh', 'device.detail.basic')).first()).toBeVisible();
  await expect(page.getByText(snText).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, 'device detail');
});
